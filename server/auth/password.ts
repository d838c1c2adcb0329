/**
 * Password hashing with node:crypto scrypt and a random salt per password, for members and
 * operators alike (each at its own cost). A password is NFKC-normalised before it is hashed and
 * before it is checked, so full-width ＡＢＣ１ and ABC1 are one password. Stored form:
 * `scrypt$N$r$p$<salt base64>$<hash base64>` (base64url, as earlier operator hashes were written,
 * reads the same), so the cost can be raised later without a migration; a stored form that cannot
 * be read verifies nothing.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** Members' cost; operators' is higher (server/admin/passwords.ts). */
export const MEMBER_COST: ScryptCost = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** scrypt needs 128 * N * r bytes: node's default cap (32 MiB) is exactly that of N = 2^15, so leave room. */
const MAX_MEM = 64 * 1024 * 1024;

/** The password as it is hashed and checked. */
export const normalisePassword = (password: string): string => password.normalize('NFKC');

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(normalisePassword(password), salt, length, { ...options, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export async function hashPassword(password: string, cost: ScryptCost = MEMBER_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await scrypt(password, salt, KEY_LENGTH, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  // Node's base64 decoder reads the base64url alphabet too.
  const expected = Buffer.from(hash, 'base64');
  if (expected.length === 0) return false;
  try {
    const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    });
    return timingSafeEqual(actual, expected);
  } catch {
    return false; // a cost scrypt refuses
  }
}

/** One hash nobody's password matches, per cost. */
const dummyHashes = new Map<string, Promise<string>>();

/** Spends the time of one verification: used when the account does not exist, so timing does not tell. */
export async function verifyNothing(password: string, cost: ScryptCost = MEMBER_COST): Promise<false> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) dummyHashes.set(key, (dummy = hashPassword(randomBytes(12).toString('hex'), cost)));
  await verifyPassword(password, await dummy);
  return false;
}

/**
 * The operators table: create (with a one-time password and a fresh TOTP secret), find for sign-in,
 * and mark a TOTP step used. A new username is NFKC-normalised (full-width ａｄｍｉｎ is admin), then
 * ASCII letters, digits, _ . and - only, and unique by confusable skeleton with case ignored
 * (server/names/name-skeleton.ts), so no look-alike of another operator's name is made. Names made
 * before these rules stay as they are.
 */
import { OPERATOR_ROLES, type OperatorInfo, type OperatorRole } from '../../contract/admin/session.ts';
import { normaliseName } from '../../contract/names.ts';
import { sqlState, UNIQUE_VIOLATION, type Queryable } from '../db/db.ts';
import { nameSkeleton } from '../names/name-skeleton.ts';
import { hashPassword, oneTimePassword } from './passwords.ts';
import { newTotpSecret, totpUri } from './totp.ts';

/** A new username, once NFKC-normalised. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{2,32}$/;

export interface OperatorRow extends OperatorInfo {
  mustChangePassword: boolean;
  passwordHash: string;
  totpSecret: string;
  totpLastStep: number | null;
}

export const OPERATOR_INFO_COLUMNS = `o.id, o.username, o.role, o.site_ids AS "siteIds"`;

export async function findOperatorForSignIn(q: Queryable, username: string): Promise<OperatorRow | undefined> {
  return q.one<OperatorRow>(
    `SELECT ${OPERATOR_INFO_COLUMNS}, o.must_change_password AS "mustChangePassword",
            o.password_hash AS "passwordHash", o.totp_secret AS "totpSecret",
            o.totp_last_step AS "totpLastStep"
       FROM operators o WHERE lower(o.username) = lower($1) AND o.disabled_at IS NULL`,
    [username],
  );
}

/** Records `step` as used; false when that step (or a later one) was used already. */
export async function useTotpStep(q: Queryable, operatorId: number, step: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE operators SET totp_last_step = $2
      WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
    [operatorId, step],
  );
  return rows.length === 1;
}

export interface NewOperator {
  username: string;
  role: OperatorRole;
  siteIds?: number[] | null;
  /**
   * The one-time password is to be replaced at the first sign-in (operators made by the CLI,
   * `npm start` and the console); false for operators whose password their maker chose (tests).
   */
  temporaryPassword?: boolean;
}

export interface CreatedOperator {
  operator: OperatorInfo;
  /** Shown once: only its scrypt hash is stored. */
  password: string;
  totpSecret: string;
  otpauthUrl: string;
}

export class OperatorInputError extends Error {
  override name = 'OperatorInputError';
  constructor(
    readonly field: string,
    message: string,
    /** The existing operator a new username is the same as, or too like. */
    readonly similarTo?: string,
  ) {
    super(message);
  }
}

const usernameTaken = (username: string, existing: string) =>
  new OperatorInputError(
    'username',
    `username: "${username}" exists already or is too similar to "${existing}"`,
    existing,
  );

/**
 * The username as it will be stored, or OperatorInputError: not ASCII once normalised, or a
 * look-alike of an existing operator's. Checked under a lock held to the end of the transaction.
 */
async function newUsername(q: Queryable, asked: string): Promise<string> {
  const username = normaliseName(asked);
  if (!USERNAME_PATTERN.test(username)) {
    throw new OperatorInputError('username', 'username: 2-32 ASCII letters, digits, _ . or - (after NFKC)');
  }
  await q.query(`SELECT pg_advisory_xact_lock(hashtextextended('operator-usernames', 0)) AS locked`);
  const skeleton = nameSkeleton(username);
  const existing = await q.query<{ username: string }>('SELECT username FROM operators ORDER BY id');
  const similar = existing.find((row) => nameSkeleton(row.username) === skeleton);
  if (similar) throw usernameTaken(username, similar.username);
  return username;
}

export async function createOperator(q: Queryable, input: NewOperator): Promise<CreatedOperator> {
  const username = await newUsername(q, input.username);
  if (!OPERATOR_ROLES.includes(input.role)) {
    throw new OperatorInputError('role', `role: one of ${OPERATOR_ROLES.join(', ')}`);
  }
  const siteIds = input.siteIds ?? null;
  if (siteIds !== null && (siteIds.length === 0 || !siteIds.every((id) => Number.isSafeInteger(id) && id > 0))) {
    throw new OperatorInputError('sites', 'sites: a comma-separated list of site ids');
  }
  const password = oneTimePassword();
  const totpSecret = newTotpSecret();
  try {
    const row = await q.one<OperatorInfo>(
      `INSERT INTO operators AS o (username, password_hash, totp_secret, role, site_ids, must_change_password)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${OPERATOR_INFO_COLUMNS}`,
      [username, await hashPassword(password), totpSecret, input.role, siteIds, input.temporaryPassword ?? false],
    );
    return { operator: row!, password, totpSecret, otpauthUrl: totpUri(username, totpSecret) };
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw usernameTaken(username, username);
    throw error;
  }
}

export async function operatorCount(q: Queryable): Promise<number> {
  const row = await q.one<{ n: number }>('SELECT count(*)::int AS n FROM operators');
  return row!.n;
}

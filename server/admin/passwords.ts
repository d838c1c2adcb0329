/**
 * Operators' passwords: hashed and checked by server/auth/password.ts (scrypt of the NFKC form) at
 * a higher cost than members'; the rule a new one must pass, judged on that same NFKC form (so
 * full-width １２３４５６７８９０ａ is the common 1234567890a it is stored as); and one-time passwords
 * for new operators, which pass the rule themselves.
 *
 * The rule: OPERATOR_PASSWORD_MIN to _MAX characters, letters and digits, not containing the
 * username, and not common: zxcvbn (@zxcvbn-ts/core with the dictionaries of
 * @zxcvbn-ts/language-common: about 30,000 leaked passwords, diceware words, keyboard walks,
 * sequences, repeats, dates and l33t) must score it 3 or more (about 10^8 guesses), and it may
 * not be pieced together only from common passwords (woaini1314520).
 */
import { randomBytes } from 'node:crypto';
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import { OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN } from '../../contract/admin/operators.ts';
import {
  hashPassword as hashWithCost,
  normalisePassword,
  verifyNothing as verifyNothingWithCost,
  verifyPassword,
  type ScryptCost,
} from '../auth/password.ts';

export { normalisePassword, verifyPassword };

const OPERATOR_COST: ScryptCost = { N: 1 << 15, r: 8, p: 1 };

export const hashPassword = (password: string): Promise<string> => hashWithCost(password, OPERATOR_COST);

/** Spends the time of one check at the operators' cost: for unknown usernames, so they take as long. */
export const verifyNothing = (password: string): Promise<false> => verifyNothingWithCost(password, OPERATOR_COST);

export type PasswordProblem = 'length' | 'mix' | 'username' | 'common';

/** zxcvbn's lowest score taken (3: about 10^8 guesses, "safely unguessable" behind a slow hash). */
const MIN_SCORE = 3;
let strength: ZxcvbnFactory | undefined;
/** Built at the first check: the dictionaries take a tenth of a second and some megabytes. */
const estimate = (password: string, userInputs: string[]): ZxcvbnResult =>
  (strength ??= new ZxcvbnFactory({
    dictionary: zxcvbnCommon.dictionary,
    graphs: zxcvbnCommon.adjacencyGraphs,
  })).check(password, userInputs);

/** What is wrong with `password` as a new password of `username`, or null. */
export function newPasswordProblem(password: string, username: string): PasswordProblem | null {
  // NFKC can only lengthen a text so much: a far longer one is too long either way.
  if (password.length > OPERATOR_PASSWORD_MAX * 4) return 'length';
  const value = normalisePassword(password);
  if (value.length < OPERATOR_PASSWORD_MIN || value.length > OPERATOR_PASSWORD_MAX) return 'length';
  if (!/\p{L}/u.test(value) || !/\p{N}/u.test(value)) return 'mix';
  const name = normalisePassword(username).toLowerCase();
  if (value.toLowerCase().includes(name)) return 'username';
  const result = estimate(value, [name]);
  const onlyCommonPieces = result.sequence.every(
    (match) => match.pattern === 'dictionary' && match.dictionaryName === 'passwords-common',
  );
  return result.score < MIN_SCORE || onlyCommonPieces ? 'common' : null;
}

/** 16 characters without look-alikes (0/O, 1/l/I), about 90 bits, with letters and digits (the rule). */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function oneTimePassword(length = 16): string {
  for (;;) {
    const password = randomText(length);
    if (/\p{L}/u.test(password) && /\p{N}/u.test(password)) return password;
  }
}

function randomText(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const byte of bytes) {
    if (byte >= 256 - (256 % PASSWORD_ALPHABET.length)) continue;
    out += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
    if (out.length === length) return out;
  }
  return out + randomText(length - out.length);
}

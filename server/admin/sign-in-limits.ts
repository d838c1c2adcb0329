/**
 * Guesses of an operator's password, counted in the shared request state (memory, or Redis across
 * processes) in fixed windows of 15 minutes, so that no one can lock an operator out:
 *
 * - Sign-in: tries of one username from one address (SIGN_IN_PER_PAIR) and tries from one address
 *   whatever the username (SIGN_IN_PER_ADDRESS); past either, 429 with the wait and no check at
 *   all. A sign-in that succeeds forgets its address's tries, so only failures add up. Failures of
 *   one username from every address (SIGN_IN_PER_USERNAME) slow it down: once past that cap each
 *   address gets one try at it in the window (a failed one is answered 429 with the wait). The
 *   right password and code from an address that has not failed always sign in.
 * - The current password of /session/password: tries per operator, whichever of its sessions, and
 *   per address (PASSWORD_CHECKS_PER_…); a right one forgets the operator's count.
 *
 * A username counts as it is looked up (NFKC, spaces trimmed, case ignored: ` ＶＩＣＴＩＭ1` is
 * victim1), an address as the per-address limits count it (an IPv6 client's /64). Tries are counted
 * before the check, so a burst of parallel guesses cannot pass a limit before it is counted.
 */
import { normaliseName } from '../../contract/names.ts';
import { addressKey } from '../net/address-key.ts';
import type { HitCount, SharedState } from '../request-state/memory-state.ts';
import { AdminHttpError } from './admin-errors.ts';
import { adminMessages } from './admin-messages.ts';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Tries of one username from one address. */
export const SIGN_IN_PER_PAIR = 5;
/** Tries from one address, whatever the username. */
export const SIGN_IN_PER_ADDRESS = 20;
/** Failures of one username from all addresses before each address gets only one try at it. */
export const SIGN_IN_PER_USERNAME = 10;
/** Tries of the current password on /session/password per operator, and per address. */
export const PASSWORD_CHECKS_PER_OPERATOR = 5;
export const PASSWORD_CHECKS_PER_ADDRESS = 20;

/** The username as the limits count it. */
export const usernameKey = (username: string): string => normaliseName(username).toLowerCase();

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
const tooMany = (ms: number, message: (seconds: number) => string, field?: string): AdminHttpError =>
  new AdminHttpError(429, message(seconds(ms)), field, seconds(ms));

/** A sign-in try let through to the check: tell it how the check went. */
export interface SignInTry {
  /** The password and code were right. */
  passed(): Promise<void>;
  /** They were not: the error to answer (401, or 429 once the username is past its cap). */
  failed(): Promise<AdminHttpError>;
}

/** Counts a sign-in try before its check; throws 429 when it may not be checked at all. */
export async function beginSignIn(state: SharedState, username: string, address: string): Promise<SignInTry> {
  const name = usernameKey(username);
  const from = addressKey(address);
  const pairKey = `admin-sign-in:pair:${from}:${name}`;
  const addrKey = `admin-sign-in:addr:${from}`;
  const nameKey = `admin-sign-in:user:${name}`;
  const [byAddress, byPair, byName] = await Promise.all([
    state.hit(addrKey, SIGN_IN_WINDOW_MS),
    state.hit(pairKey, SIGN_IN_WINDOW_MS),
    state.peek(nameKey),
  ]);
  if (byAddress.count > SIGN_IN_PER_ADDRESS) throw tooMany(byAddress.resetInMs, adminMessages.tooMany);
  if (byPair.count > SIGN_IN_PER_PAIR) throw tooMany(byPair.resetInMs, adminMessages.tooMany);
  // Past the username's cap, an address that tried it already waits until either window ends.
  const slowed = (failures: HitCount) => failures.count >= SIGN_IN_PER_USERNAME;
  const waitOf = (failures: HitCount) => Math.min(byPair.resetInMs, failures.resetInMs);
  if (slowed(byName) && byPair.count > 1) throw tooMany(waitOf(byName), adminMessages.tooMany);
  return {
    async passed() {
      await Promise.all([state.forget(pairKey), state.forget(addrKey)]);
    },
    async failed() {
      const failures = await state.hit(nameKey, SIGN_IN_WINDOW_MS);
      return failures.count > SIGN_IN_PER_USERNAME
        ? tooMany(waitOf(failures), adminMessages.tooMany)
        : new AdminHttpError(401, adminMessages.signInFailed);
    },
  };
}

/**
 * Counts a try of the signed-in operator's current password before its check (429 on `current`
 * past a limit); the answer forgets the operator's tries once the password was right.
 */
export async function beginPasswordCheck(
  state: SharedState,
  operatorId: number,
  address: string,
): Promise<{ passed(): Promise<void> }> {
  const operatorKey = `admin-password:op:${operatorId}`;
  const [byOperator, byAddress] = await Promise.all([
    state.hit(operatorKey, SIGN_IN_WINDOW_MS),
    state.hit(`admin-password:addr:${addressKey(address)}`, SIGN_IN_WINDOW_MS),
  ]);
  const over = [
    byOperator.count > PASSWORD_CHECKS_PER_OPERATOR ? byOperator.resetInMs : 0,
    byAddress.count > PASSWORD_CHECKS_PER_ADDRESS ? byAddress.resetInMs : 0,
  ];
  const waitMs = Math.max(...over);
  if (waitMs > 0) throw tooMany(waitMs, adminMessages.tooManyPasswordTries, 'current');
  return { passed: () => state.forget(operatorKey) };
}

/**
 * Sign-in attempts counted per username and per address in the shared request state (memory, or
 * Redis across processes): past the limit, 429 with the wait until the window ends.
 */
import type { SharedState } from '../request-state/memory-state.ts';
import { AdminHttpError } from './admin-errors.ts';
import { adminMessages } from './admin-messages.ts';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Attempts per username (any address) in a window. */
export const SIGN_IN_PER_USERNAME = 5;
/** Attempts per address (any username) in a window. */
export const SIGN_IN_PER_ADDRESS = 20;

export async function countSignIn(state: SharedState, username: string, address: string): Promise<void> {
  const [byName, byAddress] = await Promise.all([
    state.hit(`admin-sign-in:user:${username.toLowerCase()}`, SIGN_IN_WINDOW_MS),
    state.hit(`admin-sign-in:addr:${address}`, SIGN_IN_WINDOW_MS),
  ]);
  const over = [
    byName.count > SIGN_IN_PER_USERNAME ? byName.resetInMs : 0,
    byAddress.count > SIGN_IN_PER_ADDRESS ? byAddress.resetInMs : 0,
  ];
  const waitMs = Math.max(...over);
  if (waitMs > 0) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AdminHttpError(429, adminMessages.tooMany(seconds), undefined, seconds);
  }
}

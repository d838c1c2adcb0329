/**
 * Login state (docs/spec.md sections 4 and 6): the token cookie is the source of truth; this proxy only
 * mirrors its presence so the UI re-renders when it changes. Not persisted: the cookie is.
 */
import { proxy } from 'valtio/vanilla';
import { clearToken, hasToken, writeToken } from '../lib/cookie.ts';

export const authState = proxy({
  signedIn: hasToken(),
  /** A device sign-in is under way (src/features/account/session.ts). */
  signingIn: false,
});

export function setSigningIn(signingIn: boolean): void {
  authState.signingIn = signingIn;
}

export function saveToken(token: string): void {
  writeToken(token);
  authState.signedIn = true;
}

export function dropToken(): void {
  clearToken();
  authState.signedIn = false;
}

/** Re-reads the cookie (it may have expired while the app stayed open). */
export function syncAuthFromCookie(): boolean {
  const present = hasToken();
  if (authState.signedIn !== present) authState.signedIn = present;
  return present;
}

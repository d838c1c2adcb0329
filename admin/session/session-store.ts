/**
 * The signed-in operator: unknown until GET /admin-api/session answers, then a session or none.
 * A 401 from any call clears it, which shows the sign-in screen again.
 */
import { useSyncExternalStore } from 'react';
import type { AdminSession } from '../../contract/admin/session.ts';
import { adminCall, AdminApiError, setCsrfToken, setUnauthorizedHandler } from '../api/admin-client.ts';
import { setConsoleZone } from '../components/console-time.ts';

type State =
  | { status: 'checking' }
  /** `ended`: a session that was open ended (idle time, signed out elsewhere), so sign-in says why. */
  | { status: 'signedOut'; ended?: boolean }
  | { status: 'signedIn'; session: AdminSession };

let state: State = { status: 'checking' };
const listeners = new Set<() => void>();

function setState(next: State): void {
  state = next;
  // Before any page's code loads (pages load once signed in), so their labels name the site's zone.
  if (next.status === 'signedIn') setConsoleZone(next.session.timeZone);
  setCsrfToken(next.status === 'signedIn' ? next.session.csrfToken : null);
  for (const listener of listeners) listener();
}

setUnauthorizedHandler(() => setState({ status: 'signedOut', ended: state.status === 'signedIn' }));

export function useSession(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

export async function checkSession(): Promise<void> {
  try {
    setState({ status: 'signedIn', session: await adminCall<AdminSession>('GET', '/session', { quiet401: true }) });
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 401) setState({ status: 'signedOut' });
    else throw error;
  }
}

export async function signIn(username: string, password: string, totp: string): Promise<void> {
  const session = await adminCall<AdminSession>('POST', '/session', {
    body: { username, password, totp },
    quiet401: true,
  });
  setState({ status: 'signedIn', session });
}

/** The operator's own new password (POST /admin-api/session/password); the session goes on without the 403s. */
export async function changePassword(current: string, next: string): Promise<void> {
  const session = await adminCall<AdminSession>('POST', '/session/password', { body: { current, next } });
  setState({ status: 'signedIn', session });
}

export async function signOut(): Promise<void> {
  try {
    await adminCall('DELETE', '/session', { quiet401: true });
  } finally {
    setState({ status: 'signedOut' });
  }
}

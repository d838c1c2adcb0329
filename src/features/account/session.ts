/**
 * Session start and sign-in/out flows (docs/spec.md section 4, docs/api.md).
 *
 * ensureSession(pathname) runs when the app starts and whenever the page or the login state
 * changes (see app.tsx); it does nothing on /login and /register, and otherwise:
 *   - no stored deviceId → generate one, store it, /register/deviceId, store info and token;
 *   - a deviceId but no token → /login/deviceId (code 6, unknown device → register it);
 *   - a token → refresh the user with /current in the background, once per page load.
 * One run at a time (React StrictMode runs effects twice); while a device sign-in runs, other
 * calls wait for it. Code 7 clears the token in the client and lands here through "/".
 */
import { navigate } from 'wouter/use-browser-location';
import { ApiError } from '../../api/api-error.ts';
import { bindAccount, current, loginAccount, loginDevice, registerDevice, type Credentials } from './auth-calls.ts';
import { forgetUserAnswers, holdCallsUntil, setSessionExpiredHandler } from '../../api/client.ts';
import type { SignInData } from '../../../contract/calls/account.ts';
import { Code } from '../../../contract/protocol/codes.ts';
import { saveToken, setSigningIn, syncAuthFromCookie } from '../../stores/auth.ts';
import { createDeviceId, forgetDeviceId, storedDeviceId } from '../../stores/device.ts';
import { showToast } from '../../stores/toast.ts';
import { logout, setUserInfo, userState } from '../../stores/user.ts';
import { readToken } from '../../lib/cookie.ts';
import { LOGGED_OUT_KEY } from '../../lib/storage-keys.ts';
import { messages } from '../../messages.ts';
import { paths, skipsDeviceSignIn } from '../../lib/route-paths.ts';

let running: Promise<void> | null = null;
let userRefreshed = false;

function applySignIn({ info, token }: SignInData): void {
  forgetUserAnswers();
  saveToken(token);
  setUserInfo(info);
}

async function registerThisDevice(deviceId: string): Promise<void> {
  applySignIn(await registerDevice(deviceId));
}

async function signInByDevice(): Promise<void> {
  const deviceId = storedDeviceId();
  if (!deviceId) return registerThisDevice(createDeviceId());
  try {
    applySignIn(await loginDevice(deviceId, { toast: false }));
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.NotFound) return registerThisDevice(deviceId);
    if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
    throw error;
  }
}

function refreshUserInBackground(): void {
  userRefreshed = true;
  const token = readToken();
  current({ toast: false }).then(
    (info) => {
      if (readToken() === token) setUserInfo(info); // not after a logout or another sign-in meanwhile
    },
    () => {
      userRefreshed = false; // offline or failed: try again on the next navigation
    },
  );
}

async function run(): Promise<void> {
  if (syncAuthFromCookie()) {
    if (!userRefreshed) refreshUserInBackground();
    return;
  }
  setSigningIn(true);
  const signIn = signInByDevice().finally(() => setSigningIn(false));
  holdCallsUntil(signIn);
  await signIn;
}

/** Starts the session unless it is already running; settles when the user is signed in. */
export function startSession(): Promise<void> {
  running ??= run().finally(() => {
    running = null;
  });
  return running;
}

/**
 * The automatic start of docs/spec.md section 4, skipped only on /login and /register. A member page
 * entered without a token signs in too, and the guard (src/app/sign-in-guard.ts) shows the page once
 * it has; it sends the visitor to /login (section 6) only when the sign-in leaves no token.
 */
export function ensureSession(pathname: string): Promise<void> {
  return skipsDeviceSignIn(pathname) ? Promise.resolve() : startSession();
}

/**
 * Account sign-in: replaces the device session with the account's, and this device (a new id when
 * the site data was cleared) signs in as the account from now on, also after the token expires.
 */
export async function signInWithAccount(credentials: Credentials): Promise<void> {
  const deviceId = storedDeviceId() ?? createDeviceId();
  applySignIn(await loginAccount({ ...credentials, deviceId }, { toast: false }));
  userRefreshed = true;
}

/**
 * Registration binds an account and password to the current device user, so a device session is
 * established first when there is none (e.g. /register opened directly).
 */
export async function registerAccount(credentials: Credentials): Promise<void> {
  await startSession();
  setUserInfo(await bindAccount(credentials, { toast: false }));
}

/**
 * Logs out: the user info and token go, and no answer cached for the old token survives. A device
 * signed in to an account also forgets its id, or the next device sign-in would bring the account
 * straight back; it starts as a new guest. A guest keeps its id (its only way back in).
 */
export function signOut(): void {
  const hadAccount = !!userState.info?.account;
  logout();
  forgetUserAnswers();
  userRefreshed = false;
  if (hadAccount) forgetDeviceId();
}

/** The start after a logout's reload (forget-member.ts) says it is done. */
function announceLogout(): void {
  try {
    if (!sessionStorage.getItem(LOGGED_OUT_KEY)) return;
    sessionStorage.removeItem(LOGGED_OUT_KEY);
  } catch {
    return; // storage disabled
  }
  showToast(messages.mine.loggedOut, { kind: 'success' });
}
if (typeof sessionStorage !== 'undefined') announceLogout();

setSessionExpiredHandler(() => {
  userRefreshed = false;
  if (location.pathname !== paths.home()) navigate(paths.home());
});

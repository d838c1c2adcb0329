/**
 * Keeps the unread counts (stores/unread.ts) fresh for the signed-in member: fetched once the app
 * has started (app.tsx starts this after the session), again whenever the page becomes visible,
 * every POLL_MS while it stays visible (never in a hidden tab), when another member signs in on
 * this device, and when the service worker reports a push. The app icon's badge follows the total
 * while the app runs installed (app-badge.ts).
 */
import { subscribe } from 'valtio/vanilla';
import { subscribeKey } from 'valtio/vanilla/utils';
import { isNoticePushedMessage } from '../../../contract/sw-messages.ts';
import { authState } from '../../stores/auth.ts';
import { setUnreadCounts, unreadState } from '../../stores/unread.ts';
import { userState } from '../../stores/user.ts';
import { showAppBadge } from './app-badge.ts';
import { getUnreadCounts } from './notifications-calls.ts';

export const POLL_MS = 60_000;

let started = false;
let timer: ReturnType<typeof setInterval> | undefined;
let inFlight: { userId: number | null; done: Promise<void> } | null = null;
let userId: number | null = null;

const currentUserId = (): number | null => userState.info?.id ?? null;

/** Fetches the counts now (one request per member at a time); failures keep what is shown. */
export function refreshUnread(): Promise<void> {
  if (!authState.signedIn) {
    setUnreadCounts(null);
    return Promise.resolve();
  }
  const asked = currentUserId();
  if (inFlight?.userId === asked) return inFlight.done;
  const done = getUnreadCounts().then(
    (counts) => {
      // An answer for a member who signed out meanwhile is dropped.
      if (currentUserId() === asked && authState.signedIn) setUnreadCounts(counts);
    },
    () => undefined, // offline or failed: the next check tries again
  );
  const entry = { userId: asked, done };
  inFlight = entry;
  void done.finally(() => {
    if (inFlight === entry) inFlight = null;
  });
  return done;
}

function onVisibility(): void {
  clearInterval(timer);
  timer = undefined;
  if (document.visibilityState !== 'visible') return;
  void refreshUnread();
  timer = setInterval(() => void refreshUnread(), POLL_MS);
}

function onUser(): void {
  const id = currentUserId();
  if (id === userId) return;
  userId = id;
  setUnreadCounts(null); // another member's counts never show, not even for a moment
  void refreshUnread();
}

/** Starts the checks once; later calls do nothing. */
export function watchUnread(): void {
  if (started || typeof document === 'undefined') return;
  started = true;
  userId = currentUserId();
  document.addEventListener('visibilitychange', onVisibility);
  subscribeKey(userState, 'info', onUser);
  subscribeKey(authState, 'signedIn', () => void refreshUnread());
  subscribe(unreadState, () => showAppBadge(unreadState.counts?.total ?? 0));
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (isNoticePushedMessage(event.data)) void refreshUnread();
  });
  onVisibility();
}

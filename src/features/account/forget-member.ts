/**
 * Logging out on a shared device (docs/architecture.md "Logout"): nothing of the member who leaves
 * may stay on screen or in storage for the next person to read. Device settings stay.
 *
 * Goes (the member's): every persisted store but the device's own below (watch and read history,
 * the saved lists, reply drafts, the publish draft and its picked video, danmaku settings, the
 * offline downloads' records), the search history, the watch journal and its clear mark
 * (localStorage), the saved answers of reads (api/offline-answers.ts), the outbox (sent first,
 * as the member, when online), the Web Push subscription and its types, Cache Storage's downloaded episodes and media images (posters of
 * what was looked at), sessionStorage and the app badge. Then the app starts again from "/", so no
 * screen kept alive (app/keep-alive.tsx) and no answer held in memory survives; the device signs
 * in as a new guest (an account's device forgets its id, session.ts signOut).
 *
 * Stays (the device's): the device, site, app-init and CDN line stores, the dialogs' times of
 * the user store, the colour mode, the player's quality, volume and skip settings, and the service
 * worker's precache, icons and player code.
 */
import { delMany, keys } from 'idb-keyval';
import { DOWNLOAD_CACHE, MEDIA_IMAGES_CACHE } from '../../../contract/offline-media.ts';
import { flushOutbox } from '../../api/offline-queue.ts';
import { LOGGED_OUT_KEY, STORE_KEYS, WATCH_CLEARED_KEY, WATCH_JOURNAL_KEY } from '../../lib/storage-keys.ts';
import { paths } from '../../lib/route-paths.ts';
import { flushPersistedStores, persistOnly } from '../../stores/persist.ts';
import { userState } from '../../stores/user.ts';
import { signOut } from './session.ts';
import { loadChunk } from '../../lib/load-chunk.ts';

/** The persisted stores that are the device's, not the member's. */
export const DEVICE_STORES: readonly string[] = [
  STORE_KEYS.device,
  STORE_KEYS.site,
  STORE_KEYS.appInit,
  STORE_KEYS.cdn,
  STORE_KEYS.user, // without the member's info and search history; the dialogs' times stay
];
const MEMBER_CACHES = [DOWNLOAD_CACHE, MEDIA_IMAGES_CACHE];
const MEMBER_LOCAL_KEYS = [WATCH_JOURNAL_KEY, WATCH_CLEARED_KEY];

const quietly = (step: () => Promise<unknown>): Promise<unknown> => step().catch(() => undefined);

/** Removes the member's data from this device (the caller has signed out). */
export async function forgetMemberData(): Promise<void> {
  persistOnly(DEVICE_STORES);
  userState.searchHistory = [];
  await new Promise((resolve) => setTimeout(resolve, 0)); // the store's change is noted (valtio notifies late)
  flushPersistedStores();
  const steps: Promise<unknown>[] = [];
  if (typeof indexedDB !== 'undefined') {
    steps.push(
      quietly(async () => delMany((await keys()).filter((key) => !DEVICE_STORES.includes(String(key))))),
      quietly(async () => (await loadChunk(() => import('../../api/offline-answers.ts'))).clearSavedAnswers()),
      quietly(async () => (await loadChunk(() => import('../../api/offline-queue.ts'))).clearOutbox()),
    );
  }
  if (typeof caches !== 'undefined') for (const name of MEMBER_CACHES) steps.push(quietly(() => caches.delete(name)));
  const badge = (navigator as Navigator & { clearAppBadge?: () => Promise<void> }).clearAppBadge;
  if (badge) steps.push(quietly(() => badge.call(navigator)));
  await Promise.all(steps);
  try {
    for (const key of MEMBER_LOCAL_KEYS) localStorage.removeItem(key);
    sessionStorage.clear();
  } catch {
    // storage disabled: nothing kept there either
  }
}

/**
 * 退出登录: the member's likes and favourites still queued go out first (as the member, when online),
 * then the session and the member's data, and the app starts again from "/".
 */
export async function logOutAndForget(): Promise<void> {
  if (navigator.onLine) await flushOutbox().catch(() => 0);
  // The member's Web Push would go on reaching this device: the browser's subscription ends first
  // (so nothing more arrives even offline), then the server is told.
  if (navigator.serviceWorker?.controller)
    await quietly(async () =>
      (await loadChunk(() => import('../notifications/push-subscription.ts'))).savePushTypes([]),
    );
  signOut();
  await forgetMemberData();
  try {
    sessionStorage.setItem(LOGGED_OUT_KEY, '1');
  } catch {
    // storage disabled: no toast after the reload
  }
  location.replace(paths.home());
}

/**
 * The watch history between the device and the server (contract/calls/watch-history.ts). The
 * player's heartbeats write the server's side; this module reads it back (/movie/history/list) and
 * merges it into the device's (history-store.ts: per title the newest `at` wins), on app start
 * once signed in and when /mine/history opens. Clearing clears both; a clear the server could not
 * hear of (offline) is remembered (watch-journal.ts) and sent before the next sync, and entries
 * older than the clear never come back.
 * Silent: the device's history works without the server.
 */
import { call } from '../../api/client.ts';
import type { WatchHistoryItem } from '../../../contract/calls/watch-history.ts';
import { API } from '../../../contract/calls/paths.ts';
import { readToken } from '../../lib/cookie.ts';
import { adoptWatchEntries, type WatchEntry } from './history-store.ts';
import { clearedAt, clearUnsent, markCleared } from './watch-journal.ts';

/** A server item as a device entry. */
export const entryOf = (item: WatchHistoryItem): WatchEntry => ({
  movie: item.movie,
  episode: item.episode,
  position: item.positionS,
  duration: item.durationS,
  at: item.at,
});

async function sendClear(): Promise<void> {
  const at = clearedAt();
  await call(API.watchHistoryClear, {}, { cache: false, toast: false });
  markCleared(at, true);
}

let syncing: Promise<void> | null = null;

/** Fetches the server's history and merges it; one at a time, failures ignored. */
export function syncWatchHistory(): Promise<void> {
  if (!readToken()) return Promise.resolve();
  syncing ??= (async () => {
    try {
      if (clearUnsent()) await sendClear();
      const items = await call(API.watchHistory, {}, { cache: false, toast: false });
      adoptWatchEntries(items.map(entryOf)); // entries older than a clear on this device stay out
    } catch {
      // offline or refused: the device's history stands
    } finally {
      syncing = null;
    }
  })();
  return syncing;
}

/** After the device's watch history was cleared (history-store.ts clearWatchHistory): the server's too. */
export function clearServerHistory(): Promise<void> {
  return sendClear().catch(() => undefined); // offline: sent before the next sync
}

let syncedFor: string | null = null;

/** On app start and after a sign-in (another token): one sync per signed-in user. */
export function syncOnSignIn(): void {
  const token = readToken();
  if (!token || token === syncedFor) return;
  syncedFor = token;
  void syncWatchHistory();
}

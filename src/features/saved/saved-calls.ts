/**
 * The member's favourites and likes of movies and posts (contract/calls/member.ts), never cached.
 * Each page the server sends is adopted by the device's copy (saved-store.ts); when the network
 * fails, the page comes from that copy instead (`fromDevice`), so /mine/like reads offline.
 */
import { ApiError } from '../../api/api-error.ts';
import { call, type CallOptions } from '../../api/client.ts';
import { queuedCalls, type QueuedCall } from '../../api/offline-queue.ts';
import type { Page } from '../../../contract/calls/content.ts';
import type { SavedItem } from '../../../contract/calls/member.ts';
import { API } from '../../../contract/calls/paths.ts';
import { readToken } from '../../lib/cookie.ts';
import { userState } from '../../stores/user.ts';
import { adoptServerPage, storedPage, type SavedList, type SavedType } from './saved-store.ts';

export type { SavedList, SavedType };
type ToastOption = Pick<CallOptions, 'toast'>;

const PATHS = { favourites: API.favourites, likes: API.likes } as const;

export const getSavedPage = (
  list: SavedList,
  type: SavedType,
  page: number,
  pageSize: number,
  options?: ToastOption,
): Promise<Page<SavedItem>> =>
  call(PATHS[list], { type, page, pageSize }, { ...options, cache: false, offline: false });

/** A page of `owner`'s list from the server (kept on the device too), or from the device when offline. */
export async function savedPage(
  owner: number,
  list: SavedList,
  type: SavedType,
  page: number,
  pageSize: number,
  options?: ToastOption,
): Promise<Page<SavedItem> & { fromDevice?: true }> {
  const askedAt = Date.now();
  try {
    const answer = await getSavedPage(list, type, page, pageSize, options);
    void queuedCalls()
      .catch((): QueuedCall[] => [])
      .then((queued) => adoptServerPage(owner, list, type, answer, askedAt, queued));
    return answer;
  } catch (error) {
    if (!(error instanceof ApiError && error.isNetwork)) throw error;
    return { ...(await storedPage(owner, list, type, page, pageSize)), fromDevice: true };
  }
}

const SAVED_LISTS: readonly SavedList[] = ['favourites', 'likes'];
const SAVED_TYPES: readonly SavedType[] = ['movie', 'post'];
/** The newest items of each list asked for at start (the largest page the calls allow). */
const SYNC_PAGE_SIZE = 50;

let syncedFor: string | null = null;

/**
 * On app start and after a sign-in, once per signed-in member: the newest page of each list from
 * the server, adopted by the device's copy, so what was saved or removed on another device reads
 * offline here too without /mine/like having been opened online first. Silent: a failure leaves the
 * device's copy as it is, and the next start tries again.
 */
export function syncSavedOnSignIn(): void {
  const token = readToken();
  const owner = userState.info?.id;
  if (!token || owner === undefined || token === syncedFor) return;
  syncedFor = token;
  for (const list of SAVED_LISTS)
    for (const type of SAVED_TYPES)
      void savedPage(owner, list, type, 1, SYNC_PAGE_SIZE, { toast: false }).catch(() => undefined);
}

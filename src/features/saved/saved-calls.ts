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

/**
 * The member's favourites and likes kept on the device (IndexedDB, stores/persist.ts), so /mine/like
 * reads offline as /mine/history does (docs/architecture.md "Offline").
 *
 * - Every like and favourite of a movie or post changes the store at once (`recordSaved`), also one
 *   made offline and queued for sending (api/offline-queue.ts); a change the server then refuses is
 *   undone by the caller.
 * - Each page of a list the server sends online (`adoptServerPage`) is the truth for the span of
 *   time it covers: the store's entries of that list and type in that span are replaced by the
 *   page's. Local changes the server cannot have heard of yet (made after the page was asked for,
 *   or still waiting in the outbox) are applied on top; older ones are forgotten, the server knows.
 * - The lists belong to one member (`owner`): another member's id empties them (logout clears them
 *   anyway, features/account/forget-member.ts).
 *
 * Hydrated when first imported (not in the entry bundle); changes made before that are applied after.
 */
import { proxy } from 'valtio/vanilla';
import type { MovieCard, Page, PostCard } from '../../../contract/calls/content.ts';
import type { SavedItem } from '../../../contract/calls/member.ts';
import { API } from '../../../contract/calls/paths.ts';
import type { QueuedCall } from '../../api/offline-queue.ts';
import { STORE_KEYS } from '../../lib/storage-keys.ts';
import { persist } from '../../stores/persist.ts';
import { userState } from '../../stores/user.ts';
import { movieCardOf } from '../movies/movie-card-of.ts';
import { postCardOf } from '../posts/post-view.ts';

export type SavedList = 'favourites' | 'likes';
export type SavedType = SavedItem['type'];

/** A change made on this device that the server may not have yet. */
export interface SavedChange {
  list: SavedList;
  type: SavedType;
  id: number;
  /** The item saved (with its card), or null when it was removed. */
  item: SavedItem | null;
  at: number;
}

export interface SavedState {
  /** The member the lists belong to. */
  owner: number | null;
  /** Newest first (createdAt). */
  lists: Record<SavedList, SavedItem[]>;
  changes: SavedChange[];
}

/** At most this many of each list are kept (the newest). */
export const SAVED_LIMIT = 500;

const empty = (): SavedState => ({ owner: null, lists: { favourites: [], likes: [] }, changes: [] });

export const savedState = proxy<SavedState>(empty());
// Written at once: a like is often followed by leaving the page, which a pending write would not outlive.
export const savedReady: Promise<void> = persist(STORE_KEYS.saved, savedState, { delayMs: 0 });
let hydrated = typeof indexedDB === 'undefined';
void savedReady.then(() => {
  hydrated = true;
});
const afterHydration = (change: () => void): void => {
  if (hydrated) change();
  else void savedReady.then(change);
};

/** Starts the lists afresh when they belong to someone else. */
function ownedBy(owner: number): void {
  if (savedState.owner === owner) return;
  Object.assign(savedState, empty(), { owner });
}

const same = (a: { type: SavedType; id: number }, b: { type: SavedType; id: number }): boolean =>
  a.type === b.type && a.id === b.id;

/** `list` with `item` put in its place by createdAt (or `target` taken out); pure. */
export function withItem(
  list: readonly SavedItem[],
  target: { type: SavedType; id: number },
  item: SavedItem | null,
): SavedItem[] {
  const rest = list.filter((old) => !same(old, target));
  if (!item) return rest;
  const at = rest.findIndex((old) => old.createdAt <= item.createdAt);
  return (at < 0 ? [...rest, item] : [...rest.slice(0, at), item, ...rest.slice(at)]).slice(0, SAVED_LIMIT);
}

export type SavedTarget = { type: 'movie'; movie: MovieCard } | { type: 'post'; post: PostCard };

/**
 * Saves (`on`) or removes `target` in `list` for member `owner` now; answers the undo (for a change
 * the server refused), which puts back what was there before.
 */
export function recordSaved(
  owner: number,
  list: SavedList,
  target: SavedTarget,
  on: boolean,
  at = Date.now(),
): () => void {
  const id = target.type === 'movie' ? target.movie.id : target.post.id;
  const item: SavedItem | null = !on
    ? null
    : target.type === 'movie'
      ? { type: 'movie', id, createdAt: at, movie: movieCardOf(target.movie) }
      : { type: 'post', id, createdAt: at, post: postCardOf(target.post) };
  const key = { type: target.type, id };
  let before: SavedItem | null = null;
  afterHydration(() => {
    ownedBy(owner);
    before = savedState.lists[list].find((old) => same(old, key)) ?? null;
    savedState.lists[list] = withItem(savedState.lists[list], key, item);
    savedState.changes = [
      ...savedState.changes.filter((c) => !(c.list === list && same(c, key))),
      { list, ...key, item, at },
    ];
  });
  return () =>
    afterHydration(() => {
      if (savedState.owner !== owner) return;
      savedState.lists[list] = withItem(savedState.lists[list], key, before);
      savedState.changes = savedState.changes.filter((c) => !(c.list === list && same(c, key) && c.at === at));
    });
}

/** recordSaved for the signed-in member (nothing without one); answers the undo. */
export function recordForViewer(list: SavedList, target: SavedTarget, on: boolean): () => void {
  const owner = userState.info?.id;
  return owner === undefined ? () => undefined : recordSaved(owner, list, target, on);
}

/** Runs `send` (the like or favourite call) with the change kept on the device at once, undone when the call fails. */
export async function keptOnDevice<T>(
  list: SavedList,
  target: SavedTarget,
  on: boolean,
  send: () => Promise<T>,
): Promise<T> {
  const undo = recordForViewer(list, target, on);
  try {
    return await send();
  } catch (error) {
    undo();
    throw error;
  }
}

/** The queued call that carries `change` to the server, if one waits in the outbox. */
const QUEUED_PATHS: Record<SavedList, Record<SavedType, string>> = {
  likes: { movie: API.movieLike, post: API.topicLike },
  favourites: { movie: API.movieFavourite, post: API.topicFavourite },
};
const targetOf = (payload: object): unknown =>
  (payload as { id?: unknown; movieId?: unknown }).id ?? (payload as { movieId?: unknown }).movieId;
export const isQueued = (change: SavedChange, queued: readonly QueuedCall[]): boolean =>
  queued.some((call) => call.path === QUEUED_PATHS[change.list][change.type] && targetOf(call.payload) === change.id);

/**
 * `list` (one list, all types) with the server's page `page` of `type` adopted; pure. The page is
 * the truth from its newest to its oldest entry (from the top on page 1, to the bottom on the last);
 * `pending` changes are applied over it.
 */
export function mergePage(
  list: readonly SavedItem[],
  type: SavedType,
  page: Pick<Page<SavedItem>, 'list' | 'total' | 'page' | 'pageSize'>,
  pending: readonly SavedChange[],
): SavedItem[] {
  const times = page.list.map((item) => item.createdAt);
  const last = page.list.length < page.pageSize || page.page * page.pageSize >= page.total;
  const newest = page.page === 1 ? Infinity : Math.max(...times);
  const oldest = last ? -Infinity : Math.min(...times);
  const outside = list.filter((item) => item.type !== type || item.createdAt > newest || item.createdAt < oldest);
  let merged = [...outside];
  for (const item of page.list) merged = withItem(merged, item, item);
  for (const change of pending) if (change.type === type) merged = withItem(merged, change, change.item);
  return merged;
}

/**
 * Adopts a page of `list` the server sent for `owner`, asked for at `askedAt`; `queued` is the
 * outbox at the time.
 */
export function adoptServerPage(
  owner: number,
  list: SavedList,
  type: SavedType,
  page: Page<SavedItem>,
  askedAt: number,
  queued: readonly QueuedCall[],
): void {
  afterHydration(() => {
    ownedBy(owner);
    const pending = savedState.changes.filter((c) => c.at >= askedAt || isQueued(c, queued));
    savedState.lists[list] = mergePage(
      savedState.lists[list],
      type,
      page,
      pending.filter((c) => c.list === list),
    );
    if (pending.length < savedState.changes.length) savedState.changes = pending;
  });
}

/** Page `page` of what the device keeps of `list` and `type` for `owner` (offline reading). */
export async function storedPage(
  owner: number,
  list: SavedList,
  type: SavedType,
  page: number,
  pageSize: number,
): Promise<Page<SavedItem>> {
  await savedReady;
  const all = savedState.owner === owner ? savedState.lists[list].filter((item) => item.type === type) : [];
  return { list: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
}

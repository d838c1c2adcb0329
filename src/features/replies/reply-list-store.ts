/**
 * The state of reply lists, paged by cursor (contract/calls/community.ts), kept per target, sort
 * and starting floor at module level (like components/hooks/use-infinite-list.ts, which pages by
 * number): a kept-alive page, or one opened again, finds what it had loaded.
 *
 * `refresh` is "the next fetch": the first pages are fetched again (up to 50 replies) and replace
 * what is shown, so another member's new reply, a like count or a deletion appears without the
 * list being reset; when the whole list was loaded and it grew beyond that, paging resumes after
 * the last floor shown (/reply/floor). `patch` changes one reply in every list of its target (a
 * like, a deletion), `sent` holds the viewer's replies sent from this page until a page has them.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Reply } from '../../../contract/calls/content.ts';
import type { ReplySort } from '../../../contract/enums.ts';
import { ApiError } from '../../api/api-error.ts';
import { Code } from '../../../contract/protocol/codes.ts';
import { getFloorCursor, getReplyPage, targetKey, type ReplyTargetRef } from './reply-calls.ts';

export const REPLY_PAGE_SIZE = 20;
const REFRESH_MAX = 50;

export interface ReplyListData {
  items: Reply[];
  total: number;
  nextCursor: string | null;
  loading: boolean;
  error: Error | null;
  /** A first page has arrived. */
  started: boolean;
  done: boolean;
}

interface Entry {
  target: ReplyTargetRef;
  sort: ReplySort;
  /** The list starts at this floor (a jump from ?floor=N); null from the beginning. */
  from: number | null;
  data: ReplyListData;
  generation: number;
  listeners: Set<() => void>;
}

const empty = (): ReplyListData => ({
  items: [],
  total: 0,
  nextCursor: null,
  loading: false,
  error: null,
  started: false,
  done: false,
});

const EMPTY = empty();
const lists = new Map<string, Entry>();
const listKey = (target: ReplyTargetRef, sort: ReplySort, from: number | null) =>
  `${targetKey(target)}|${sort}|${from ?? ''}`;

function entryOf(target: ReplyTargetRef, sort: ReplySort, from: number | null): Entry {
  const key = listKey(target, sort, from);
  let entry = lists.get(key);
  if (!entry) {
    entry = { target, sort, from, data: empty(), generation: 0, listeners: new Set() };
    lists.set(key, entry);
  }
  return entry;
}

function update(entry: Entry, change: Partial<ReplyListData>): void {
  entry.data = { ...entry.data, ...change };
  for (const listener of entry.listeners) listener();
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Appends without repeating a reply already shown (one that moved while paging). */
function appendNew(items: Reply[], more: Reply[]): Reply[] {
  const seen = new Set(items.map((reply) => reply.id));
  return [...items, ...more.filter((reply) => !seen.has(reply.id))];
}

/** Where the list starts: its floor's cursor; from the beginning when that floor does not exist (code 6). */
async function firstCursor(entry: Entry): Promise<string | null> {
  if (entry.from === null) return null;
  try {
    return (await getFloorCursor(entry.target, entry.from)).cursor;
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.NotFound) return null;
    throw error;
  }
}

function loadMore(entry: Entry): void {
  const { data } = entry;
  if (data.loading || data.done) return;
  const generation = entry.generation;
  update(entry, { loading: true, error: null });
  const cursor = data.started ? Promise.resolve(data.nextCursor) : firstCursor(entry);
  cursor
    .then((from) => getReplyPage(entry.target, entry.sort, from, REPLY_PAGE_SIZE))
    .then(
      (page) => {
        if (entry.generation !== generation) return;
        update(entry, {
          items: appendNew(entry.data.items, page.list),
          total: page.total,
          nextCursor: page.nextCursor,
          loading: false,
          started: true,
          done: page.nextCursor === null,
        });
      },
      (error: unknown) => {
        if (entry.generation === generation) update(entry, { loading: false, error: asError(error) });
      },
    );
}

async function refresh(entry: Entry): Promise<void> {
  const { data } = entry;
  if (!data.started || data.loading) return;
  const generation = entry.generation;
  const size = Math.min(REFRESH_MAX, Math.max(REPLY_PAGE_SIZE, data.items.length));
  const page = await getReplyPage(entry.target, entry.sort, await firstCursor(entry), size);
  if (entry.generation !== generation || entry.data.loading) return;
  const now = entry.data;
  if (now.items.length <= size) {
    update(entry, { items: page.list, total: page.total, nextCursor: page.nextCursor, done: page.nextCursor === null });
    return;
  }
  // A long list: the first replies are replaced, the rest kept; a finished list may go on.
  const fresh = new Set(page.list.map((reply) => reply.id));
  const rest = now.items.slice(size).filter((reply) => !fresh.has(reply.id));
  const items = [...page.list, ...rest];
  update(entry, { items, total: page.total });
  const last = items.at(-1);
  if (now.done && entry.sort === 'oldest' && page.total > now.total && last) {
    const { cursor } = await getFloorCursor(entry.target, last.floor + 1).catch(() => ({ cursor: null }));
    if (cursor && entry.generation === generation) update(entry, { nextCursor: cursor, done: false });
  }
}

/** Changes one reply wherever a list of its target shows it. */
export function patchReply(target: ReplyTargetRef, id: number, change: Partial<Reply>): void {
  const prefix = `${targetKey(target)}|`;
  for (const [key, entry] of lists) {
    if (!key.startsWith(prefix) || !entry.data.items.some((reply) => reply.id === id)) continue;
    update(entry, { items: entry.data.items.map((reply) => (reply.id === id ? { ...reply, ...change } : reply)) });
  }
  sentStore.patch(targetKey(target), id, change);
}

/** Refreshes every list of a target that has started (after a send, when the page shows again). */
export function refreshTarget(target: ReplyTargetRef): void {
  const prefix = `${targetKey(target)}|`;
  for (const [key, entry] of lists) {
    if (key.startsWith(prefix) && entry.listeners.size > 0) void refresh(entry).catch(() => undefined);
  }
}

export interface ReplyList extends ReplyListData {
  loadMore: () => void;
  reload: () => void;
  refresh: () => Promise<void>;
}

export function useReplyList(target: ReplyTargetRef, sort: ReplySort, from: number | null): ReplyList {
  const { type, id } = target;
  const key = listKey(target, sort, from);
  const subscribe = useCallback(
    (listener: () => void) => {
      const entry = entryOf({ type, id }, sort, from);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [type, id, sort, from],
  );
  const read = () => lists.get(key)?.data ?? EMPTY;
  const data = useSyncExternalStore(subscribe, read, read);
  const get = useCallback(() => entryOf({ type, id }, sort, from), [type, id, sort, from]);

  useEffect(() => {
    const entry = get();
    if (!entry.data.started && !entry.data.loading && !entry.data.error) loadMore(entry);
  }, [get]);

  return {
    ...data,
    loadMore: useCallback(() => loadMore(get()), [get]),
    reload: useCallback(() => {
      const entry = get();
      entry.generation += 1;
      entry.data = empty();
      loadMore(entry);
    }, [get]),
    refresh: useCallback(() => refresh(get()), [get]),
  };
}

/** The viewer's replies sent from this page, shown at the top until a loaded page holds them. */
const sentStore = (() => {
  const byTarget = new Map<string, Reply[]>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    read: (key: string): Reply[] => byTarget.get(key) ?? NONE,
    add(key: string, reply: Reply) {
      byTarget.set(key, [reply, ...(byTarget.get(key) ?? [])]);
      emit();
    },
    patch(key: string, id: number, change: Partial<Reply>) {
      const list = byTarget.get(key);
      if (!list?.some((reply) => reply.id === id)) return;
      byTarget.set(
        key,
        list.map((reply) => (reply.id === id ? { ...reply, ...change } : reply)),
      );
      emit();
    },
  };
})();
const NONE: Reply[] = [];

export const addSentReply = (target: ReplyTargetRef, reply: Reply): void => sentStore.add(targetKey(target), reply);

export function useSentReplies(target: ReplyTargetRef): Reply[] {
  const key = targetKey(target);
  const read = () => sentStore.read(key);
  return useSyncExternalStore(sentStore.subscribe, read, read);
}

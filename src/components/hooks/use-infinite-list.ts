/**
 * Paged lists that grow as the user scrolls (docs/api.md: {page, pageSize, cursor} → Page<T>). A
 * public list answers the `cursor` of its next page, and the next page is asked after it (the same
 * cost at any depth); a list without cursors is asked by page number.
 * The state of every list lives in a module-level store keyed by `cacheKey`, not in the component:
 * a kept-alive page keeps it anyway, and a page opened again (after the keep-alive dropped it, or
 * from another screen with the same key) finds the items it had loaded, so the window scroll can be
 * restored. Distinct filters need distinct keys. At most LIST_CACHE_MAX lists are remembered.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Page } from '../../../contract/calls/content.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const LIST_CACHE_MAX = 40;

export interface ListData<T> {
  items: T[];
  total: number;
  /** The last page loaded; 0 before the first. */
  page: number;
  /** Where the next page starts (the last answer's cursor); null: ask by page number. */
  cursor: string | null;
  loading: boolean;
  error: Error | null;
  done: boolean;
}

export const emptyList = <T>(): ListData<T> => ({
  items: [],
  total: 0,
  page: 0,
  cursor: null,
  loading: false,
  error: null,
  done: false,
});

const idOf = (item: unknown): unknown => (item as { id?: unknown } | null)?.id;

/**
 * The list after `next` arrived; pure. Page 1 replaces the items, later pages append those not
 * already there (by key: an item that moved up a page while scrolling is not shown twice). A list
 * paged by cursor is done when an answer has no cursor; one paged by number when the total is
 * reached or a page came back short.
 */
export function mergePage<T>(data: ListData<T>, next: Page<T>, keyOf: (item: T) => unknown = idOf): ListData<T> {
  const base = next.page <= 1 ? [] : data.items;
  const seen = new Set(base.map(keyOf));
  const added = next.list.filter((item) => {
    const key = keyOf(item);
    if (key === undefined) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const items = [...base, ...added];
  const byCursor = next.cursor !== undefined || (next.page > 1 && data.cursor !== null);
  const done =
    next.list.length === 0 ||
    (byCursor ? next.cursor === undefined : items.length >= next.total || next.list.length < next.pageSize);
  return { items, total: next.total, page: next.page, cursor: next.cursor ?? null, loading: false, error: null, done };
}

interface Entry {
  data: ListData<unknown>;
  listeners: Set<() => void>;
  /** Bumped by reload: answers of an older generation are dropped. */
  generation: number;
}

const lists = new Map<string, Entry>();

function entryOf(key: string): Entry {
  let entry = lists.get(key);
  if (entry) {
    lists.delete(key); // re-insert: the Map's order is the recency order
  } else {
    entry = { data: emptyList(), listeners: new Set(), generation: 0 };
  }
  lists.set(key, entry);
  for (const [oldKey, old] of lists) {
    if (lists.size <= LIST_CACHE_MAX) break;
    if (old.listeners.size === 0) lists.delete(oldKey);
  }
  return entry;
}

function update(entry: Entry, data: ListData<unknown>): void {
  entry.data = data;
  for (const listener of entry.listeners) listener();
}

/** Page `page` of the list; `cursor` (the answer before's) when the list pages by cursor. */
export type FetchPage<T> = (page: number, pageSize: number, cursor?: string) => Promise<Page<T>>;

function fetchInto<T>(key: string, fetchPage: FetchPage<T>, page: number, pageSize: number, cursor?: string): void {
  const entry = entryOf(key);
  const generation = entry.generation;
  update(entry, { ...entry.data, loading: true, error: null });
  fetchPage(page, pageSize, cursor).then(
    (answer) => {
      if (entry.generation === generation) update(entry, mergePage(entry.data as ListData<T>, answer));
    },
    (error: unknown) => {
      if (entry.generation === generation)
        update(entry, {
          ...entry.data,
          loading: false,
          error: error instanceof Error ? error : new Error(String(error)),
        });
    },
  );
}

/**
 * The list's first page, loaded into its store as the list itself would (a list shown afterwards
 * finds it there, no second call), answering its total once it is in: 0 when it failed.
 */
export function loadFirstPage<T>(key: string, fetchPage: FetchPage<T>, pageSize = DEFAULT_PAGE_SIZE): Promise<number> {
  const entry = entryOf(key);
  const { data } = entry;
  if (data.page === 0 && !data.loading && !data.error) fetchInto(key, fetchPage, 1, pageSize);
  return new Promise((resolve) => {
    const check = () => {
      const current = entry.data;
      if (current.loading || (current.page === 0 && !current.error)) return false;
      entry.listeners.delete(check);
      resolve(current.error ? 0 : Math.max(current.total, current.items.length));
      return true;
    };
    if (!check()) entry.listeners.add(check);
  });
}

/** For tests and sign-out: forget every list. */
export function clearInfiniteLists(): void {
  lists.clear();
}

export interface InfiniteList<T> extends ListData<T> {
  loadMore: () => void;
  reload: () => void;
}

export function useInfiniteList<T>(
  cacheKey: string,
  fetchPage: FetchPage<T>,
  { pageSize = DEFAULT_PAGE_SIZE }: { pageSize?: number } = {},
): InfiniteList<T> {
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const subscribe = useCallback(
    (listener: () => void) => {
      const entry = entryOf(cacheKey);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [cacheKey],
  );
  const read = () => (lists.get(cacheKey)?.data ?? EMPTY) as ListData<T>;
  // The server's first paint (server/first-paint/) renders the list as it stands: empty, loading.
  const data = useSyncExternalStore(subscribe, read, read);

  const loadMore = useCallback(() => {
    const current = entryOf(cacheKey).data;
    if (current.loading || current.done) return;
    fetchInto(cacheKey, fetchRef.current, current.page + 1, pageSize, current.cursor ?? undefined);
  }, [cacheKey, pageSize]);

  const reload = useCallback(() => {
    const entry = entryOf(cacheKey);
    entry.generation += 1;
    update(entry, emptyList());
    fetchInto(cacheKey, fetchRef.current, 1, pageSize);
  }, [cacheKey, pageSize]);

  // The first page loads by itself; a list that failed waits for the retry button.
  useEffect(() => {
    const current = entryOf(cacheKey).data;
    if (current.page === 0 && !current.loading && !current.error) loadMore();
  }, [cacheKey, loadMore]);

  return { ...data, loadMore, reload };
}

const EMPTY = emptyList<never>();

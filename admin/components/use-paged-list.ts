/**
 * A list read a page at a time by the server's cursor: the first page whenever `filters` change,
 * the next on `more()`. A failed first page empties the list (no stale rows under new filters); a
 * failed next page keeps what is shown. `setItems` lets an action on a row show its new state;
 * `reload` reads the first page again (a retry).
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { messageOf } from './use-load.ts';

export interface Page<T> {
  list: T[];
  nextCursor: string | null;
}

export interface PagedList<T> {
  items: T[];
  setItems: Dispatch<SetStateAction<T[]>>;
  /** There is a next page. */
  hasMore: boolean;
  busy: boolean;
  error: string | null;
  more: () => void;
  reload: () => void;
}

export function usePagedList<T, F>(
  fetchPage: (filters: F, cursor: string | null) => Promise<Page<T>>,
  filters: F,
): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const fetchLatest = useRef(fetchPage);
  fetchLatest.current = fetchPage;

  const load = useCallback(async (wanted: F, after: string | null) => {
    setBusy(true);
    setError(null);
    try {
      const page = await fetchLatest.current(wanted, after);
      setItems((shown) => (after ? [...shown, ...page.list] : page.list));
      setCursor(page.nextCursor);
    } catch (failure) {
      setError(messageOf(failure));
      if (!after) setItems([]);
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    void load(filters, null);
  }, [filters, load]);

  return {
    items,
    setItems,
    hasMore: cursor !== null,
    busy,
    error,
    more: () => void load(filters, cursor),
    reload: () => void load(filters, null),
  };
}

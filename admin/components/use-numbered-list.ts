/**
 * A list read as numbered pages: the page the query asks for (its filters, sort and page, from the
 * address), read again whenever the query changes, with the total the server counted. The rows shown
 * stay while the next ones load (`busy`), so the table does not jump; a failed read empties it and
 * says why. `setItems` lets an action on a row show its new state; `reload` reads the page again.
 * The numbers under the table are components/pager.tsx.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { messageOf } from './use-load.ts';

export interface NumberedPage<T> {
  list: T[];
  total: number;
}

export interface NumberedList<T> {
  items: T[];
  setItems: Dispatch<SetStateAction<T[]>>;
  /** Rows every filter matches, null until the first page is read. */
  total: number | null;
  busy: boolean;
  error: string | null;
  reload: () => void;
}

export function useNumberedList<T, Q>(fetchPage: (query: Q) => Promise<NumberedPage<T>>, query: Q): NumberedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const fetchLatest = useRef(fetchPage);
  fetchLatest.current = fetchPage;
  // Only the answer to the latest query is shown (a slow page 2 never replaces page 3).
  const asked = useRef(0);

  const load = useCallback(async (wanted: Q) => {
    const serial = ++asked.current;
    setBusy(true);
    setError(null);
    try {
      const page = await fetchLatest.current(wanted);
      if (serial !== asked.current) return;
      setItems(page.list);
      setTotal(page.total);
    } catch (failure) {
      if (serial !== asked.current) return;
      setError(messageOf(failure));
      setItems([]);
      setTotal(null);
    } finally {
      if (serial === asked.current) setBusy(false);
    }
  }, []);

  useEffect(() => {
    void load(query);
  }, [query, load]);

  return { items, setItems, total, busy, error, reload: () => void load(query) };
}

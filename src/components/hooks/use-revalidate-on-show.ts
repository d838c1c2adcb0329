/**
 * Lists of the member area change behind a kept-alive page's back (a purchase, a favourite, a
 * deposit, an exchange), and useInfiniteList keeps what it loaded. So each time such a list is
 * shown again after it was loaded, its first page is fetched once more, and when that page differs
 * from what is shown (total or items), the list reloads. A list shown for the first time loads as
 * usual; an unchanged one keeps its items and scroll.
 */
import { useEffect, useRef } from 'react';
import type { FetchPage, InfiniteList } from './use-infinite-list.ts';

export function useRevalidateOnShow<T>(
  list: InfiniteList<T>,
  fetchPage: FetchPage<T>,
  pageSize: number,
  enabled: boolean,
): void {
  const latest = useRef({ list, fetchPage });
  latest.current = { list, fetchPage };

  useEffect(() => {
    const { list: shown, fetchPage: fetchFirst } = latest.current;
    if (!enabled || shown.page === 0 || shown.loading) return;
    let cancelled = false;
    fetchFirst(1, pageSize).then(
      (answer) => {
        if (cancelled) return;
        const { list: now } = latest.current;
        const before = JSON.stringify(now.items.slice(0, answer.list.length));
        if (answer.total !== now.total || JSON.stringify(answer.list) !== before) now.reload();
      },
      () => undefined, // offline: keep what is shown
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, pageSize]);
}

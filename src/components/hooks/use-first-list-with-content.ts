/**
 * Tabs of paged lists that open on the first with something in it (firstTabWithContent): the first
 * page of every tab's list is loaded at once into the lists' store (the list shown next finds its
 * page there), and until they have answered the tab is null (the screen shows a skeleton, never an
 * empty tab it would leave a moment later). A tab the reader picks meanwhile wins. The totals label
 * the tabs.
 */
import { useEffect, useRef, useState } from 'react';
import { firstTabWithContent } from '../../lib/first-tab.ts';
import { loadFirstPage, type FetchPage } from './use-infinite-list.ts';

export interface TabList<T extends string> {
  tab: T;
  cacheKey: string;
  fetchPage: FetchPage<unknown>;
}

export function useFirstListWithContent<T extends string>(
  /** Every tab's list, in the tabs' order; null while they cannot be named yet (no member). */
  lists: readonly TabList<T>[] | null,
): { tab: T | null; setTab: (tab: T) => void; totals: Partial<Record<T, number>> } {
  const [picked, setPicked] = useState<T | null>(null);
  const [totals, setTotals] = useState<Partial<Record<T, number>> | null>(null);
  // The lists are named by their keys: a new array of the same lists is the same lists.
  const latest = useRef(lists);
  latest.current = lists;
  const identity = lists?.map((list) => list.cacheKey).join('|') ?? '';
  useEffect(() => {
    const lists = latest.current;
    if (!lists) return;
    let live = true;
    Promise.all(lists.map((list) => loadFirstPage(list.cacheKey, list.fetchPage))).then((found) => {
      if (live)
        setTotals(Object.fromEntries(lists.map((list, index) => [list.tab, found[index]])) as Record<T, number>);
    });
    return () => {
      live = false;
    };
  }, [identity]);
  const opened =
    lists && totals
      ? firstTabWithContent(
          lists.map((list) => list.tab),
          (tab) => totals[tab],
        )
      : null;
  return { tab: picked ?? opened, setTab: setPicked, totals: totals ?? {} };
}

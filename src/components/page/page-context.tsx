/**
 * What a rendered page knows about itself: its own pathname (a hidden, kept-alive page must not read
 * the global location), its route entry and params, and its title, which a screen may replace
 * (e.g. with a movie's name) through usePageTitle.
 */
import { createContext, useContext, useEffect } from 'react';
import type { RouteEntry, ScreenParams } from './screen.ts';

export interface PageInfo {
  pathname: string;
  entry: RouteEntry;
  params: ScreenParams;
  title: string;
  setTitle: (title: string) => void;
  /** The thing the document title names when the header keeps the route's title (a topic's title). */
  setHeadItem: (item: string | null) => void;
}

export const PageContext = createContext<PageInfo | null>(null);

export function usePage(): PageInfo {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage() outside a page');
  return page;
}

/** Replaces the page's title (header and document title) while the screen is mounted. */
export function usePageTitle(title: string | null | undefined): void {
  const { setTitle, entry } = usePage();
  useEffect(() => {
    if (!title) return;
    setTitle(title);
    return () => setTitle(entry.title);
  }, [title, setTitle, entry.title]);
}

/** Names `item` in the document title only (contract/page-head.ts), the header keeping its title. */
export function useHeadTitle(item: string | null | undefined): void {
  const { setHeadItem } = usePage();
  useEffect(() => {
    if (!item) return;
    setHeadItem(item);
    return () => setHeadItem(null);
  }, [item, setHeadItem]);
}

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

/**
 * Keep-alive of up to 10 pages with React's <Activity>: the shown page is "visible", the others
 * stay mounted but "hidden" (DOM kept and hidden, effects cleaned up, state kept), so going back
 * finds the page as it was, scroll position included.
 */
import { Activity, useEffect, useRef, useState, type ReactNode } from 'react';
import { forgetScroll, useScrollMemory } from './scroll-memory.ts';
import { nextKeptPages, type KeptPage } from './kept-pages.ts';

interface KeepAliveProps {
  /** The page to show; null shows none (e.g. while a guard redirects). */
  activeKey: string | null;
  /** Whether a page that is not shown may stay kept. */
  retain: (key: string) => boolean;
  children: (key: string) => ReactNode;
}

export function KeepAlive({ activeKey, retain, children }: KeepAliveProps) {
  const [pages, setPages] = useState<readonly KeptPage[]>([]);
  const next = nextKeptPages(pages, activeKey, retain);
  if (next !== pages) setPages(next); // derived state: React re-renders before committing

  const previous = useRef<readonly KeptPage[]>([]);
  useEffect(() => {
    const kept = new Set(pages.map((page) => page.key));
    forgetScroll(previous.current.map((page) => page.key).filter((key) => !kept.has(key)));
    previous.current = pages;
  }, [pages]);
  useScrollMemory(activeKey);

  return pages.map((page) => (
    <Activity key={page.key} mode={page.key === activeKey ? 'visible' : 'hidden'}>
      {children(page.key)}
    </Activity>
  ));
}

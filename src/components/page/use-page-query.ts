/**
 * A screen's query string as state (filters that survive back and refresh). A kept-alive page
 * stays mounted while another page is shown, and the global location then belongs to that other
 * page: this hook reads the query only while its own page is the current one and otherwise keeps
 * the last value it saw. Changes replace the history entry (filters do not pile up behind back).
 */
import { useCallback, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { withQuery, type QueryUpdate } from '../../lib/route-params.ts';
import { usePage } from './page-context.tsx';

export function usePageQuery(): [URLSearchParams, (update: QueryUpdate) => void] {
  const { pathname } = usePage();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const own = useRef(search);
  if (location === pathname) own.current = search;

  const current = own.current;
  const setQuery = useCallback(
    (update: QueryUpdate) => {
      const next = withQuery(current, update);
      navigate(next ? `${pathname}?${next}` : pathname, { replace: true });
    },
    [current, navigate, pathname],
  );
  return [new URLSearchParams(current), setQuery];
}

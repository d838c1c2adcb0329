/**
 * A list's filters and page kept in the address (?kind=movie&page=2): each change is a history
 * entry, so Back and Forward bring the list back as it was, a reload keeps it and a link shares it.
 * `read` turns the address's parameters into the page's query (anything unknown or malformed reads as
 * absent); `write` gives the parameters of a query (empty ones are left out).
 */
import { useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

export type UrlParams = Record<string, string | number | null | undefined>;

export function useUrlQuery<T>(
  read: (params: URLSearchParams) => T,
  write: (query: T) => UrlParams,
): [T, (next: T) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const readLatest = useRef(read);
  readLatest.current = read;
  // One object per address, so a list that loads on its query's change loads once per change.
  const query = useMemo(() => readLatest.current(new URLSearchParams(search)), [search]);
  const set = (wanted: T) => {
    const written = new URLSearchParams();
    for (const [key, value] of Object.entries(write(wanted)))
      if (value !== null && value !== undefined && value !== '') written.set(key, String(value));
    // A sort's `column:dir` reads as written (a colon needs no escape in a query).
    const next = written.toString().replaceAll('%3A', ':');
    // The address as it stands, only its query changed (no slash added after a nested route's base).
    if (next !== search) navigate(`~${window.location.pathname}${next ? `?${next}` : ''}`);
  };
  return [query, set];
}

/** A positive whole number of a parameter, or undefined. */
export function paramInt(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

/** A parameter that is one of `allowed`, or undefined. */
export function paramOf<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const value = params.get(name);
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

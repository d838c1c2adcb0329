/**
 * One thing loaded for a screen (a post, a profile, a tag), by key: loading, the answer or the
 * error, and a retry. A kept-alive page hidden and shown again (its effects re-run) keeps what it
 * has and does not load it again; a new key loads anew. Answers for an older key are dropped.
 * An answer renders as a transition: React renders a big screen in slices that leave the main thread
 * free in between (no long task, Lighthouse's TBT) instead of in one block.
 */
import { startTransition, useCallback, useEffect, useEffectEvent, useState } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { Code } from '../../../contract/protocol/codes.ts';

export interface Resource<T> {
  data: T | null;
  error: Error | null;
  loading: boolean;
  retry: () => void;
}

interface State<T> {
  key: string;
  data: T | null;
  error: Error | null;
  /** Bumped by retry. */
  attempt: number;
}

/** A call's code 6: the thing asked for does not exist (the screen shows its not-found state). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.code === Code.NotFound;

export function useResource<T>(key: string, load: () => Promise<T>): Resource<T> {
  const [state, setState] = useState<State<T>>({ key, data: null, error: null, attempt: 0 });
  const current = state.key === key ? state : { key, data: null, error: null, attempt: 0 };
  if (current !== state) setState(current); // a new key starts empty (derived state, before commit)

  const settled = current.data !== null || current.error !== null;
  // `load` is a fresh closure each render, not a reason to load again: the key names what it loads.
  const loadNow = useEffectEvent(load);
  useEffect(() => {
    if (settled) return;
    let cancelled = false;
    loadNow().then(
      (data) => !cancelled && startTransition(() => setState((s) => (s.key === key ? { ...s, data, error: null } : s))),
      (error: unknown) =>
        !cancelled &&
        setState((s) =>
          s.key === key ? { ...s, error: error instanceof Error ? error : new Error(String(error)) } : s,
        ),
    );
    return () => {
      cancelled = true;
    };
  }, [key, current.attempt, settled]);

  const retry = useCallback(() => setState((s) => ({ ...s, data: null, error: null, attempt: s.attempt + 1 })), []);
  return { data: current.data, error: current.error, loading: !settled, retry };
}

/**
 * A thing named by a route parameter, already parsed: `param` null (a malformed id) cannot exist
 * and loads nothing. `notFound` covers that and the server's code 6.
 */
export function useRouteResource<P, T>(
  name: string,
  param: P | null,
  load: (param: P) => Promise<T>,
): Resource<T> & { notFound: boolean } {
  const resource = useResource(`${name}:${String(param)}`, () =>
    param === null ? Promise.reject(new Error(name)) : load(param),
  );
  return { ...resource, notFound: param === null || isNotFound(resource.error) };
}

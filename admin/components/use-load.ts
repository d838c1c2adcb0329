/**
 * A page's data read from the server: loads once and again on `reload()` or when `key` changes
 * (what `load` reads), and gives the data, the loading flag and the server's message. The data
 * stays on screen while it is read again, unless `clearOnKey` empties it when the key changes (a
 * list of another site must not stand in for this one's while it loads).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminMessages } from '../admin-messages.ts';

/** A failed call's message: the server's (the error's text), or 加载失败. */
export const messageOf = (failure: unknown): string =>
  failure instanceof Error && failure.message ? failure.message : adminMessages.loadFailed;

export interface Loaded<T> {
  data: T | null;
  busy: boolean;
  error: string | null;
  /** For an action on the loaded data whose failure shows where the load's would. */
  setError: (error: string | null) => void;
  reload: () => Promise<void>;
}

export function useLoad<T>(load: () => Promise<T>, key: string, { clearOnKey = false } = {}): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(load);
  latest.current = load;

  const reload = useCallback(async () => {
    setBusy(true);
    try {
      setData(await latest.current());
      setError(null);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (clearOnKey) setData(null);
    void reload();
  }, [reload, key, clearOnKey]);

  return { data, busy, error, setError, reload };
}

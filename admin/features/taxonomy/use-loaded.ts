/**
 * Loads with `load` once and again on `reload()` or when `key` changes (what `load` reads): the
 * data, the loading flag and the server's message.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from './taxonomy-dialog.tsx';

export interface Loaded<T> {
  data: T | null;
  busy: boolean;
  error: string | null;
  reload: () => Promise<void>;
}

export function useLoaded<T>(load: () => Promise<T>, key: string): Loaded<T> {
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
    void reload();
  }, [reload, key]);

  return { data, busy, error, reload };
}

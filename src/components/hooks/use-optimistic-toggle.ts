/**
 * A toggle shown changed at once and confirmed by the server: the optimistic value applies on
 * click, the server's answer replaces it, and a failure rolls back to what was there before and
 * says so. One request at a time per toggle.
 */
import { useCallback, useRef, useState } from 'react';
import { messages } from '../../messages.ts';
import { showToast } from '../../stores/toast.ts';

export function useOptimisticToggle<V>(
  initial: V,
  send: (optimistic: V) => Promise<V>,
  flip: (value: V) => V,
): [V, () => void, boolean] {
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const current = useRef(value);
  current.current = value;

  const toggle = useCallback(() => {
    if (busy) return;
    const before = current.current;
    const optimistic = flip(before);
    setValue(optimistic);
    setBusy(true);
    send(optimistic)
      .then(
        (confirmed) => setValue(confirmed),
        (error: unknown) => {
          setValue(before);
          showToast(error instanceof Error && error.message ? error.message : messages.movieDetail.actionFailed, {
            kind: 'error',
          });
        },
      )
      .finally(() => setBusy(false));
  }, [busy, flip, send]);

  return [value, toggle, busy];
}

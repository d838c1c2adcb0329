/**
 * Reads again every `ms` while `active` (a job or a collection run is on its way), and stops when
 * nothing moves or the page closes; a read in flight is never doubled (the next starts `ms` after
 * it ends).
 */
import { useEffect, useRef } from 'react';

export function usePolling(active: boolean, read: () => Promise<unknown> | void, ms = 2000): void {
  const latest = useRef(read);
  latest.current = read;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        await latest.current();
      } finally {
        if (!stopped) timer = setTimeout(() => void tick(), ms);
      }
    };
    timer = setTimeout(() => void tick(), ms);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, ms]);
}

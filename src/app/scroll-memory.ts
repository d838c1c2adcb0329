/**
 * Window scroll per page key: recorded while a page is shown, restored when it is shown again
 * (going back to a kept-alive page); a page shown for the first time starts at the top. Runs in a
 * layout effect, after the kept page is revealed and before the browser paints.
 */
import { useLayoutEffect } from 'react';

const positions = new Map<string, number>();

export function useScrollMemory(activeKey: string | null): void {
  useLayoutEffect(() => {
    if (activeKey === null) return;
    window.scrollTo(0, positions.get(activeKey) ?? 0);
    const record = () => positions.set(activeKey, window.scrollY);
    addEventListener('scroll', record, { passive: true });
    return () => removeEventListener('scroll', record);
  }, [activeKey]);
}

/** Forgets pages that are no longer kept, so a fresh copy starts at the top. */
export function forgetScroll(keys: Iterable<string>): void {
  for (const key of keys) positions.delete(key);
}

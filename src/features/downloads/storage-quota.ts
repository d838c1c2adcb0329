/**
 * The quota meter's figures: what the downloads themselves hold (the bytes of their saved
 * segments, so 0 with nothing downloaded: the app's shell and cached answers are no 缓存 of the
 * member's) and what the origin may still use (navigator.storage.estimate()'s quota less its
 * usage), read when the meter shows and again as downloads change (at most once a second). null
 * where the browser has no estimate.
 */
import { useEffect, useState } from 'react';
import { subscribe } from 'valtio/vanilla';
import { downloadsState } from './download-store.ts';

export interface StorageFigures {
  used: number;
  available: number;
}

export async function readStorage(): Promise<StorageFigures | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  try {
    const { usage = 0, quota = 0 } = await navigator.storage.estimate();
    const used = Object.values(downloadsState.items).reduce((sum, record) => sum + record.savedBytes, 0);
    return { used, available: Math.max(0, quota - usage) };
  } catch {
    return null;
  }
}

const REFRESH_MS = 1000;

export function useStorageFigures(): StorageFigures | null | undefined {
  const [figures, setFigures] = useState<StorageFigures | null | undefined>(undefined);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const read = () => {
      timer = undefined;
      void readStorage().then((next) => alive && setFigures(next));
    };
    read();
    const stop = subscribe(downloadsState, () => {
      timer ??= setTimeout(read, REFRESH_MS);
    });
    return () => {
      alive = false;
      clearTimeout(timer);
      stop();
    };
  }, []);
  return figures;
}

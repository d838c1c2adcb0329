/**
 * Landscape in fullscreen on a phone: entering fullscreen with a landscape video locks the screen
 * to landscape (where the browser allows it; a refusal is ignored), leaving it unlocks.
 */
import { useEffect, type RefObject } from 'react';

type LockableOrientation = ScreenOrientation & { lock?: (orientation: 'landscape') => Promise<void> };

/** A phone or a tablet: a coarse pointer, and the screen not wider than a tablet's. */
const onPhone = () => matchMedia('(pointer: coarse)').matches && Math.min(screen.width, screen.height) <= 820;

export function useOrientationLock(fullscreen: boolean, video: RefObject<HTMLVideoElement | null>): void {
  useEffect(() => {
    const orientation =
      typeof screen !== 'undefined' ? (screen.orientation as LockableOrientation | undefined) : undefined;
    if (!fullscreen || !orientation?.lock || !onPhone()) return;
    const element = video.current;
    if (element && element.videoHeight > element.videoWidth) return; // a portrait video stays upright
    orientation.lock('landscape').catch(() => undefined);
    return () => {
      try {
        orientation.unlock();
      } catch {
        // Nothing was locked.
      }
    };
  }, [fullscreen, video]);
}

/**
 * Screen Wake Lock while the video plays: requested on play, released on pause, at the end and when
 * the player goes; the browser drops it when the page is hidden, so it is asked for again when the
 * page shows while still playing. Browsers without it, or refusing it, simply let the screen sleep.
 */
import { useEffect, type RefObject } from 'react';

export function useWakeLock(video: RefObject<HTMLVideoElement | null>): void {
  useEffect(() => {
    const element = video.current;
    const wakeLock = typeof navigator !== 'undefined' ? navigator.wakeLock : undefined;
    if (!element || !wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let wanted = false;
    const request = () => {
      wanted = true;
      if (sentinel && !sentinel.released) return;
      if (document.visibilityState !== 'visible') return;
      wakeLock.request('screen').then(
        (lock) => {
          if (wanted) sentinel = lock;
          else void lock.release().catch(() => undefined);
        },
        () => undefined,
      );
    };
    const release = () => {
      wanted = false;
      void sentinel?.release().catch(() => undefined);
      sentinel = null;
    };
    const onVisible = () => document.visibilityState === 'visible' && !element.paused && request();
    if (!element.paused) request();
    element.addEventListener('playing', request);
    element.addEventListener('pause', release);
    element.addEventListener('ended', release);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      element.removeEventListener('playing', request);
      element.removeEventListener('pause', release);
      element.removeEventListener('ended', release);
      document.removeEventListener('visibilitychange', onVisible);
      release();
    };
  }, [video]);
}

/**
 * The last volume, mute and speed, remembered on the device (localStorage) and applied to the next
 * video. The speed is one of the menu's (the 3x of a held press is not remembered) and is also the
 * element's default rate, so a new source (another episode, another line) keeps it.
 */
import { useEffect, type RefObject } from 'react';
import { PLAYER_PREFS_KEY } from '../../lib/storage-keys.ts';
import { PLAYBACK_RATES } from './video-controls.tsx';
import { isMutedToStart } from './autoplay.ts';

export interface PlaybackPrefs {
  volume: number;
  muted: boolean;
  rate: number;
}

export const DEFAULT_PREFS: PlaybackPrefs = { volume: 1, muted: false, rate: 1 };

const isRate = (rate: unknown): rate is number => (PLAYBACK_RATES as readonly unknown[]).includes(rate);

export function loadPlaybackPrefs(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): PlaybackPrefs {
  try {
    const saved = JSON.parse(storage?.getItem(PLAYER_PREFS_KEY) ?? 'null') as Partial<PlaybackPrefs> | null;
    if (!saved || typeof saved !== 'object') return DEFAULT_PREFS;
    const volume = typeof saved.volume === 'number' && saved.volume >= 0 && saved.volume <= 1 ? saved.volume : 1;
    return { volume, muted: saved.muted === true, rate: isRate(saved.rate) ? saved.rate : 1 };
  } catch {
    return DEFAULT_PREFS;
  }
}

export function savePlaybackPrefs(
  prefs: PlaybackPrefs,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(PLAYER_PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // Private mode or a full store: kept for this page only.
  }
}

export function usePlaybackPrefs(video: RefObject<HTMLVideoElement | null>): void {
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const prefs = loadPlaybackPrefs();
    element.volume = prefs.volume;
    element.muted = prefs.muted;
    element.defaultPlaybackRate = prefs.rate;
    element.playbackRate = prefs.rate;
    const save = () => {
      const rate = element.playbackRate;
      if (isRate(rate)) element.defaultPlaybackRate = rate;
      const last = loadPlaybackPrefs();
      // A mute the browser imposed to start the video (autoplay.ts) is not the viewer's choice.
      const muted = isMutedToStart(element) ? last.muted : element.muted;
      savePlaybackPrefs({ volume: element.volume, muted, rate: isRate(rate) ? rate : last.rate });
    };
    element.addEventListener('volumechange', save);
    element.addEventListener('ratechange', save);
    return () => {
      element.removeEventListener('volumechange', save);
      element.removeEventListener('ratechange', save);
    };
  }, [video]);
}

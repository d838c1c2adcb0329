/**
 * The player's keys, on the whole page while the player is shown (the player focused or not), but
 * never while typing in a text field: space or k plays or pauses, ←/→ seek 5 s, ↑/↓ change the
 * volume by 10 %, f toggles fullscreen, m mutes. Seeks and volume changes flash a notice
 * (player-indicator.tsx). Space on a focused button is left to the button.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { swipeLevel } from './player-gestures.ts';
import type { ShowIndicator } from './player-indicator.tsx';

export const KEY_SEEK_S = 5;
export const KEY_VOLUME_STEP = 0.1;

interface KeyActions {
  toggle: () => void;
  toggleFullscreen: () => void;
  show: ShowIndicator;
}

/** Whether keys typed at `target` are text (an input other than a range or a button, a text area, an editable). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !['range', 'button', 'checkbox', 'radio'].includes(target.type);
}

export function usePlayerKeys(video: RefObject<HTMLVideoElement | null>, actions: KeyActions): void {
  const latest = useRef(actions);
  latest.current = actions;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const element = video.current;
      if (!element || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      const { toggle, toggleFullscreen, show } = latest.current;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const duration = Number.isFinite(element.duration) ? element.duration : 0;
      const volume = (change: number) => {
        const level = swipeLevel(element.muted ? 0 : element.volume, change);
        element.volume = level;
        element.muted = level === 0 ? element.muted : false;
        show({ kind: 'volume', level, bar: level });
      };
      const seek = (by: number) => {
        const from = element.currentTime;
        const target = Math.max(0, Math.min(duration || from + by, from + by));
        element.currentTime = target;
        show({ kind: 'seek', target, duration, delta: target - from });
      };
      if (key === ' ' && event.target instanceof HTMLButtonElement) return;
      if (key === ' ' || key === 'k') toggle();
      else if (key === 'ArrowRight') seek(KEY_SEEK_S);
      else if (key === 'ArrowLeft') seek(-KEY_SEEK_S);
      else if (key === 'ArrowUp') volume(KEY_VOLUME_STEP);
      else if (key === 'ArrowDown') volume(-KEY_VOLUME_STEP);
      else if (key === 'f') toggleFullscreen();
      else if (key === 'm') {
        element.muted = !element.muted;
        show({ kind: 'volume', level: element.volume, bar: element.volume, muted: element.muted });
      } else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [video]);
}

/**
 * Touch gestures on the video (player-gestures.ts recognises them), applied to the video element:
 * a tap calls `onTap` (the controls), a double tap `onDoubleTap` (play or pause); a hold plays at
 * 3x with a badge and goes back to the speed it had on release; a horizontal swipe previews the
 * target time and seeks there on release; a vertical swipe changes the brightness (a CSS filter on
 * the video, left half) or the volume (right half) as it goes. Touch and pen only: a mouse click
 * keeps the player's click-to-play (`onMouseClick`), and a touch's own click is swallowed.
 */
import { useEffect, useRef, useState, type PointerEvent, type MouseEvent, type RefObject } from 'react';
import {
  BRIGHTNESS_MAX,
  BRIGHTNESS_MIN,
  GestureRecogniser,
  swipeLevel,
  swipeTarget,
  type GestureEvent,
  type GesturePoint,
} from './player-gestures.ts';
import type { ShowIndicator } from './player-indicator.tsx';

export const HOLD_RATE = 3;
/** A click this soon after a touch ended is the touch's own (browsers send one after a tap). */
const TOUCH_CLICK_MS = 800;

interface GestureActions {
  onTap: () => void;
  onDoubleTap: () => void;
  onMouseClick: () => void;
  show: ShowIndicator;
}

export interface PlayerGestures {
  /** Spread on the video element. */
  handlers: {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onPointerMove: (event: PointerEvent<HTMLElement>) => void;
    onPointerUp: (event: PointerEvent<HTMLElement>) => void;
    onPointerCancel: (event: PointerEvent<HTMLElement>) => void;
    onClick: (event: MouseEvent<HTMLElement>) => void;
    onContextMenu: (event: MouseEvent<HTMLElement>) => void;
  };
  /** The CSS brightness of the video (1 as it is). */
  brightness: number;
}

const pointOf = (event: PointerEvent<HTMLElement>): GesturePoint => {
  const box = event.currentTarget.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top, width: box.width, height: box.height };
};

export function usePlayerGestures(video: RefObject<HTMLVideoElement | null>, actions: GestureActions): PlayerGestures {
  const [brightness, setBrightness] = useState(1);
  const latest = useRef({ actions, brightness });
  latest.current = { actions, brightness };
  const pointer = useRef<number | null>(null);
  const touchEndedAt = useRef(-Infinity);
  /** Where a drag or hold began: the time, volume, brightness and speed then. */
  const from = useRef({ time: 0, volume: 1, brightness: 1, rate: 1 });
  const recogniser = useRef<GestureRecogniser | null>(null);
  const dragging = useRef(false);

  useEffect(() => {
    const onEvent = (event: GestureEvent) => {
      const { actions: act, brightness: shownBrightness } = latest.current;
      const element = video.current;
      if (event.type === 'tap') return act.onTap();
      if (event.type === 'double-tap') return act.onDoubleTap();
      if (!element) return;
      if (event.type === 'hold-start') {
        from.current.rate = element.playbackRate;
        element.playbackRate = HOLD_RATE;
        return act.show({ kind: 'hold' }, Infinity);
      }
      if (event.type === 'hold-end') {
        element.playbackRate = from.current.rate;
        return act.show(null);
      }
      const starting = event.phase === 'move' && !dragging.current;
      if (starting) {
        dragging.current = true;
        from.current.time = element.currentTime;
        from.current.volume = element.muted ? 0 : element.volume;
        from.current.brightness = shownBrightness;
      }
      if (event.phase !== 'move') dragging.current = false;
      if (event.type === 'seek') {
        const duration = Number.isFinite(element.duration) ? element.duration : 0;
        const target = swipeTarget(from.current.time, event.fraction, duration);
        if (event.phase === 'cancel') return act.show(null);
        if (event.phase === 'end') element.currentTime = target;
        const delta = target - from.current.time;
        return act.show({ kind: 'seek', target, duration, delta }, event.phase === 'end' ? 600 : Infinity);
      }
      const linger = event.phase === 'move' ? Infinity : 600;
      if (event.side === 'right') {
        const volume = swipeLevel(from.current.volume, event.fraction);
        element.volume = volume;
        if (element.muted && volume > 0) element.muted = false;
        return act.show({ kind: 'volume', level: volume, bar: volume }, linger);
      }
      const level = swipeLevel(from.current.brightness, event.fraction, BRIGHTNESS_MIN, BRIGHTNESS_MAX);
      setBrightness(level);
      act.show(
        { kind: 'brightness', level, bar: (level - BRIGHTNESS_MIN) / (BRIGHTNESS_MAX - BRIGHTNESS_MIN) },
        linger,
      );
    };
    const instance = new GestureRecogniser(onEvent);
    recogniser.current = instance;
    // Besides touch-action: none (player-overlays.css), a finger on the video never scrolls the page.
    const element = video.current;
    const noScroll = (event: TouchEvent) => event.cancelable && pointer.current !== null && event.preventDefault();
    element?.addEventListener('touchmove', noScroll, { passive: false });
    return () => {
      element?.removeEventListener('touchmove', noScroll);
      instance.dispose();
    };
  }, [video]);

  const touch = (event: PointerEvent<HTMLElement>) => event.pointerType !== 'mouse';
  const handlers: PlayerGestures['handlers'] = {
    onPointerDown: (event) => {
      if (!touch(event)) return;
      if (pointer.current !== null && pointer.current !== event.pointerId) {
        // A second finger (a pinch): no gesture of ours.
        recogniser.current?.cancel();
        pointer.current = null;
        return;
      }
      pointer.current = event.pointerId;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      recogniser.current?.down(pointOf(event));
    },
    onPointerMove: (event) => {
      if (event.pointerId === pointer.current) recogniser.current?.move(pointOf(event));
    },
    onPointerUp: (event) => {
      if (!touch(event)) return;
      touchEndedAt.current = performance.now();
      if (event.pointerId !== pointer.current) return;
      pointer.current = null;
      recogniser.current?.up(pointOf(event));
    },
    onPointerCancel: (event) => {
      if (event.pointerId !== pointer.current) return;
      pointer.current = null;
      recogniser.current?.cancel();
    },
    onClick: (event) => {
      const type = (event.nativeEvent as { pointerType?: string }).pointerType;
      if (type === 'touch' || type === 'pen' || performance.now() - touchEndedAt.current < TOUCH_CLICK_MS) {
        event.stopPropagation(); // the gesture has done what the touch meant
        return;
      }
      latest.current.actions.onMouseClick();
    },
    // A long press would open the browser's menu for the video.
    onContextMenu: (event) => {
      if (pointer.current !== null || performance.now() - touchEndedAt.current < TOUCH_CLICK_MS) event.preventDefault();
    },
  };
  return { handlers, brightness };
}

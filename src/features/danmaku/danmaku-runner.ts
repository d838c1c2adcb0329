/**
 * The drawing loop around a DanmakuEngine, the same in the danmaku worker and on the main thread:
 * the messages the overlay sends (size, items, options, the video's clock), a frame per animation
 * frame (requestAnimationFrame, which dedicated workers have for OffscreenCanvas; else a 16 ms
 * timer), the drawn set reported when it changes (at most every SHOWN_EVERY_MS) and frame figures
 * once a second while something moves (the bench reads them).
 */
import { DanmakuEngine, type ClockState, type EngineItem, type EngineOptions } from './danmaku-engine.ts';

const SHOWN_EVERY_MS = 150;
/** A frame later than 1.5 frames at 60 Hz: one was dropped. */
const SLOW_FRAME_MS = 25;

export type ToRenderer =
  | { type: 'size'; width: number; height: number; dpr: number }
  | { type: 'items'; items: EngineItem[] }
  | { type: 'options'; options: EngineOptions }
  | { type: 'clock'; clock: ClockState; seeked: boolean };

export interface FrameStats {
  /** Frames drawn while danmaku moved, over `seconds`. */
  frames: number;
  /** Frames that came later than SLOW_FRAME_MS after the one before. */
  slow: number;
  seconds: number;
  /** Mean time the engine took to lay out and draw one frame. */
  drawMs: number;
  /** Danmaku on screen at the end. */
  drawn: number;
}

export type FromRenderer = { type: 'shown'; keys: string[] } | { type: 'stats'; stats: FrameStats };

type Surface = OffscreenCanvas | HTMLCanvasElement;

const nextFrame: (callback: (now: number) => void) => void =
  typeof requestAnimationFrame === 'function'
    ? (callback) => requestAnimationFrame(callback)
    : (callback) => setTimeout(() => callback(performance.now()), 16);

export interface Renderer {
  receive(message: ToRenderer): void;
  stop(): void;
}

export function startRenderer(
  canvas: Surface,
  makeSurface: (width: number, height: number) => Surface,
  report: (message: FromRenderer) => void,
): Renderer {
  const engine = new DanmakuEngine(canvas, makeSurface);
  let stopped = false;
  let previous = 0;
  let frames = 0;
  let slow = 0;
  let drawTotal = 0;
  let windowStart = performance.now();
  let shownPending = false;
  let shownAt = 0;

  const tick = (now: number) => {
    if (stopped) return;
    const began = performance.now();
    const drew = engine.frame(performance.timeOrigin + began);
    if (drew) {
      drawTotal += performance.now() - began;
      if (previous) {
        frames++;
        if (now - previous > SLOW_FRAME_MS) slow++;
      }
      previous = now;
    } else previous = 0;
    if (engine.takeShownChange()) shownPending = true;
    if (shownPending && now - shownAt >= SHOWN_EVERY_MS) {
      shownPending = false;
      shownAt = now;
      report({ type: 'shown', keys: engine.shown() });
    }
    if (now - windowStart >= 1_000) {
      const seconds = (now - windowStart) / 1_000;
      if (frames)
        report({
          type: 'stats',
          stats: { frames, slow, seconds, drawMs: drawTotal / frames, drawn: engine.shown().length },
        });
      frames = slow = drawTotal = 0;
      windowStart = now;
    }
    nextFrame(tick);
  };
  nextFrame(tick);

  return {
    receive(message) {
      if (message.type === 'size') engine.resize(message.width, message.height, message.dpr);
      else if (message.type === 'items') engine.setItems(message.items);
      else if (message.type === 'options') engine.setOptions(message.options);
      else engine.setClock(message.clock, message.seeked);
    },
    stop() {
      stopped = true;
    },
  };
}

/**
 * The touch gestures over the video, as pure logic (use-player-gestures.ts feeds it pointer events):
 * - a tap (no second one within DOUBLE_TAP_MS) → 'tap' (the player shows or hides its controls);
 * - two taps close in time and place → 'double-tap' (play or pause), and no 'tap';
 * - a press held HOLD_MS without moving → 'hold-start', and 'hold-end' when released (3x while held);
 * - a drag past SLOP_PX decides its axis once: horizontal → 'seek' with the fraction of the width
 *   dragged (right is forward), vertical → 'level' on the half where it began (left: brightness,
 *   right: volume) with the fraction of the height dragged (up is more). Each reports phase 'move'
 *   while dragging and 'end' on release ('cancel' when the pointer is taken away). A drag never
 *   yields a tap.
 * Timers go through the `clock` given (setTimeout by default), so tests drive them with fake time.
 */

export const SLOP_PX = 10;
export const HOLD_MS = 500;
export const DOUBLE_TAP_MS = 280;
/** How far apart the two taps of a double tap may be. */
export const DOUBLE_TAP_PX = 48;

export type DragPhase = 'move' | 'end' | 'cancel';

export type GestureEvent =
  | { type: 'tap' }
  | { type: 'double-tap' }
  | { type: 'hold-start' }
  | { type: 'hold-end' }
  | { type: 'seek'; fraction: number; phase: DragPhase }
  | { type: 'level'; side: 'left' | 'right'; fraction: number; phase: DragPhase };

/** A pointer's position inside the surface (px from its top-left) and the surface's size. */
export interface GesturePoint {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GestureClock {
  set(run: () => void, ms: number): unknown;
  clear(timer: unknown): void;
}

const realClock: GestureClock = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

type Mode = 'idle' | 'pressed' | 'hold' | 'seek' | 'level';

export class GestureRecogniser {
  private mode: Mode = 'idle';
  private start: GesturePoint = { x: 0, y: 0, width: 1, height: 1 };
  private side: 'left' | 'right' = 'left';
  private fraction = 0;
  private holdTimer: unknown = null;
  private tapTimer: unknown = null;
  /** Where a first tap ended while its double is awaited. */
  private pendingTap: GesturePoint | null = null;

  constructor(
    private readonly emit: (event: GestureEvent) => void,
    private readonly clock: GestureClock = realClock,
  ) {}

  /** Whether a press or a drag is in progress (the surface should keep the pointer). */
  get active(): boolean {
    return this.mode !== 'idle';
  }

  down(point: GesturePoint): void {
    this.cancel();
    this.mode = 'pressed';
    this.start = point;
    this.side = point.x < point.width / 2 ? 'left' : 'right';
    this.holdTimer = this.clock.set(() => {
      this.holdTimer = null;
      if (this.mode !== 'pressed') return;
      this.mode = 'hold';
      this.dropPendingTap();
      this.emit({ type: 'hold-start' });
    }, HOLD_MS);
  }

  move(point: GesturePoint): void {
    const dx = point.x - this.start.x;
    const dy = point.y - this.start.y;
    if (this.mode === 'pressed') {
      if (Math.hypot(dx, dy) < SLOP_PX) return;
      this.clearHold();
      this.dropPendingTap();
      this.mode = Math.abs(dx) >= Math.abs(dy) ? 'seek' : 'level';
    }
    if (this.mode === 'seek') {
      this.fraction = dx / Math.max(1, this.start.width);
      this.emit({ type: 'seek', fraction: this.fraction, phase: 'move' });
    } else if (this.mode === 'level') {
      this.fraction = -dy / Math.max(1, this.start.height);
      this.emit({ type: 'level', side: this.side, fraction: this.fraction, phase: 'move' });
    }
  }

  up(point: GesturePoint): void {
    if (this.mode === 'seek' || this.mode === 'level') this.move(point);
    this.finish('end', point);
  }

  /** The pointer was taken away (a scroll, a system gesture): drags are dropped, a hold ends. */
  cancel(): void {
    this.finish('cancel', null);
  }

  /** Stops the timers (the surface is going away). */
  dispose(): void {
    this.cancel();
    this.dropPendingTap();
  }

  private finish(phase: 'end' | 'cancel', point: GesturePoint | null): void {
    const mode = this.mode;
    this.mode = 'idle';
    this.clearHold();
    if (mode === 'hold') this.emit({ type: 'hold-end' });
    else if (mode === 'seek') this.emit({ type: 'seek', fraction: this.fraction, phase });
    else if (mode === 'level') this.emit({ type: 'level', side: this.side, fraction: this.fraction, phase });
    else if (mode === 'pressed' && point) this.tapped(point);
  }

  private tapped(point: GesturePoint): void {
    const first = this.pendingTap;
    if (first && Math.hypot(point.x - first.x, point.y - first.y) <= DOUBLE_TAP_PX) {
      this.dropPendingTap();
      this.emit({ type: 'double-tap' });
      return;
    }
    if (first) {
      // Too far from the first: that one was a tap of its own.
      this.dropPendingTap();
      this.emit({ type: 'tap' });
    }
    this.pendingTap = point;
    this.tapTimer = this.clock.set(() => {
      this.tapTimer = null;
      this.pendingTap = null;
      this.emit({ type: 'tap' });
    }, DOUBLE_TAP_MS);
  }

  private clearHold(): void {
    if (this.holdTimer !== null) this.clock.clear(this.holdTimer);
    this.holdTimer = null;
  }

  private dropPendingTap(): void {
    if (this.tapTimer !== null) this.clock.clear(this.tapTimer);
    this.tapTimer = null;
    this.pendingTap = null;
  }
}

/** Seconds a full-width swipe spans: the whole of a short video, at most two minutes of a long one. */
export const SWIPE_SPAN_MAX_S = 120;

/** Where a horizontal swipe of `fraction` of the width lands, from `from` in a video of `duration`. */
export function swipeTarget(from: number, fraction: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return Math.max(0, from);
  const span = Math.min(duration, SWIPE_SPAN_MAX_S);
  return Math.min(duration, Math.max(0, from + fraction * span));
}

/** A level (volume 0-1, brightness BRIGHTNESS_MIN-MAX) after a vertical swipe: a full height spans 1. */
export function swipeLevel(from: number, fraction: number, min = 0, max = 1): number {
  return Math.min(max, Math.max(min, Math.round((from + fraction) * 100) / 100));
}

/** The video's CSS brightness filter: 1 is as it is; the swipe goes from dim to washed out. */
export const BRIGHTNESS_MIN = 0.2;
export const BRIGHTNESS_MAX = 1.6;

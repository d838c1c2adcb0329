import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DOUBLE_TAP_MS,
  GestureRecogniser,
  HOLD_MS,
  swipeLevel,
  swipeTarget,
  type GestureEvent,
} from './player-gestures.ts';

const at = (x: number, y: number) => ({ x, y, width: 390, height: 220 });

describe('the player gesture recogniser', () => {
  let events: GestureEvent[];
  let recogniser: GestureRecogniser;
  beforeEach(() => {
    vi.useFakeTimers();
    events = [];
    recogniser = new GestureRecogniser((event) => events.push(event));
  });
  afterEach(() => {
    recogniser.dispose();
    vi.useRealTimers();
  });

  const tap = (x = 100, y = 100) => {
    recogniser.down(at(x, y));
    vi.advanceTimersByTime(60);
    recogniser.up(at(x + 2, y + 1)); // a finger wobbles a little
  };

  it('a tap is reported once no second tap follows', () => {
    tap();
    expect(events).toEqual([]);
    vi.advanceTimersByTime(DOUBLE_TAP_MS);
    expect(events).toEqual([{ type: 'tap' }]);
  });

  it('two quick taps are a double tap, and no tap', () => {
    tap();
    vi.advanceTimersByTime(100);
    tap(110, 105);
    vi.advanceTimersByTime(1_000);
    expect(events).toEqual([{ type: 'double-tap' }]);
  });

  it('two taps far apart are two taps', () => {
    tap(40, 100);
    vi.advanceTimersByTime(100);
    tap(340, 100);
    vi.advanceTimersByTime(1_000);
    expect(events).toEqual([{ type: 'tap' }, { type: 'tap' }]);
  });

  it('two taps slower than the double-tap window are two taps', () => {
    tap();
    vi.advanceTimersByTime(DOUBLE_TAP_MS + 50);
    tap();
    vi.advanceTimersByTime(DOUBLE_TAP_MS);
    expect(events).toEqual([{ type: 'tap' }, { type: 'tap' }]);
  });

  it('a press held still starts a hold at 500 ms and ends it on release, without a tap', () => {
    recogniser.down(at(200, 100));
    vi.advanceTimersByTime(HOLD_MS - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([{ type: 'hold-start' }]);
    recogniser.move(at(230, 140)); // moving while held does not seek
    recogniser.up(at(230, 140));
    vi.advanceTimersByTime(1_000);
    expect(events).toEqual([{ type: 'hold-start' }, { type: 'hold-end' }]);
  });

  it('a hold taken away (pointercancel) still ends', () => {
    recogniser.down(at(200, 100));
    vi.advanceTimersByTime(HOLD_MS);
    recogniser.cancel();
    expect(events).toEqual([{ type: 'hold-start' }, { type: 'hold-end' }]);
  });

  it('a horizontal drag seeks by the fraction of the width, never taps nor holds', () => {
    recogniser.down(at(100, 100));
    recogniser.move(at(105, 102)); // within the slop: nothing yet
    expect(events).toEqual([]);
    recogniser.move(at(139, 104));
    recogniser.move(at(178, 110));
    vi.advanceTimersByTime(HOLD_MS * 2);
    recogniser.up(at(217, 112));
    vi.advanceTimersByTime(DOUBLE_TAP_MS * 2);
    expect(events).toEqual([
      { type: 'seek', fraction: 0.1, phase: 'move' },
      { type: 'seek', fraction: 0.2, phase: 'move' },
      { type: 'seek', fraction: 0.3, phase: 'move' },
      { type: 'seek', fraction: 0.3, phase: 'end' },
    ]);
  });

  it('a leftward drag seeks back; a cancelled one is not applied', () => {
    recogniser.down(at(300, 100));
    recogniser.move(at(261, 100));
    recogniser.cancel();
    expect(events).toEqual([
      { type: 'seek', fraction: -0.1, phase: 'move' },
      { type: 'seek', fraction: -0.1, phase: 'cancel' },
    ]);
  });

  it('vertical drags change the level of the half they began on: up is more', () => {
    recogniser.down(at(80, 150));
    recogniser.move(at(82, 95));
    recogniser.up(at(82, 84));
    recogniser.down(at(300, 50));
    recogniser.move(at(298, 105));
    recogniser.up(at(240, 105)); // drifting sideways later keeps the axis decided first
    expect(events).toEqual([
      { type: 'level', side: 'left', fraction: 0.25, phase: 'move' },
      { type: 'level', side: 'left', fraction: 0.3, phase: 'move' },
      { type: 'level', side: 'left', fraction: 0.3, phase: 'end' },
      { type: 'level', side: 'right', fraction: -0.25, phase: 'move' },
      { type: 'level', side: 'right', fraction: -0.25, phase: 'move' },
      { type: 'level', side: 'right', fraction: -0.25, phase: 'end' },
    ]);
  });

  it('a drag right after a tap drops that tap', () => {
    tap();
    recogniser.down(at(100, 100));
    recogniser.move(at(160, 100));
    recogniser.up(at(160, 100));
    vi.advanceTimersByTime(1_000);
    expect(events.map((event) => event.type)).toEqual(['seek', 'seek', 'seek']);
  });
});

describe('swipe arithmetic', () => {
  it('a full width spans a short video whole, two minutes of a long one, clamped to the video', () => {
    expect(swipeTarget(10, 0.5, 28)).toBe(24);
    expect(swipeTarget(10, -0.5, 28)).toBe(0);
    expect(swipeTarget(10, 1, 28)).toBe(28);
    expect(swipeTarget(600, 0.25, 6_000)).toBe(630);
    expect(swipeTarget(5, 0.5, Number.NaN)).toBe(5);
  });

  it('a level moves by the fraction and stays in its range', () => {
    expect(swipeLevel(0.5, 0.25)).toBe(0.75);
    expect(swipeLevel(0.9, 0.3)).toBe(1);
    expect(swipeLevel(0.1, -0.3)).toBe(0);
    expect(swipeLevel(1, -0.9, 0.2, 1.6)).toBe(0.2);
  });
});

import { describe, expect, it } from 'vitest';
import {
  DENSITY,
  FIXED_MS,
  fixedLane,
  GAP_PX,
  SCROLL_MS,
  scrollLane,
  scrollX,
  type LaneEntry,
} from './danmaku-lanes.ts';

const WIDTH = 1200;
const LANES = 12;

/** A seeded stream of numbers in [0, 1) (the same every run). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Places `count` scroll danmaku arriving in time order, as the engine does frame by frame. */
function placeStream(count: number, perSecond: number, overlap: boolean) {
  const random = numbers(7);
  const placed: LaneEntry[] = [];
  const skipped: number[] = [];
  for (let n = 0; n < count; n++) {
    const atMs = Math.round((n * 1_000) / perSecond);
    const onScreen = placed.filter((entry) => atMs < entry.item.atMs + SCROLL_MS);
    const candidate = { item: { atMs, mode: 'scroll' as const }, width: 40 + Math.round(random() * 360) };
    const lane = scrollLane(onScreen, candidate, LANES, WIDTH, overlap);
    if (lane < 0) skipped.push(atMs);
    else placed.push({ ...candidate, lane });
  }
  return { placed, skipped };
}

describe('danmaku lanes', () => {
  it('a scroll danmaku crosses from the right edge to beyond the left in SCROLL_MS', () => {
    const entry = { item: { atMs: 1_000, mode: 'scroll' as const }, width: 200 };
    expect(scrollX(entry, 1_000, WIDTH)).toBe(WIDTH);
    expect(scrollX(entry, 1_000 + SCROLL_MS / 2, WIDTH)).toBe((WIDTH - 200) / 2);
    expect(scrollX(entry, 1_000 + SCROLL_MS, WIDTH)).toBe(-200);
  });

  it('never lets two scroll danmaku of one lane touch, at any moment (no overlap)', () => {
    const { placed, skipped } = placeStream(600, 20, false);
    expect(placed.length).toBeGreaterThan(250);
    expect(skipped.length).toBeGreaterThan(0); // 20 a second is more than 12 lanes hold
    for (const a of placed) {
      for (const b of placed) {
        if (a === b || a.lane !== b.lane || a.item.atMs > b.item.atMs) continue;
        for (let time = b.item.atMs; time <= a.item.atMs + SCROLL_MS; time += 100) {
          const [aLeft, bLeft] = [scrollX(a, time, WIDTH), scrollX(b, time, WIDTH)];
          expect(bLeft, `lane ${a.lane} at ${time} ms`).toBeGreaterThanOrEqual(aLeft + a.width + GAP_PX - 1e-6);
        }
      }
    }
  });

  it('at 多 every danmaku gets a lane', () => {
    const { placed, skipped } = placeStream(600, 20, DENSITY.high.overlap);
    expect(skipped).toEqual([]);
    expect(placed).toHaveLength(600);
  });

  it('top and bottom danmaku take the first lane free of their kind', () => {
    const top = (lane: number): LaneEntry => ({ item: { atMs: 0, mode: 'top' }, lane, width: 100 });
    const bottom = (lane: number): LaneEntry => ({ item: { atMs: 0, mode: 'bottom' }, lane, width: 100 });
    expect(fixedLane([], 'top', 3, false)).toBe(0);
    expect(fixedLane([top(0), top(2), bottom(1)], 'top', 3, false)).toBe(1);
    expect(fixedLane([top(0), top(1), top(2)], 'bottom', 3, false)).toBe(0);
    expect(fixedLane([top(0), top(1), top(2)], 'top', 3, false)).toBe(-1);
    expect(fixedLane([top(0), top(1), top(2)], 'top', 3, true)).toBeGreaterThanOrEqual(0);
    expect(FIXED_MS).toBeLessThan(SCROLL_MS);
  });
});

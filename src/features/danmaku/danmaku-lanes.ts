/**
 * Where a danmaku goes (danmaku-engine.ts draws them): pure functions of the danmaku already on
 * screen, the screen's width and the video's time. A scroll danmaku's left edge moves from the
 * right edge to beyond the left one in SCROLL_MS at constant speed, so a wider one is faster; it
 * takes the first lane where it never touches another (both move linearly, so checking where the
 * later one enters and where the earlier one leaves is enough). Top and bottom ones take the first
 * lane free of their kind. With `overlap` (density 多) a danmaku with no free lane shares one
 * instead of being left out.
 */
import type { DanmakuMode } from '../../../contract/enums.ts';
import type { DanmakuDensity } from './danmaku-settings.ts';

export const SCROLL_MS = 8_000;
export const FIXED_MS = 4_000;
/** The least space between two scroll danmaku of a lane, in CSS px. */
export const GAP_PX = 16;

/** How much of the height gets lanes, how many danmaku at once, whether they may overlap. */
export const DENSITY: Record<DanmakuDensity, { laneShare: number; max: number; overlap: boolean }> = {
  low: { laneShare: 0.5, max: 20, overlap: false },
  medium: { laneShare: 1, max: 60, overlap: false },
  high: { laneShare: 1, max: Infinity, overlap: true },
};

export interface LaneEntry {
  item: { atMs: number; mode: DanmakuMode };
  lane: number;
  /** Width in CSS px. */
  width: number;
}

export const lifeOf = (mode: DanmakuMode): number => (mode === 'scroll' ? SCROLL_MS : FIXED_MS);

/** Left edge of a scroll danmaku at `time` on a screen `screenWidth` wide. */
export const scrollX = (entry: Pick<LaneEntry, 'item' | 'width'>, time: number, screenWidth: number): number =>
  screenWidth - ((time - entry.item.atMs) / SCROLL_MS) * (screenWidth + entry.width);

/** Whether two scroll danmaku of one lane never touch. */
export function apart(a: Pick<LaneEntry, 'item' | 'width'>, b: Pick<LaneEntry, 'item' | 'width'>, screenWidth: number) {
  const [front, back] = a.item.atMs <= b.item.atMs ? [a, b] : [b, a];
  const enter = back.item.atMs;
  const leave = front.item.atMs + SCROLL_MS;
  const clear = (time: number) =>
    scrollX(back, time, screenWidth) >= scrollX(front, time, screenWidth) + front.width + GAP_PX;
  return enter >= leave || (clear(enter) && clear(leave));
}

/** The lane for a scroll danmaku, or -1 when none is free and overlapping is off. */
export function scrollLane(
  placed: Iterable<LaneEntry>,
  candidate: Pick<LaneEntry, 'item' | 'width'>,
  lanes: number,
  screenWidth: number,
  overlap: boolean,
): number {
  const occupied: LaneEntry[][] = Array.from({ length: lanes }, () => []);
  for (const entry of placed) {
    if (entry.item.mode === 'scroll' && entry.lane < lanes) occupied[entry.lane]!.push(entry);
  }
  const free = occupied.findIndex((lane) => lane.every((other) => apart(other, candidate, screenWidth)));
  if (free >= 0 || !overlap) return free;
  // The lane whose latest danmaku entered first has the most room.
  let best = 0;
  let bestAt = Infinity;
  occupied.forEach((lane, index) => {
    const latest = Math.max(...lane.map((entry) => entry.item.atMs));
    if (latest < bestAt) [best, bestAt] = [index, latest];
  });
  return best;
}

/** The lane for a top or bottom danmaku (counted from its edge), or -1. */
export function fixedLane(placed: Iterable<LaneEntry>, mode: DanmakuMode, lanes: number, overlap: boolean): number {
  const taken = new Set<number>();
  let count = 0;
  for (const entry of placed) {
    count++;
    if (entry.item.mode === mode) taken.add(entry.lane);
  }
  for (let lane = 0; lane < lanes; lane++) if (!taken.has(lane)) return lane;
  return overlap ? count % lanes : -1;
}

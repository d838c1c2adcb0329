/**
 * 清晰度: the rungs of an HLS ladder as the player offers them (自动 plus one entry per height,
 * highest first), and the viewer's choice, remembered on the device (localStorage) as a height so
 * it carries over to other videos: a video without that height plays the nearest lower one, or
 * the lowest.
 */
import { PLAYER_QUALITY_KEY } from '../../lib/storage-keys.ts';

/** A height in pixels (720), or 'auto': hls.js picks by bandwidth. */
export type Quality = number | 'auto';

export const qualityLabel = (quality: Quality): string => (quality === 'auto' ? '自动' : `${quality}P`);

/** The menu's entries for the stream's level heights: 自动 alone for a single rung. */
export function qualityOptions(heights: readonly number[]): Quality[] {
  const distinct = [...new Set(heights.filter((h) => Number.isFinite(h) && h > 0))].sort((a, b) => b - a);
  return distinct.length < 2 ? ['auto'] : ['auto', ...distinct];
}

/**
 * The hls.js level index for a chosen quality: -1 (automatic) for 'auto' or a single rung; else
 * the level of that height, or the highest below it, or the lowest level.
 */
export function levelFor(heights: readonly number[], quality: Quality): number {
  if (quality === 'auto' || qualityOptions(heights).length < 2) return -1;
  let best = -1;
  heights.forEach((height, index) => {
    if (height <= quality && (best === -1 || height > heights[best]!)) best = index;
  });
  if (best !== -1) return best;
  return heights.reduce((low, height, index) => (height < heights[low]! ? index : low), 0);
}

export function loadQuality(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Quality {
  try {
    const saved = Number(storage?.getItem(PLAYER_QUALITY_KEY));
    return Number.isSafeInteger(saved) && saved > 0 ? saved : 'auto';
  } catch {
    return 'auto';
  }
}

export function saveQuality(
  quality: Quality,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(PLAYER_QUALITY_KEY, String(quality));
  } catch {
    // Private mode or a full store: the choice holds for this page only.
  }
}

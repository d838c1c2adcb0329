/**
 * 清晰度: the rungs of an HLS ladder as the player offers them (自动 plus one entry per height,
 * highest first, named as Bilibili names them: 1080P 超清, 720P 高清, 480P 清晰, 360P 流畅; the bar's
 * button says the height alone), and the viewer's choice, remembered on the device (localStorage) as a height so
 * it carries over to other videos: a video without that height plays the nearest lower one, or
 * the lowest.
 */
import { PLAYER_QUALITY_KEY } from '../../lib/storage-keys.ts';
import { playerMessages as m } from './player-messages.ts';

/** A height in pixels (720), or 'auto': hls.js picks by bandwidth. */
export type Quality = number | 'auto';

/** The bar's button: 自动 or the height (720P). */
export const qualityLabel = (quality: Quality): string => (quality === 'auto' ? m.qualityAuto : `${quality}P`);

/** The lowest height of each tier, highest first. */
const TIERS = [
  [1080, m.qualityTiers.ultra],
  [720, m.qualityTiers.high],
  [480, m.qualityTiers.clear],
  [0, m.qualityTiers.smooth],
] as const;

/** The menu's entry: the height and its tier (720P 高清), or 自动. */
export function qualityName(quality: Quality): string {
  if (quality === 'auto') return m.qualityAuto;
  const tier = TIERS.find(([lowest]) => quality >= lowest)![1];
  return `${qualityLabel(quality)} ${tier}`;
}

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

import { describe, expect, it } from 'vitest';
import { levelFor, loadQuality, qualityLabel, qualityName, qualityOptions, saveQuality } from './quality.ts';

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};

describe('清晰度', () => {
  it('offers 自动 and each height, highest first; 自动 only for one rung or none', () => {
    expect(qualityOptions([360, 1080, 720]).map(qualityLabel)).toEqual(['自动', '1080P', '720P', '360P']);
    expect(qualityOptions([360, 1080, 720, 480]).map(qualityName)).toEqual([
      '自动',
      '1080P 超清',
      '720P 高清',
      '480P 清晰',
      '360P 流畅',
    ]);
    expect([2160, 240].map(qualityName)).toEqual(['2160P 超清', '240P 流畅']);
    expect(qualityOptions([720])).toEqual(['auto']);
    expect(qualityOptions([])).toEqual(['auto']);
    expect(qualityOptions([720, 720, 0])).toEqual(['auto']);
  });

  it('picks the level of the chosen height, else the highest below it, else the lowest', () => {
    const heights = [360, 720, 1080];
    expect(levelFor(heights, 'auto')).toBe(-1);
    expect(levelFor(heights, 720)).toBe(1);
    expect(levelFor(heights, 900)).toBe(1);
    expect(levelFor(heights, 2160)).toBe(2);
    expect(levelFor(heights, 240)).toBe(0);
    expect(levelFor([1080, 360], 480)).toBe(1);
    expect(levelFor([720], 720)).toBe(-1);
  });

  it('remembers the choice on the device; anything else reads as 自动', () => {
    const storage = memory();
    expect(loadQuality(storage)).toBe('auto');
    saveQuality(720, storage);
    expect(loadQuality(storage)).toBe(720);
    saveQuality('auto', storage);
    expect(loadQuality(storage)).toBe('auto');
    storage.setItem('player-quality', 'bogus');
    expect(loadQuality(storage)).toBe('auto');
    expect(loadQuality(undefined)).toBe('auto');
  });
});

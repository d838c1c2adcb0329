import { describe, expect, it } from 'vitest';
import { averageHeight, gridColumns, heightBetween, visibleRows } from './virtual-rows.ts';

const uniform = (height: number) => ({ measured: new Map<number, number>(), estimate: height });

describe('window virtualisation', () => {
  it('finds the rows near the viewport', () => {
    // 100 rows of 100 px; viewport 1000-1800 px from the list top, 200 px overscan
    expect(visibleRows(100, uniform(100), 1000, 1800, 200)).toEqual({ start: 8, end: 20 });
    expect(visibleRows(100, uniform(100), -500, 300, 0)).toEqual({ start: 0, end: 3 });
    expect(visibleRows(10, uniform(100), 5000, 5800, 0)).toEqual({ start: 9, end: 10 });
    expect(visibleRows(0, uniform(100), 0, 800, 0)).toEqual({ start: 0, end: 0 });
  });

  it('spacers add up measured and estimated heights', () => {
    const heights = { measured: new Map([[0, 150], [1, 50]]), estimate: 100 };
    expect(heightBetween(heights, 0, 4)).toBe(400);
    expect(averageHeight(heights.measured, 80)).toBe(100);
    expect(averageHeight(new Map(), 80)).toBe(80);
  });

  it('fits 2 columns on a phone and up to 6 on a desktop', () => {
    expect(gridColumns(358, 158, 12)).toBe(2);
    expect(gridColumns(720, 158, 12)).toBe(4);
    expect(gridColumns(1072, 158, 12)).toBe(6);
    expect(gridColumns(200, 158, 12)).toBe(2);
  });
});

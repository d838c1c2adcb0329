import { describe, expect, it } from 'vitest';
import { monthBandsDown, popularityBand, popularityBandsDown, postBandWords } from './bands.ts';

describe('post bands', () => {
  it('bands a popularity by its whole part as the float4 column holds it', () => {
    expect(popularityBand(0)).toBe(0);
    expect(popularityBand(13.5)).toBe(13);
    // 13.99999999 is 14 as a float4: the band follows the column, not the float8 it was made of.
    expect(popularityBand(13.99999999)).toBe(14);
    expect(popularityBandsDown(2.7)).toEqual(['~p2', '~p1', '~p0']);
  });

  it('bands a time by its UTC month, and lists the months down across a year', () => {
    // 07:59 in Shanghai on 1 December is still 30 November in UTC.
    expect(postBandWords(1.5, new Date('2026-12-01T07:59:00+08:00'))).toEqual(['~p1', '~m202611']);
    expect(monthBandsDown(new Date('2027-02-03T00:00:00Z'), new Date('2026-11-30T23:59:59Z'))).toEqual([
      '~m202702',
      '~m202701',
      '~m202612',
      '~m202611',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { EpisodeBrief } from '../../../contract/calls/content.ts';
import { adjacentEpisodes } from './use-auto-next.ts';
import { inOutro, introJump } from './use-skip-marks.ts';

const MARKS = { introEndS: 6, outroStartS: 46 };
const episode = (number: number): EpisodeBrief => ({ id: number * 10, number, title: `第${number}集`, durationS: 56 });

describe('skipping the intro and the outro', () => {
  it('jumps from the start or a seek inside the intro to its end, and not from after it', () => {
    expect(introJump(0, MARKS, 56)).toBe(6);
    expect(introJump(3.2, MARKS, 56)).toBe(6);
    expect(introJump(5.8, MARKS, 56)).toBeNull(); // where a jump lands, give or take
    expect(introJump(6, MARKS, 56)).toBeNull();
    expect(introJump(30, MARKS, 56)).toBeNull();
  });

  it('finds the outro from its mark to just before the end', () => {
    expect(inOutro(45.9, MARKS, 56)).toBe(false);
    expect(inOutro(46, MARKS, 56)).toBe(true);
    expect(inOutro(50, MARKS, 56)).toBe(true);
    expect(inOutro(55.8, MARKS, 56)).toBe(false);
  });

  it('ignores missing marks and marks beyond the video (a short episode, an unknown duration)', () => {
    expect(introJump(0, { introEndS: null, outroStartS: null }, 56)).toBeNull();
    expect(introJump(0, { introEndS: 60 }, 56)).toBeNull();
    expect(introJump(0, MARKS, Number.NaN)).toBeNull();
    expect(inOutro(50, { outroStartS: 80 }, 56)).toBe(false);
    expect(inOutro(50, {}, 56)).toBe(false);
  });
});

describe('the episodes around the one playing', () => {
  it('gives the previous and the next by number, with gaps and in any order', () => {
    const list = [episode(4), episode(1), episode(2)];
    expect(adjacentEpisodes(list, 1)).toEqual({ previous: null, next: episode(2) });
    expect(adjacentEpisodes(list, 2)).toEqual({ previous: episode(1), next: episode(4) });
    expect(adjacentEpisodes(list, 4)).toEqual({ previous: episode(2), next: null });
  });

  it('has none for a film or an episode not in the list', () => {
    expect(adjacentEpisodes([episode(1)], 1)).toEqual({ previous: null, next: null });
    expect(adjacentEpisodes([episode(1), episode(2)], 3)).toEqual({ previous: null, next: null });
  });
});

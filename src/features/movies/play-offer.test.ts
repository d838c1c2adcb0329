import { describe, expect, it } from 'vitest';
import { playOffer } from './play-offer.ts';

const episodes = (n: number) => Array.from({ length: n }, (_, i) => ({ number: i + 1 }));

describe('the detail page’s play offer', () => {
  it('never watched, or left in the first seconds: 立即播放', () => {
    expect(playOffer(null, episodes(1))).toEqual({ kind: 'start' });
    expect(playOffer({ episode: 1, position: 3, duration: 80 }, episodes(1))).toEqual({ kind: 'start' });
  });

  it('part-way: goes on in that episode from there', () => {
    expect(playOffer({ episode: 4, position: 44.4, duration: 88 }, episodes(8))).toEqual({
      kind: 'resume',
      episode: 4,
      position: 44.4,
    });
  });

  it('an episode watched to the end: the next one; the last one or a film: 重新播放 from the first', () => {
    expect(playOffer({ episode: 4, position: 87.5, duration: 88 }, episodes(8))).toEqual({ kind: 'next', episode: 5 });
    expect(playOffer({ episode: 8, position: 88, duration: 88 }, episodes(8))).toEqual({ kind: 'replay', episode: 1 });
    expect(playOffer({ episode: 1, position: 71.5, duration: 72 }, episodes(1))).toEqual({
      kind: 'replay',
      episode: 1,
    });
  });
});

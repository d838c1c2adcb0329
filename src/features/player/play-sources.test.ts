import { describe, expect, it } from 'vitest';
import { isOwnSource, nextSource, rememberSource, startSource } from './play-sources.ts';

const SOURCES = [
  { name: '本站', playlist: 'play/t1/index.m3u8' },
  { name: '非凡资源', playlist: 'https://ff.example/1/index.m3u8' },
  { name: '量子资源', playlist: 'https://lz.example/1/index.m3u8' },
];

describe('播放源', () => {
  it('fails over to the next source not tried yet, wrapping, and gives up once every one failed', () => {
    expect(nextSource(3, 0, [0])).toBe(1);
    expect(nextSource(3, 1, [0, 1])).toBe(2);
    expect(nextSource(3, 2, [0, 1, 2])).toBeNull();
    // Chosen by hand from the middle: the ones after it first, then the ones before.
    expect(nextSource(3, 1, [1])).toBe(2);
    expect(nextSource(3, 2, [1, 2])).toBe(0);
    expect(nextSource(1, 0, [0])).toBeNull();
    expect(nextSource(0, 0, [])).toBeNull();
  });

  it('starts a title’s episodes from the source chosen for it, else the first', () => {
    expect(startSource(7, SOURCES)).toBe(0);
    rememberSource(7, '量子资源');
    expect(startSource(7, SOURCES)).toBe(2);
    // Another title, or an episode without that source: the first.
    expect(startSource(8, SOURCES)).toBe(0);
    expect(startSource(7, SOURCES.slice(0, 2))).toBe(0);
  });

  it('tells the own video (a key on a CDN line) from an external URL', () => {
    expect(SOURCES.map(isOwnSource)).toEqual([true, false, false]);
    expect(isOwnSource({ name: '本站', playlist: 'http://127.0.0.1:9/x/index.m3u8' })).toBe(false);
    expect(isOwnSource({ name: '本地', playlist: '/offline/1/1/index.m3u8' })).toBe(true);
  });
});

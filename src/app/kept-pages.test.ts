import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MAX, nextKeptPages, type KeptPage } from './kept-pages.ts';

const always = () => true;
const show = (pages: readonly KeptPage[], ...keys: string[]) =>
  keys.reduce((acc, key) => nextKeptPages(acc, key, always), pages);
const keysOf = (pages: readonly KeptPage[]) => pages.map((page) => page.key);

describe('nextKeptPages', () => {
  it('adds new pages in a stable order', () => {
    expect(keysOf(show([], '/', '/movie', '/forum', '/movie'))).toEqual(['/', '/movie', '/forum']);
  });

  it('returns the same array when nothing changes', () => {
    const pages = show([], '/', '/movie');
    expect(nextKeptPages(pages, '/movie', always)).toBe(pages);
    expect(nextKeptPages(pages, null, always)).toBe(pages);
  });

  it(`keeps at most ${KEEP_ALIVE_MAX} pages, evicting the least recently shown`, () => {
    let pages = show([], ...Array.from({ length: KEEP_ALIVE_MAX }, (_, i) => `/p${i}`));
    pages = show(pages, '/p0'); // p0 is recent again, p1 is now the oldest
    pages = show(pages, '/new');
    expect(pages).toHaveLength(KEEP_ALIVE_MAX);
    expect(keysOf(pages)).toContain('/p0');
    expect(keysOf(pages)).not.toContain('/p1');
    expect(keysOf(pages)).toContain('/new');
  });

  it('drops pages that may not be retained, except the one shown', () => {
    const pages = show([], '/', '/movie/play/1');
    const retain = (key: string) => !key.startsWith('/movie/play');
    expect(keysOf(nextKeptPages(pages, '/movie/play/1', retain))).toEqual(['/', '/movie/play/1']);
    expect(keysOf(nextKeptPages(pages, '/', retain))).toEqual(['/']);
  });

  it('shows none while a guard redirects, still dropping what may not stay', () => {
    const pages = show([], '/', '/mine');
    expect(keysOf(nextKeptPages(pages, null, (key) => key !== '/mine'))).toEqual(['/']);
  });
});

import { describe, expect, it } from 'vitest';
import { nextSort, paramSort, sortParam } from './list-sort.ts';

describe('list sort', () => {
  it('sorts a new column descending first, then turns it', () => {
    expect(nextSort(null, 'title')).toEqual({ column: 'title', dir: 'desc' });
    expect(nextSort({ column: 'title', dir: 'desc' }, 'title')).toEqual({ column: 'title', dir: 'asc' });
    expect(nextSort({ column: 'title', dir: 'asc' }, 'title')).toEqual({ column: 'title', dir: 'desc' });
    expect(nextSort({ column: 'title', dir: 'asc' }, 'updated')).toEqual({ column: 'updated', dir: 'desc' });
  });

  it('reads column:dir of a known column only', () => {
    const read = (search: string) => paramSort(new URLSearchParams(search), ['title', 'updated']);
    expect(read('sort=title:asc')).toEqual({ column: 'title', dir: 'asc' });
    expect(read('sort=updated:desc')).toEqual({ column: 'updated', dir: 'desc' });
    expect(read('sort=plays:desc')).toBeUndefined();
    expect(read('sort=title:up')).toBeUndefined();
    expect(read('sort=title')).toBeUndefined();
    expect(read('')).toBeUndefined();
  });

  it('writes column:dir, leaving the default out', () => {
    expect(sortParam({ column: 'title', dir: 'asc' })).toBe('title:asc');
    expect(sortParam(null)).toBeUndefined();
    const fallback = { column: 'updated', dir: 'desc' } as const;
    expect(sortParam({ column: 'updated', dir: 'desc' }, fallback)).toBeUndefined();
    expect(sortParam({ column: 'updated', dir: 'asc' }, fallback)).toBe('updated:asc');
  });
});

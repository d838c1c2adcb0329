import { describe, expect, it } from 'vitest';
import { pagerItems } from './pager-items.ts';

describe('pagerItems', () => {
  it('shows the first, the last and two on each side of the current page, gaps as ellipses', () => {
    expect(pagerItems(6, 20)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]);
  });

  it('shows every page of a short list', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows a gap of one page as that page, not an ellipsis', () => {
    expect(pagerItems(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pagerItems(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
    expect(pagerItems(10, 10)).toEqual([1, 'gap', 8, 9, 10]);
    expect(pagerItems(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 10]);
  });

  it('reads a page out of range as the nearest one, and no pages as nothing', () => {
    expect(pagerItems(99, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(0, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(1, 0)).toEqual([]);
  });
});

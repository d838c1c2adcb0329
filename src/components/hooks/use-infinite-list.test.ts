import { describe, expect, it } from 'vitest';
import type { Page } from '../../../contract/calls/content.ts';
import { emptyList, mergePage } from './use-infinite-list.ts';

const page = (n: number, ids: number[], total: number, pageSize = 3): Page<{ id: number }> => ({
  list: ids.map((id) => ({ id })),
  total,
  page: n,
  pageSize,
});

describe('merging pages of an infinite list', () => {
  it('appends pages in order and is done at the total', () => {
    let data = mergePage(emptyList<{ id: number }>(), page(1, [1, 2, 3], 7));
    expect(data).toMatchObject({ page: 1, total: 7, done: false, loading: false });
    data = mergePage(data, page(2, [4, 5, 6], 7));
    expect(data.done).toBe(false);
    data = mergePage(data, page(3, [7], 7));
    expect(data.items.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(data.done).toBe(true);
  });

  it('drops items already shown (a new item pushed them to the next page)', () => {
    const first = mergePage(emptyList<{ id: number }>(), page(1, [10, 9, 8], 9));
    const second = mergePage(first, page(2, [8, 7, 6], 9));
    expect(second.items.map((item) => item.id)).toEqual([10, 9, 8, 7, 6]);
  });

  it('page 1 replaces the items (reload)', () => {
    const loaded = mergePage(mergePage(emptyList<{ id: number }>(), page(1, [1, 2, 3], 6)), page(2, [4, 5, 6], 6));
    expect(mergePage(loaded, page(1, [9, 1, 2], 7)).items.map((item) => item.id)).toEqual([9, 1, 2]);
  });

  it('is done on a short or empty page even when the total says otherwise', () => {
    expect(mergePage(emptyList<{ id: number }>(), page(1, [1], 50)).done).toBe(true);
    expect(mergePage(emptyList<{ id: number }>(), page(1, [], 0)).done).toBe(true);
  });

  it('follows the cursor of a list paged by cursor, done only when an answer has none', () => {
    const at = (n: number, ids: number[], cursor?: string) => ({
      ...page(n, ids, 10_000),
      ...(cursor ? { cursor } : {}),
    });
    let data = mergePage(emptyList<{ id: number }>(), at(1, [1, 2, 3], 'pn.3'));
    expect(data).toMatchObject({ cursor: 'pn.3', done: false });
    data = mergePage(data, at(2, [4, 5, 6], 'pn.6'));
    expect(data).toMatchObject({ cursor: 'pn.6', done: false });
    // A full page without a cursor is the end, though the (capped) total is far off.
    data = mergePage(data, at(3, [7, 8, 9]));
    expect(data).toMatchObject({ cursor: null, done: true });
    expect(data.items).toHaveLength(9);
    // Reached the total but the answer has a cursor: more may have come since the total was read.
    expect(mergePage(emptyList<{ id: number }>(), { ...page(1, [1, 2, 3], 3), cursor: 'pn.3' }).done).toBe(false);
  });

  it('clears a previous error', () => {
    const failed = { ...emptyList<{ id: number }>(), error: new Error('x'), loading: true };
    expect(mergePage(failed, page(1, [1, 2, 3], 3)).error).toBeNull();
  });
});

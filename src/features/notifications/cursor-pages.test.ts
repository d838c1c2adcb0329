import { describe, expect, it } from 'vitest';
import { emptyList, mergePage } from '../../components/hooks/use-infinite-list.ts';
import { cursorPages } from './cursor-pages.ts';

/** A server of 45 numbers paged by cursor (the next number to send), 20 at a time. */
const asked: Array<string | undefined> = [];
const fetchCursor = async (cursor: string | undefined, size: number) => {
  asked.push(cursor);
  const from = cursor === undefined ? 0 : Number(cursor);
  const list = Array.from({ length: Math.min(size, 45 - from) }, (_, i) => ({ id: from + i }));
  return { list, nextCursor: from + size < 45 ? String(from + size) : null };
};

describe('cursorPages', () => {
  it('asks page N with the cursor of page N-1 and ends the list when no cursor comes back', async () => {
    const fetchPage = cursorPages('test:numbers', fetchCursor);
    let data = emptyList<{ id: number }>();
    for (let page = 1; !data.done; page += 1) data = mergePage(data, await fetchPage(page, 20));
    expect(asked).toEqual([undefined, '20', '40']);
    expect(data.items.map((item) => item.id)).toEqual(Array.from({ length: 45 }, (_, i) => i));
    expect(data.page).toBe(3);
  });

  it('keeps a list going when a page comes back short but with a cursor (rows hidden on the server)', async () => {
    const fetchPage = cursorPages('test:short', async () => ({ list: [{ id: 1 }], nextCursor: 'more' }));
    const data = mergePage(emptyList<{ id: number }>(), await fetchPage(1, 20));
    expect(data.done).toBe(false);
  });

  it('answers an empty last page for a page it has no cursor for', async () => {
    const fetchPage = cursorPages('test:unknown', fetchCursor);
    expect((await fetchPage(5, 20)).list).toEqual([]);
  });
});

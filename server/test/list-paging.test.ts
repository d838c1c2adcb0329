/**
 * Public infinite lists page by cursor (server/db/keyset.ts): following the cursors reads the same
 * rows in the same order as the numbered pages, in every sort and across a forum group's pinned
 * topics; a cursor of another sort or a malformed one is code 2; numbered pages stop at
 * LIST_MAX_PAGE; a total that would need a long count is capped; tag counts leave hidden posts out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIST_MAX_PAGE,
  LIST_TOTAL_CAP,
  type MovieCard,
  type Page,
  type PostCard,
  type Tag,
} from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { recountCounters } from '../db/counters.ts';
import { codeOf, dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

describe.each(DB_KINDS)('keyset paging of the public lists on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent });
  });
  afterAll(() => h?.close());

  /** Every row of the list, page after page by cursor; and the pages' count. */
  async function walk<T extends { id: number }>(path: string, payload: object, pageSize: number) {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer: Page<T> = await dataOf(h.client, path, { ...payload, pageSize, ...(cursor ? { cursor } : {}) });
      seen.push(...answer.list.map((item) => item.id));
      cursor = answer.cursor;
      pages += 1;
    } while (cursor !== undefined && pages < 100);
    return { seen, pages };
  }

  const all = async (path: string, payload: object) =>
    (await dataOf<Page<{ id: number }>>(h.client, path, { ...payload, pageSize: 50 })).list.map((item) => item.id);

  const LISTS = [
    [API.moviePage, { sort: 'new' }],
    [API.moviePage, { sort: 'hot' }],
    [API.moviePage, { sort: 'like', categoryId: FX.action }],
    [API.moviePage, { sort: 'hot', tag: '热血' }],
    [API.topicPage, { sort: 'new', topicId: FX.forumGroup.topicId }],
    [API.topicPage, { sort: 'reply', topicId: FX.forumGroup.topicId }],
    [API.chiguaPage, { sort: 'hot' }],
    [API.archivesPage, { sort: 'new' }],
    [API.userPage, {}],
    [API.typePage, { type: 'vip' }],
  ] as const;

  it.each(LISTS)('%s %o: the cursors walk the whole list once, in order', async (path, payload) => {
    const expected = await all(path, payload);
    expect(expected.length).toBeGreaterThan(1);
    const { seen, pages } = await walk(path, payload, 2);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 2));
  });

  it.each(LISTS)('%s %o: numbered pages hold the whole list once, in order', async (path, payload) => {
    const expected = await all(path, payload);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 3); page++) {
      const answer = await dataOf<Page<{ id: number }>>(h.client, path, { ...payload, page, pageSize: 3 });
      seen.push(...answer.list.map((item) => item.id));
    }
    expect(seen).toEqual(expected);
  });

  it('refuses a cursor of another sort or list, or a malformed one, with code 2', async () => {
    const first = await dataOf<Page<MovieCard>>(h.client, API.moviePage, { sort: 'new', pageSize: 2 });
    expect(first.cursor).toMatch(/^mn\./);
    for (const [path, payload] of [
      [API.moviePage, { sort: 'hot', cursor: first.cursor }],
      [API.topicPage, { cursor: first.cursor }],
      [API.moviePage, { cursor: 'mn.abc.1' }],
      [API.moviePage, { cursor: 'mn.1' }],
      [API.moviePage, { cursor: `mn.${'9'.repeat(30)}.1` }],
      [API.moviePage, { cursor: "mn.1'; DROP TABLE movies; --.1" }],
    ] as const) {
      const { code, msg } = await codeOf(h.client, path, payload);
      expect(code, JSON.stringify(payload)).toBe(Code.InvalidParams);
      expect(msg).toContain('cursor');
    }
  });

  it(`serves numbered pages up to ${LIST_MAX_PAGE}; deeper only after a cursor`, async () => {
    expect((await dataOf<Page<MovieCard>>(h.client, API.moviePage, { page: LIST_MAX_PAGE })).list).toEqual([]);
    const deep = await codeOf(h.client, API.moviePage, { page: LIST_MAX_PAGE + 1 });
    expect(deep.code).toBe(Code.InvalidParams);
    expect(deep.msg).toContain(`页码超出范围：最多 ${LIST_MAX_PAGE} 页`);
    const first = await dataOf<Page<MovieCard>>(h.client, API.moviePage, { pageSize: 2 });
    const after = await dataOf<Page<MovieCard>>(h.client, API.moviePage, {
      page: LIST_MAX_PAGE + 1,
      pageSize: 2,
      cursor: first.cursor,
    });
    expect(after.list).toHaveLength(2);
  });

  it('leaves hidden posts out of tag counts and list totals', async () => {
    const tag = async () => (await dataOf<Tag[]>(h.client, API.allTags)).find((t) => t.id === 1)!;
    const before = await tag();
    const listed = await dataOf<Page<PostCard>>(h.client, API.topicPage, { tag: before.key });
    expect(listed.total).toBe(listed.list.length);
    await h.db.query('UPDATE posts SET hidden_at = now() WHERE id = $1', [listed.list[0]!.id]);
    expect((await tag()).count).toBe(before.count - 1);
    const after = await dataOf<Page<PostCard>>(h.client, API.topicPage, { tag: before.key });
    expect(after.total).toBe(listed.total - 1);
  });

  it(`answers a total past ${LIST_TOTAL_CAP} that has no kept counter as the cap, with capped`, async () => {
    // A bulk fill as the scale seed makes one: triggers off, then the counters recounted.
    await h.db.tx(async (q) => {
      await q.query('SET LOCAL session_replication_role = replica');
      await q.query(
        `INSERT INTO movies (id, title, description, poster, duration_s, category_id, access, region, year, published_at)
         SELECT 100000 + i, '批量' || i, '', 'posters/m1', 60, $1, 'free', '', 2020, now() - interval '1 day'
         FROM generate_series(1, $2::int) i`,
        [FX.comedy, LIST_TOTAL_CAP],
      );
      await recountCounters(q);
    });
    const free = await dataOf<Page<MovieCard>>(h.client, API.typePage, { type: 'free' });
    expect(free).toMatchObject({ total: LIST_TOTAL_CAP, capped: true });
    const counted = await dataOf<Page<MovieCard>>(h.client, API.moviePage, {});
    expect(counted.total).toBeGreaterThan(LIST_TOTAL_CAP);
    expect(counted.capped).toBeUndefined();
  });
});

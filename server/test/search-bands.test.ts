/**
 * A common word among posts, read by bands (server/search/bands.ts): 1,100 posts holding 雾都, each
 * of its own popularity and time, over three years. Their page is the one read along the orders,
 * page for page down to the deepest; the total is the posts' cap; the bands the documents carry are
 * those migration 042 writes in SQL.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/calls/paths.ts';
import { SEARCH_POST_TOTAL_CAP, type PostHit, type SearchPage } from '../../contract/calls/search.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { indexPosts } from '../search/index-writes.ts';
import { bandedPage, matchedPage, parseKeyword, rankedHits, walkedPage } from '../search/search-query.ts';
import { dataOf } from './content-fixture.ts';
import { createHarness, EVERY_DB_KIND, type Harness } from './harness.ts';
import { seedSearch } from './search-fixture.ts';

const COMMON = 1_100;
const FIRST_ID = 700_000;

describe.each(EVERY_DB_KIND)('a common word among posts, read by bands, on %s', (kind) => {
  let h: Harness;
  let siteId: number;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedSearch });
    siteId = (await h.db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]))!.id;
    // Popularity from 0 to about 21 (every band), times 23 hours apart from 2023 on (every month);
    // no two alike, so each order is one order.
    await h.db.query(
      `INSERT INTO posts (id, kind, category_id, author_id, title, summary, body, created_at, price_coins, views)
       SELECT $1 + i, 'topic', 21, 9001, '第' || i || '夜的故事', '', '那一夜雾都下着雨，编号' || i,
         timestamptz '2023-01-01 00:00:00+00' + i * interval '23 hours' + i * interval '1 second', 0,
         ((i * 7919) % $2) * ((i * 7919) % $2) * $2 + i
       FROM generate_series(0, $2 - 1) i`,
      [FIRST_ID, COMMON],
    );
    await indexPosts(
      h.db,
      Array.from({ length: COMMON }, (_, i) => FIRST_ID + i),
    );
  });
  afterAll(() => h?.close());

  const askedAt = (offset: number, limit: number) => {
    const keyword = parseKeyword('雾都');
    return { kind: 'post' as const, query: keyword.postQuery!, siteId, keyword, page: { offset, limit } };
  };

  it('reads the same pages by bands as along the orders, down to the deepest', async () => {
    for (const [offset, limit] of [
      [0, 24],
      [24, 24],
      [120, 20],
      [216, 24],
    ] as const) {
      const asked = askedAt(offset, limit);
      const walked = await walkedPage(h.db, asked);
      expect(walked).toHaveLength(limit);
      expect(await bandedPage(h.db, asked), `page at ${offset}`).toEqual(walked);
    }
  });

  it('counts posts up to their cap, and answers the page by bands past it', async () => {
    const asked = askedAt(0, 24);
    expect(await matchedPage(h.db, asked)).toEqual({ hits: null, counted: SEARCH_POST_TOTAL_CAP });
    const ranked = await rankedHits(h.db, 'post', siteId, asked.keyword, asked.page);
    expect(ranked).toEqual({ hits: await walkedPage(h.db, asked), total: SEARCH_POST_TOTAL_CAP, capped: true });
    const page = await dataOf<SearchPage<PostHit>>(h.client, API.searchPosts, { keyword: '雾都', pageSize: 24 });
    expect(page).toMatchObject({ total: SEARCH_POST_TOTAL_CAP, capped: true });
    expect(page.list.map((hit) => hit.id)).toEqual(ranked.hits.map((hit) => hit.id));
  });

  it('writes in every post document the bands migration 042 writes in SQL', async () => {
    const docs = () =>
      h.db.query<{ id: number; doc: string }>(
        `SELECT source_id AS id, doc::text AS doc FROM search_docs WHERE kind = 'post' ORDER BY source_id`,
      );
    const written = await docs();
    expect(written.length).toBeGreaterThan(COMMON);
    expect(written.every(({ doc }) => /'~p\d+'/.test(doc) && /'~m\d{6}'/.test(doc))).toBe(true);
    await h.db.query(
      `UPDATE search_docs SET doc = ts_delete(doc, ARRAY(SELECT w.lexeme FROM unnest(doc) w WHERE w.lexeme LIKE '~%'))
       WHERE kind = 'post'`,
    );
    await h.db.query(readFileSync(new URL('../db/migrations/042-post-bands.sql', import.meta.url), 'utf8'));
    expect(await docs()).toEqual(written);
  });
});

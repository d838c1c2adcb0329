/**
 * Every hot list query is served by an index in its order: EXPLAIN of the SQL the list really runs
 * (recorded from the call, first page and a page after a cursor) shows an index scan on the
 * expected index and no Sort above it; a numbered reply page reads from the floor it starts at. Sequential scans, bitmap scans and sorts are turned off so
 * the planner shows what it does on a big table, not what is cheapest on the fixture's few rows: a
 * plan that cannot do without a sort still shows one. A one-word search of movies and users reads
 * its candidates and total by index-only scans of search_terms (it then ranks the bounded
 * candidates, a sort of at most 481 rows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../contract/calls/content.ts';
import type { MovieSort, PostKind, PostSort, ReplySort } from '../../contract/enums.ts';
import type { Db, Queryable } from '../db/db.ts';
import { forumGroups } from '../db/forum.ts';
import { pageMovies, type MovieFilters } from '../db/movies.ts';
import { pagePosts, type PostFilters } from '../db/posts.ts';
import { pageAuthors } from '../db/public-users.ts';
import { findTarget, pageReplies, pageTopicReplies } from '../db/replies.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { allTags } from '../db/tags.ts';
import { parseKeyword, rankedHits } from '../search/search-query.ts';
import { FX, seedContent } from './content-fixture.ts';
import { createHarness, EVERY_DB_KIND, type Harness } from './harness.ts';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** Runs `read` on a Queryable that records the SQL; answers the statements that match `pick`. */
async function recorded(db: Db, read: (q: Queryable) => Promise<unknown>, pick: (sql: string) => boolean) {
  const seen: { sql: string; params: readonly unknown[] }[] = [];
  const q: Queryable = {
    query: (sql, params = []) => {
      seen.push({ sql, params });
      return db.query(sql, params);
    },
    one: async (sql, params) => (await q.query(sql, params))[0] as never,
    exec: (sql) => db.exec(sql),
  };
  await read(q);
  return seen.filter((statement) => pick(statement.sql));
}

async function planOf(db: Db, sql: string, params: readonly unknown[]): Promise<PlanNode[]> {
  return db.tx(async (q) => {
    await q.query('SET LOCAL enable_seqscan = off');
    await q.query('SET LOCAL enable_bitmapscan = off');
    await q.query('SET LOCAL enable_sort = off');
    const [row] = await q.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
    const raw = row?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    return nodesOf(plan[0]!.Plan);
  });
}

/** Each statement's plan sorts nothing and scans `index` (every scan of the list's table, when merged). */
async function expectServedBy(db: Db, statements: { sql: string; params: readonly unknown[] }[], index: string) {
  expect(statements.length).toBeGreaterThan(0);
  for (const { sql, params } of statements) {
    const nodes = await planOf(db, sql, params);
    const types = nodes.map((node) => node['Node Type']);
    expect(types, sql).not.toContain('Sort');
    expect(types, sql).not.toContain('Incremental Sort');
    const scans = nodes.filter((node) => node['Index Name'] === index);
    expect(
      scans.length,
      `${index} in ${JSON.stringify(nodes.map((n) => n['Index Name'] ?? n['Node Type']))}`,
    ).toBeGreaterThan(0);
  }
}

const isList = (sql: string) => sql.includes('"_keys"');

/** The list statements of the first page and of the page after its cursor. */
async function listStatements<T>(db: Db, read: (q: Queryable, cursor?: string) => Promise<Page<T>>) {
  let cursor: string | undefined;
  const first = await recorded(
    db,
    async (q) => {
      cursor = (await read(q)).cursor;
    },
    isList,
  );
  const next = cursor === undefined ? [] : await recorded(db, (q) => read(q, cursor), isList);
  return [...first, ...next];
}

const MOVIE_INDEX: Record<MovieSort, [all: string, category: string]> = {
  new: ['movies_visible', 'movies_category_new'],
  hot: ['movies_visible_views', 'movies_category_views'],
  like: ['movies_visible_likes', 'movies_category_likes'],
};
const POST_INDEX: Record<PostSort, [kind: string, category: string]> = {
  new: ['posts_kind_new', 'posts_category_new'],
  hot: ['posts_kind_views', 'posts_category_views'],
  reply: ['posts_kind_replies', 'posts_category_replies'],
};
const REPLY_INDEX: Record<ReplySort, string> = {
  oldest: 'replies_target_floor',
  newest: 'replies_target_floor',
  hottest: 'replies_target_hot',
};

describe.each(EVERY_DB_KIND)('query plans of the hot lists on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent });
  });
  afterAll(() => h.close());

  const movies = (filters: MovieFilters) =>
    listStatements(h.db, (q, cursor) => pageMovies(q, filters, { page: 1, pageSize: 2, cursor }));
  const posts = (filters: PostFilters) =>
    listStatements(h.db, (q, cursor) => pagePosts(q, filters, { page: 1, pageSize: 2, cursor }));

  it.each(Object.keys(MOVIE_INDEX) as MovieSort[])('movie list by %s: all, a category subtree, a tag', async (sort) => {
    const [all, category] = MOVIE_INDEX[sort];
    await expectServedBy(h.db, await movies({ sort }), all);
    await expectServedBy(h.db, await movies({ sort, categoryIds: [FX.comedy] }), category);
    await expectServedBy(h.db, await movies({ sort, categoryIds: [FX.action, FX.wuxia, 112] }), category);
    await expectServedBy(h.db, await movies({ sort, tagId: 1 }), all);
    if (sort === 'new') await expectServedBy(h.db, await movies({ sort, access: 'vip' }), 'movies_access_new');
  });

  it.each(Object.keys(POST_INDEX) as PostSort[])('post lists by %s: a kind, a forum group, a tag', async (sort) => {
    const [ofKind, ofCategory] = POST_INDEX[sort];
    for (const kind of ['topic', 'chigua', 'article'] as PostKind[]) {
      await expectServedBy(h.db, await posts({ kind, sort }), ofKind);
    }
    const group = [FX.forumGroup.categoryId, 211];
    await expectServedBy(h.db, await posts({ kind: 'topic', sort, categoryIds: group }), ofCategory);
    await expectServedBy(
      h.db,
      await posts({ kind: 'topic', sort, categoryIds: [FX.reviewGroup.categoryId] }),
      ofCategory,
    );
    await expectServedBy(h.db, await posts({ kind: 'topic', sort, tagId: 1 }), ofKind);
  });

  it('an author list, newest first', async () => {
    await expectServedBy(
      h.db,
      await posts({ kind: 'topic', sort: 'new', authorId: FX.authors[0] }),
      'posts_author_new',
    );
  });

  it.each(Object.keys(REPLY_INDEX) as ReplySort[])('reply pages by %s', async (sort) => {
    const target = (await findTarget(h.db, 'post', FX.topicWithReplies))!;
    let cursor: string | undefined;
    const read = (q: Queryable) =>
      pageReplies(q, target, { sort, pageSize: 1, cursor }, null).then((page) => {
        cursor = page.nextCursor ?? undefined;
      });
    const pick = (sql: string) => sql.includes('FROM replies r');
    const first = await recorded(h.db, read, pick);
    expect(cursor).toBeDefined();
    await expectServedBy(h.db, [...first, ...(await recorded(h.db, read, pick))], REPLY_INDEX[sort]);
  });

  it('a numbered reply page: its first floor from the hidden floors, then from that floor on', async () => {
    const target = (await findTarget(h.db, 'post', FX.topicWithReplies))!;
    const read = (q: Queryable) => pageTopicReplies(q, target, { page: 3, pageSize: 10 }, null);
    const [hidden, ...rest] = await recorded(h.db, read, (sql) => sql.startsWith('SELECT floor FROM replies'));
    expect(rest).toEqual([]);
    await expectServedBy(h.db, [hidden!], 'replies_target_hidden');
    const pages = await recorded(h.db, read, (sql) => sql.includes('FROM replies r'));
    expect(pages.map((page) => page.sql).join()).not.toContain('OFFSET');
    await expectServedBy(h.db, pages, 'replies_target_floor');
  });

  it('the user list, the tag list and the forum list', async () => {
    const site = (await h.db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]))!
      .id;
    await expectServedBy(
      h.db,
      await listStatements(h.db, (q, cursor) => pageAuthors(q, site, { page: 1, pageSize: 1, cursor })),
      'users_authors',
    );
    await expectServedBy(h.db, await recorded(h.db, allTags, () => true), 'tags_item_count');
    const forum = await recorded(
      h.db,
      (q) => forumGroups(q, '2026-01-01'),
      () => true,
    );
    await expectServedBy(h.db, forum, 'categories_forum_groups');
  });

  it('a one-word search of movies and users: its candidates and total from search_terms alone', async () => {
    const site = (await h.db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]))!
      .id;
    for (const kind of ['movie', 'user'] as const) {
      const keyword = parseKeyword('行动');
      expect(keyword.term).toBe('行动');
      const read = (q: Queryable) => rankedHits(q, kind, site, keyword, { offset: 0, limit: 20 });
      const statements = await recorded(h.db, read, (sql) => sql.includes('search_terms'));
      expect(statements).toHaveLength(2);
      const scans = new Set<string>();
      for (const { sql, params } of statements) {
        for (const node of await planOf(h.db, sql, params)) {
          // The orders' btrees, index-only; the primary key only reads the exact title's row.
          if (node['Index Name'] === 'search_terms_popular' || node['Index Name'] === 'search_terms_fresh') {
            expect(node['Node Type'], sql).toBe('Index Only Scan');
            scans.add(node['Index Name']);
          }
        }
      }
      expect([...scans].sort()).toEqual(['search_terms_fresh', 'search_terms_popular']);
    }
  });
});

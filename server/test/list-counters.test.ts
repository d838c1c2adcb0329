/**
 * The kept list counters (server/db/counters.ts) agree with a full recount after any sequence of
 * writes: topics published, liked and unliked, hidden, approved and deleted by a moderator, moved
 * between groups, tagged and untagged; authors hidden and approved by a moderator (the site's
 * author count); movies published, unpublished, moved and retagged in the console. Page views of
 * movies and posts, counted in a process's tallies and written in batches between the other writes
 * (db/view-counts.ts), agree with the views counted once the last batch is written. Replies and
 * comments written (rated or not), hidden, approved and deleted keep their targets' floors gapless
 * and their counts and rating sums equal to a recount. The search documents (their text, words,
 * prefixes and visibility; popularity is a snapshot by design, docs/search.md) equal what
 * `npm run reindex` builds from the rows. Each write runs in its own transaction through the
 * function the app uses (a refused one rolls back, as in the app); moves and tag changes of posts,
 * which no call makes yet, are plain SQL, with the post's document rewritten as every write path does.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationAction } from '../../contract/admin/moderation.ts';
import type { MovieStatus } from '../../contract/admin/catalogue.ts';
import { patchMovie } from '../admin/catalogue/movie-writes.ts';
import { decide } from '../admin/moderation/decide.ts';
import { createOperator, type CreatedOperator } from '../admin/operators.ts';
import { counterSnapshot, recountCounters } from '../db/counters.ts';
import type { Queryable } from '../db/db.ts';
import { insertTopic } from '../db/publish.ts';
import { setLike } from '../db/user-items.ts';
import { replyCreateSchema } from '../../contract/calls/community.ts';
import { createReply } from '../routes/reply-create.ts';
import { indexPost } from '../search/index-writes.ts';
import { reindexAll } from '../search/reindex.ts';
import { ViewCounts, type ViewKind } from '../db/view-counts.ts';
import { FX, seedContent } from './content-fixture.ts';
import { createHarness, EVERY_DB_KIND, type Harness } from './harness.ts';

const USERS = [...FX.authors];
const TOPIC_CATEGORIES = [FX.forumGroup.categoryId, 211, FX.reviewGroup.categoryId];
const MOVIE_CATEGORIES = [FX.action, FX.wuxia, 112, FX.comedy];
const TAGS = [1, 2, 3, 4, 5];
const MOVIES = [1, 2, 3, 11, 12, 21, 22];

const pick = <T>(list: readonly T[]) => fc.constantFrom(...list);

type Op =
  | { op: 'publish'; author: number; category: number; tags: number[] }
  | { op: 'like'; user: number; post: number; like: boolean }
  | { op: 'moderate'; type: 'post' | 'reply'; target: number; action: ModerationAction }
  | { op: 'reply'; user: number; on: 'post' | 'movie'; target: number; rating?: number }
  | { op: 'moderateUser'; user: number; action: 'hide' | 'approve' }
  | { op: 'move'; post: number; category: number }
  | { op: 'tag'; post: number; tag: number; add: boolean }
  | { op: 'movie'; movie: number; status?: MovieStatus; category?: number; tags?: number[] }
  | { op: 'view'; kind: ViewKind; target: number; flush: boolean };

/** A post by its position among the posts there are (so generated ops always name one). */
const post = fc.nat(40);

const OPS: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('publish' as const),
    author: pick(USERS),
    category: pick(TOPIC_CATEGORIES),
    tags: fc.subarray(TAGS),
  }),
  fc.record({ op: fc.constant('like' as const), user: pick(USERS), post, like: fc.boolean() }),
  ...(['post', 'reply'] as const).map((type) =>
    fc.record({
      op: fc.constant('moderate' as const),
      type: fc.constant(type),
      target: post,
      action: pick(['hide', 'approve', 'delete'] as const),
    }),
  ),
  // A reply under a post, or a comment under a movie (by its position in MOVIES), rated or not (a
  // member's second rated comment is refused); a rating on a post's reply is refused.
  fc.record(
    {
      op: fc.constant('reply' as const),
      user: pick(USERS),
      on: pick(['post', 'movie'] as const),
      target: post,
      rating: fc.integer({ min: 1, max: 5 }),
    },
    { requiredKeys: ['op', 'user', 'on', 'target'] },
  ),
  fc.record({
    op: fc.constant('moderateUser' as const),
    user: pick(USERS),
    action: pick(['hide', 'approve'] as const),
  }),
  fc.record({ op: fc.constant('move' as const), post, category: pick(TOPIC_CATEGORIES) }),
  fc.record({ op: fc.constant('tag' as const), post, tag: pick(TAGS), add: fc.boolean() }),
  fc.record(
    {
      op: fc.constant('movie' as const),
      movie: pick(MOVIES),
      status: pick(['published', 'unpublished'] as const),
      category: pick(MOVIE_CATEGORIES),
      tags: fc.subarray(TAGS),
    },
    { requiredKeys: ['op', 'movie'] },
  ),
  // A movie (by its position in MOVIES) or a post (by its position among the posts) viewed, and
  // sometimes the tallies written.
  fc.record({
    op: fc.constant('view' as const),
    kind: pick(['movie', 'post'] as const),
    target: post,
    flush: fc.boolean(),
  }),
);

/** Each movie's and post's views. */
async function viewsNow(q: Queryable): Promise<Map<string, number>> {
  const rows = await q.query<{ key: string; views: number }>(
    `SELECT 'movie:' || id AS key, views FROM movies UNION ALL SELECT 'post:' || id, views FROM posts`,
  );
  return new Map(rows.map((row) => [row.key, row.views]));
}

/** The row at `position` (wrapping) of a table by id. */
async function rowAt(q: Queryable, table: 'posts' | 'replies', position: number): Promise<number> {
  const rows = await q.query<{ id: number }>(`SELECT id FROM ${table} ORDER BY id`);
  return rows[position % rows.length]!.id;
}

const postAt = (q: Queryable, position: number) => rowAt(q, 'posts', position);

/**
 * Each target's floors and counts, as kept and as recounted from its replies: floors 1..n with no gap
 * nor repeat (a deleted or hidden reply keeps its floor), reply_count and comment_count the replies
 * not deleted, a movie's rating sum and count those of its comments not deleted.
 */
async function floorsAndCounts(q: Queryable): Promise<{ kept: string[]; recounted: string[] }> {
  const targets = `SELECT 'post' AS type, id, floor_count, reply_count AS n, 0 AS rating_sum, 0 AS rating_count FROM posts
    UNION ALL SELECT 'movie', id, floor_count, comment_count, rating_sum, rating_count FROM movies`;
  const rows = await q.query<{ kept: string; recounted: string }>(
    `SELECT concat_ws(' ', t.type, t.id, t.floor_count, t.n, t.rating_sum, t.rating_count) AS kept,
       concat_ws(' ', t.type, t.id, coalesce(r.floors, 0), coalesce(r.n, 0), coalesce(r.rating_sum, 0),
         coalesce(r.rating_count, 0)) AS recounted
     FROM (${targets}) t
     LEFT JOIN (
       SELECT target_type, target_id,
         -- the highest floor, when the floors are exactly 1..count; else -1
         CASE WHEN max(floor) = count(*) AND count(DISTINCT floor) = count(*) AND min(floor) = 1
           THEN max(floor) ELSE -1 END AS floors,
         count(*) FILTER (WHERE deleted_at IS NULL) AS n,
         coalesce(sum(rating) FILTER (WHERE deleted_at IS NULL), 0) AS rating_sum,
         count(rating) FILTER (WHERE deleted_at IS NULL) AS rating_count
       FROM replies GROUP BY target_type, target_id) r ON r.target_type = t.type AND r.target_id = t.id
     ORDER BY t.type, t.id`,
  );
  return { kept: rows.map((row) => row.kept), recounted: rows.map((row) => row.recounted) };
}

/** The search index without its popularity (taken when a document is written, not on every like or view). */
async function searchIndex(q: Queryable) {
  return {
    docs: await q.query(
      // Popularity follows views and likes only when a document is next written (docs/search.md), so
      // neither it nor the band a post's document makes of it is compared; the band must be its own.
      `SELECT kind, source_id, site_id, title, title_key, body, tags, pinyin, initials, created_at,
         ts_delete(doc, ARRAY(SELECT w.lexeme FROM unnest(doc) w WHERE w.lexeme LIKE '~p%'))::text AS doc,
         (kind <> 'post' OR doc @@ format('%L', '~p' || floor(popularity)::int)::tsquery) AS banded
       FROM search_docs ORDER BY kind, source_id`,
    ),
    terms: await q.query(
      `SELECT kind, source_id, term, site_id, rank, created_at FROM search_terms ORDER BY kind, source_id, term`,
    ),
    prefixes: await q.query(
      'SELECT prefix, kind, source_id, site_id FROM search_prefixes ORDER BY kind, source_id, prefix',
    ),
  };
}

async function apply(
  h: Harness,
  operator: CreatedOperator,
  op: Exclude<Op, { op: 'view' }>,
  now: number,
): Promise<void> {
  if (op.op === 'reply') {
    const targetId = op.on === 'movie' ? MOVIES[op.target % MOVIES.length]! : await postAt(h.db, op.target);
    const { siteId } = (await h.db.one<{ siteId: number }>('SELECT site_id AS "siteId" FROM users WHERE id = $1', [
      op.user,
    ]))!;
    const payload = replyCreateSchema.parse({
      targetType: op.on,
      targetId,
      // Another text each time: the same text within a minute is refused as a repeat.
      body: `回复 ${now} ${Math.random()}`,
      rating: op.rating,
      idempotencyKey: crypto.randomUUID(),
    });
    await createReply(h.db, payload, { userId: op.user, siteId, now }, h.config.UPLOAD_DIR);
    return;
  }
  const actor = { operatorId: operator.operator.id, address: '127.0.0.1' };
  await h.db.tx(async (q) => {
    if (op.op === 'publish') {
      const { author, category, tags } = op;
      const topic = { authorId: author, categoryId: category, title: '计数', body: '正文', images: [], cover: null };
      await insertTopic(q, { ...topic, tagIds: tags, videoUploadId: null, now });
    } else if (op.op === 'like') {
      await setLike(q, op.user, 'post', await postAt(q, op.post), op.like);
    } else if (op.op === 'moderate') {
      const id = await rowAt(q, op.type === 'post' ? 'posts' : 'replies', op.target);
      const decision = { type: op.type, id, action: op.action, reason: '测试', address: '127.0.0.1' };
      await decide(q, { ...decision, operator: operator.operator });
    } else if (op.op === 'moderateUser') {
      const decision = { type: 'user' as const, id: op.user, action: op.action, reason: '测试', address: '127.0.0.1' };
      await decide(q, { ...decision, operator: operator.operator });
    } else if (op.op === 'move') {
      await q.query('UPDATE posts SET category_id = $2 WHERE id = $1', [await postAt(q, op.post), op.category]);
    } else if (op.op === 'tag') {
      const id = await postAt(q, op.post);
      await q.query(
        op.add
          ? 'INSERT INTO post_tags (post_id, tag_id) VALUES ($1, $2) ON CONFLICT DO NOTHING'
          : 'DELETE FROM post_tags WHERE post_id = $1 AND tag_id = $2',
        [id, op.tag],
      );
      await indexPost(q, id);
    } else {
      const patch = { status: op.status, categoryId: op.category, tagIds: op.tags };
      await patchMovie(q, actor, op.movie, JSON.parse(JSON.stringify(patch)) as typeof patch, now);
    }
  });
}

describe.each(EVERY_DB_KIND)('kept list counters on %s', (kind) => {
  let h: Harness;
  let operator: CreatedOperator;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent });
    // The fixture's rows are written without their documents: the run starts from an index in step.
    await reindexAll(h.db);
    operator = await createOperator(h.db, {
      username: `counters_${kind}_${process.pid}`,
      role: 'super',
      siteIds: null,
    });
  });
  afterAll(() => h.close());

  it('agree with a full recount after a random run of writes', async () => {
    let refused = 0;
    let applied = 0;
    // Whether the writes reached the counters in some run: something hidden, some author counted
    // (not asked of the last run alone: its random writes may have hidden every author).
    let hidden = false;
    let counted = false;
    // And replies: one deleted, one rated.
    let replied = false;
    let rated = false;
    await fc.assert(
      fc.asyncProperty(fc.array(OPS, { minLength: 5, maxLength: 25 }), async (ops) => {
        const views = new ViewCounts();
        const viewed = new Map<string, number>();
        const before = await viewsNow(h.db);
        for (const op of ops) {
          if (op.op === 'view') {
            const id = op.kind === 'movie' ? MOVIES[op.target % MOVIES.length]! : await postAt(h.db, op.target);
            views.add(op.kind, id);
            viewed.set(`${op.kind}:${id}`, (viewed.get(`${op.kind}:${id}`) ?? 0) + 1);
            if (op.flush) await views.flush(h.db);
            continue;
          }
          // A refused write (a deleted post moderated again, a title without a ready episode) rolls back.
          await apply(h, operator, op, Date.now()).then(
            () => (applied += 1),
            () => (refused += 1),
          );
        }
        const kept = await counterSnapshot(h.db);
        await recountCounters(h.db);
        expect(kept).toEqual(await counterSnapshot(h.db));
        const floors = await floorsAndCounts(h.db);
        expect(floors.kept).toEqual(floors.recounted);
        const index = await searchIndex(h.db);
        await reindexAll(h.db);
        expect(index).toEqual(await searchIndex(h.db));
        await views.flush(h.db);
        const after = await viewsNow(h.db);
        for (const [key, n] of after) expect(n, key).toBe((before.get(key) ?? 0) + (viewed.get(key) ?? 0));
        hidden ||= (await h.db.one('SELECT 1 AS x FROM posts WHERE hidden_at IS NOT NULL LIMIT 1')) !== undefined;
        counted ||= (await h.db.one('SELECT 1 AS x FROM site_author_counts WHERE n > 0')) !== undefined;
        replied ||= (await h.db.one('SELECT 1 AS x FROM replies WHERE deleted_at IS NOT NULL LIMIT 1')) !== undefined;
        rated ||= (await h.db.one('SELECT 1 AS x FROM replies WHERE rating IS NOT NULL LIMIT 1')) !== undefined;
      }),
      { numRuns: 12 },
    );
    expect(applied).toBeGreaterThan(refused);
    expect({ hidden, counted, replied, rated }).toEqual({ hidden: true, counted: true, replied: true, rated: true });
  });

  it('count hidden titles out of their tags', async () => {
    const before = await h.db.one<{ n: number }>('SELECT item_count AS n FROM tags WHERE id = 1');
    const [movie] = await h.db.query<{ id: number }>(
      `SELECT mt.movie_id AS id FROM movie_tags mt JOIN movies m ON m.id = mt.movie_id
       WHERE mt.tag_id = 1 AND m.status = 'published' LIMIT 1`,
    );
    await h.db.query(`UPDATE movies SET status = 'unpublished' WHERE id = $1`, [movie!.id]);
    expect((await h.db.one<{ n: number }>('SELECT item_count AS n FROM tags WHERE id = 1'))!.n).toBe(before!.n - 1);
  });
});

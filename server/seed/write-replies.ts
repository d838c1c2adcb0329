/**
 * The seeded replies of posts and comments of movies, written inside writeDemoPlan's transaction
 * after the posts and movies. Seeded rows (ids below SEEDED_REPLY_LIMIT) are upserted by id (a
 * member's reply may quote one), those the plan no longer has removed; then the replies under a
 * seeded post or movie are numbered: the seeded ones by (created_at, id), members' after them in the
 * order they were written (so their floors, and links to them, survive a re-seed of the same plan).
 * The kept counters (reply_count, comment_count, ratings, floor_count, the forums' day counts) are
 * recounted from the rows, since the seed's dates have just moved.
 */
import type { Queryable } from '../db/db.ts';
import { getSiteZone } from '../db/site-day.ts';
import { SEEDED_ID_LIMIT, SEEDED_REPLY_LIMIT, type DemoPlan } from './plan-types.ts';
import { insertRows } from './write-rows.ts';

/** Replies under seeded posts and movies (ids below SEEDED_ID_LIMIT). */
const UNDER_SEEDED = 'target_id < $1';

async function placeRows(q: Queryable, rows: unknown[][]): Promise<void> {
  const keep = rows.map((row) => row[0]);
  await q.query('UPDATE replies SET quote_id = NULL WHERE quote_id < $1 AND NOT (quote_id = ANY($2::bigint[]))', [
    SEEDED_REPLY_LIMIT,
    keep,
  ]);
  await q.query('DELETE FROM replies WHERE id < $1 AND NOT (id = ANY($2::bigint[]))', [SEEDED_REPLY_LIMIT, keep]);
  // Floors are parked below zero (unique, as ids are) so the renumbering never meets a taken floor.
  await q.query(`UPDATE replies SET floor = -id WHERE ${UNDER_SEEDED}`, [SEEDED_ID_LIMIT]);
  await insertRows(
    q,
    'replies',
    ['id', 'target_type', 'target_id', 'floor', 'author_id', 'body', 'likes', 'rating', 'created_at'],
    rows,
    { conflict: ['id'] },
  );
  await q.query(
    `UPDATE replies r SET floor = f.n FROM (
       SELECT id, row_number() OVER (PARTITION BY target_type, target_id
         ORDER BY id >= $2, CASE WHEN id < $2 THEN created_at END, id) AS n
       FROM replies WHERE ${UNDER_SEEDED}) f
     WHERE f.id = r.id`,
    [SEEDED_ID_LIMIT, SEEDED_REPLY_LIMIT],
  );
}

async function recount(q: Queryable): Promise<void> {
  const of = (type: string, table: string) =>
    `FROM replies r WHERE r.target_type = '${type}' AND r.target_id = ${table}.id`;
  await q.query(
    `UPDATE posts SET reply_count = (SELECT count(*) ${of('post', 'posts')} AND r.deleted_at IS NULL),
       floor_count = (SELECT coalesce(max(r.floor), 0) ${of('post', 'posts')})
     WHERE id < $1`,
    [SEEDED_ID_LIMIT],
  );
  await q.query(
    `UPDATE movies SET (comment_count, rating_sum, rating_count, floor_count) = (
       SELECT count(*) FILTER (WHERE r.deleted_at IS NULL),
         coalesce(sum(r.rating) FILTER (WHERE r.deleted_at IS NULL), 0),
         count(r.rating) FILTER (WHERE r.deleted_at IS NULL), coalesce(max(r.floor), 0)
       ${of('movie', 'movies')})
     WHERE id < $1`,
    [SEEDED_ID_LIMIT],
  );
  await recountForumDays(q);
}

/** The forums' day counts (topics and their replies per site day, server/db/site-day.ts) from every row. */
export async function recountForumDays(q: Queryable): Promise<void> {
  const day = (column: string) => `(${column} AT TIME ZONE $1)::date`;
  await q.query('DELETE FROM forum_days');
  await q.query(
    `INSERT INTO forum_days (category_id, day, writes)
     SELECT category_id, day, count(*) FROM (
       SELECT p.category_id, ${day('p.created_at')} AS day FROM posts p WHERE p.kind = 'topic'
       UNION ALL
       SELECT p.category_id, ${day('r.created_at')} FROM replies r
         JOIN posts p ON p.id = r.target_id AND p.kind = 'topic' WHERE r.target_type = 'post'
     ) w GROUP BY category_id, day`,
    [getSiteZone()],
  );
}

export async function writeReplies(
  q: Queryable,
  plan: DemoPlan,
  userOf: Map<number, number>,
  dateOf: (planMs: number) => string,
): Promise<void> {
  // Written with parked floors (-id), numbered by placeRows.
  const rows = [
    ...plan.posts.flatMap((p) =>
      p.replies.map((r) => [
        r.id,
        'post',
        p.id,
        -r.id,
        userOf.get(r.authorN),
        r.body,
        r.likes,
        null,
        dateOf(r.createdAt),
      ]),
    ),
    ...plan.comments.map((c) => [
      c.id,
      'movie',
      c.movieId,
      -c.id,
      userOf.get(c.authorN),
      c.body,
      c.likes,
      c.rating,
      dateOf(c.createdAt),
    ]),
  ];
  await placeRows(q, rows);
  // Members' replies get ids from SEEDED_REPLY_LIMIT up, so a re-seed never collides with them.
  await q.query(
    `SELECT setval(pg_get_serial_sequence('replies', 'id'), GREATEST($1::bigint, (SELECT COALESCE(max(id), 0) FROM replies)))`,
    [SEEDED_REPLY_LIMIT - 1],
  );
  await recount(q);
}

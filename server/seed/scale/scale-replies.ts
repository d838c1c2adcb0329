/**
 * The scale seed's replies and movie comments, generated in the database: each post already holds
 * its long-tailed floor count (scale-content.ts), so its replies are floors 1..n in time order,
 * written a range of posts per statement; about one in 97 is deleted. Movie comments come one per
 * commenter and movie, most with a star rating. Then the kept counters the seed owns are set from the
 * rows: movies' comment and rating counts, the forums' day counts, tags' use counts.
 */
import { recountForumDays } from '../write-replies.ts';
import { MOVIE_COMMENTS, ranges, SCALE_ID_BASE, tailCount, u } from './scale-sql.ts';
import { REPLY_POOL } from './scale-pools.ts';
import type { ScaleContext } from './scale-content.ts';

/** About this many replies per statement. */
const REPLIES_PER_STATEMENT = 500_000;

const body = (x: string, salt: number) =>
  `(SELECT body FROM scale_pool_text WHERE kind = 'reply' AND k = floor(${u(x, salt)} * ${REPLY_POOL})::int)`;
const likes = (x: string, salt: number) =>
  `CASE WHEN ${u(x, salt)} < 0.55 THEN 0 ELSE floor(exp(power(${u(x, salt + 1)}, 2) * ln(2000)))::int END`;

export async function writePostReplies(ctx: ScaleContext, firstUser: number): Promise<void> {
  const { q, sizes } = ctx;
  const postsPerStatement = Math.max(1000, Math.floor(REPLIES_PER_STATEMENT / 8.5));
  const key = `p.id::bigint * 100003 + f`;
  for (const [from, to] of ranges(sizes.posts, postsPerStatement)) {
    await q.query(
      `INSERT INTO replies (target_type, target_id, floor, author_id, body, likes, created_at, deleted_at)
       SELECT 'post', p.id, f, ${firstUser} + floor(power(${u(key, 31)}, 1.6) * ${sizes.users})::int,
         ${body(key, 32)}, ${likes(key, 33)}, r.at, CASE WHEN f % 97 = 0 THEN r.at END
       FROM posts p CROSS JOIN LATERAL generate_series(1, p.floor_count) f
       CROSS JOIN LATERAL (SELECT p.created_at + LEAST($1::timestamptz - p.created_at, interval '1 day' * (2 + p.floor_count))
         * power(f::float8 / (p.floor_count + 1), 1.5) AS at) r
       WHERE p.id BETWEEN $2 AND $3`,
      [ctx.now, SCALE_ID_BASE + from, SCALE_ID_BASE + to],
    );
    ctx.log(`replies of posts ${to}/${sizes.posts}`);
  }
}

export async function writeMovieComments(ctx: ScaleContext, firstUser: number): Promise<void> {
  const { q, sizes } = ctx;
  const shape = { ...MOVIE_COMMENTS, cap: Math.min(MOVIE_COMMENTS.cap, sizes.users - 1) };
  const key = `m.id::bigint * 100003 + f`;
  for (const [from, to] of ranges(sizes.movies, 50_000)) {
    await q.query(
      `INSERT INTO replies (target_type, target_id, floor, author_id, body, likes, rating, created_at, deleted_at)
       SELECT 'movie', m.id, f, ${firstUser} + ((m.id::bigint * 7919 + f) % ${sizes.users})::int,
         ${body(key, 41)}, ${likes(key, 42)},
         CASE WHEN ${u(key, 44)} < 0.6 THEN LEAST(5, 1 + floor(5 * power(${u(key, 45)}, 0.6)))::int END,
         r.at, CASE WHEN f % 97 = 0 THEN r.at END
       FROM movies m CROSS JOIN LATERAL generate_series(1, ${tailCount('m.id', 46, shape)}) f
       CROSS JOIN LATERAL (SELECT m.published_at + ($1::timestamptz - m.published_at)
         * power(f::float8 / (${tailCount('m.id', 46, shape)} + 1), 1.5) AS at) r
       WHERE m.id BETWEEN $2 AND $3`,
      [ctx.now, SCALE_ID_BASE + from, SCALE_ID_BASE + to],
    );
    ctx.log(`movie comments ${to}/${sizes.movies}`);
  }
}

/** The counters the demo seed keeps too, set from the generated rows. */
export async function countScaleRows(ctx: ScaleContext): Promise<void> {
  const { q } = ctx;
  await q.query(
    `UPDATE movies m SET comment_count = c.live, floor_count = c.floors, rating_sum = c.stars, rating_count = c.rated
     FROM (SELECT target_id, count(*) FILTER (WHERE deleted_at IS NULL) AS live, max(floor) AS floors,
             coalesce(sum(rating) FILTER (WHERE deleted_at IS NULL), 0) AS stars,
             count(rating) FILTER (WHERE deleted_at IS NULL) AS rated
           FROM replies WHERE target_type = 'movie' AND target_id >= $1 GROUP BY target_id) c
     WHERE m.id = c.target_id`,
    [SCALE_ID_BASE],
  );
  await recountForumDays(q);
  await q.query(
    `UPDATE tags t SET use_count = coalesce(m.n, 0) + coalesce(p.n, 0)
     FROM tags t2
     LEFT JOIN (SELECT tag_id, count(*) AS n FROM movie_tags GROUP BY tag_id) m ON m.tag_id = t2.id
     LEFT JOIN (SELECT tag_id, count(*) AS n FROM post_tags GROUP BY tag_id) p ON p.tag_id = t2.id
     WHERE t.id = t2.id`,
  );
  ctx.log('counters of movies, forum days and tags set');
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterSnapshot, recountCounters } from '../../db/counters.ts';
import type { Db } from '../../db/db.ts';
import { migrate } from '../../db/migrate.ts';
import { ensureDemoSite } from '../../db/sites.ts';
import { DB_KINDS, openTestDb } from '../../test/harness.ts';
import { seedDemo } from '../seed-demo.ts';
import { SCALE_ID_BASE } from './scale-sql.ts';
import { seedScale } from './seed-scale.ts';

const count = async (db: Db, sql: string): Promise<number> => Number((await db.one<{ n: unknown }>(sql))!.n);

/** Posts whose kept reply counters differ from their replies. */
const POST_COUNTERS_OFF = `SELECT count(*) AS n FROM posts p, LATERAL (SELECT count(*) FILTER (WHERE deleted_at IS NULL) AS live,
  coalesce(max(floor), 0) AS floors FROM replies r WHERE r.target_type = 'post' AND r.target_id = p.id) c
  WHERE p.reply_count <> c.live OR p.floor_count <> c.floors`;
/** Movies whose kept comment and rating counters differ from their comments. */
const MOVIE_COUNTERS_OFF = `SELECT count(*) AS n FROM movies m, LATERAL (SELECT count(*) FILTER (WHERE deleted_at IS NULL) AS n,
  coalesce(sum(rating) FILTER (WHERE deleted_at IS NULL), 0) AS stars,
  count(rating) FILTER (WHERE deleted_at IS NULL) AS rated, coalesce(max(floor), 0) AS floors
  FROM replies r WHERE r.target_type = 'movie' AND r.target_id = m.id) c
  WHERE m.comment_count <> c.n OR m.rating_sum <> c.stars OR m.rating_count <> c.rated OR m.floor_count <> c.floors`;
/** Floors that are not 1..n in time order under their target. */
const FLOORS_OUT_OF_ORDER = `SELECT count(*) AS n FROM (SELECT floor, row_number() OVER (PARTITION BY target_type, target_id
  ORDER BY created_at, floor) AS place FROM replies WHERE target_id >= ${SCALE_ID_BASE}) r WHERE floor <> place`;

describe.each(DB_KINDS)('the scale seed on %s', (kind) => {
  let db: Db;
  let demo: { movies: number; posts: number; replies: number };
  beforeAll(async () => {
    db = await openTestDb(kind);
    await migrate(db);
    await ensureDemoSite(db);
    await seedDemo(db, { mediaDir: '/nonexistent', media: false });
    demo = {
      movies: await count(db, 'SELECT count(*) AS n FROM movies'),
      posts: await count(db, 'SELECT count(*) AS n FROM posts'),
      replies: await count(db, 'SELECT count(*) AS n FROM replies'),
    };
    await seedScale(db, 2);
  }, 120_000);
  afterAll(() => db?.close());

  it('adds the factor times the unit: 200 movies, 1,000 posts, 100 users and about 10,000 replies each', async () => {
    expect(await count(db, 'SELECT count(*) AS n FROM movies')).toBe(demo.movies + 400);
    expect(await count(db, 'SELECT count(*) AS n FROM posts')).toBe(demo.posts + 2000);
    expect(await count(db, `SELECT count(*) AS n FROM users WHERE device_id LIKE 'scale-user-%'`)).toBe(200);
    const replies = (await count(db, 'SELECT count(*) AS n FROM replies')) - demo.replies;
    expect(replies).toBeGreaterThan(10_000);
    expect(replies).toBeLessThan(40_000);
    const kinds = await db.query<{ kind: string; n: string }>(
      `SELECT kind, count(*) AS n FROM posts WHERE id >= $1 GROUP BY kind ORDER BY n DESC`,
      [SCALE_ID_BASE],
    );
    expect(kinds.map((row) => row.kind)).toEqual(['topic', 'chigua', 'article']);
    expect(await count(db, `SELECT count(*) AS n FROM episodes WHERE movie_id >= ${SCALE_ID_BASE}`)).toBe(400);
  });

  it('writes Chinese titles, popular and cold items, and dates over years', async () => {
    const titles = await db.query<{ title: string }>(
      'SELECT title FROM movies WHERE id >= $1 UNION ALL SELECT title FROM posts WHERE id >= $1',
      [SCALE_ID_BASE],
    );
    expect(titles.every((row) => /[\u4e00-\u9fff]{2}/.test(row.title))).toBe(true);
    expect(new Set(titles.map((row) => row.title)).size).toBeGreaterThan(titles.length / 3);
    const spread = await db.one<{ years: number; future: string; top: string; median: string }>(
      `SELECT extract(epoch FROM max(created_at) - min(created_at)) / 31536000 AS years,
         count(*) FILTER (WHERE created_at > now()) AS future, max(floor_count) AS top,
         percentile_disc(0.5) WITHIN GROUP (ORDER BY floor_count) AS median
       FROM posts WHERE id >= $1`,
      [SCALE_ID_BASE],
    );
    expect(Number(spread!.years)).toBeGreaterThan(3);
    expect(Number(spread!.future)).toBe(0);
    // A long tail: the busiest thread has far more replies than the typical one.
    expect(Number(spread!.top)).toBeGreaterThan(20 * Math.max(1, Number(spread!.median)));
    const views = await db.one<{ low: string; high: string }>(
      `SELECT count(*) FILTER (WHERE views < 1000) AS low, count(*) FILTER (WHERE views > 100000) AS high FROM movies WHERE id >= $1`,
      [SCALE_ID_BASE],
    );
    expect(Number(views!.low)).toBeGreaterThan(100);
    expect(Number(views!.high)).toBeGreaterThan(0);
  });

  it('keeps every counter equal to its rows, floors in time order', async () => {
    expect(await count(db, POST_COUNTERS_OFF)).toBe(0);
    expect(await count(db, MOVIE_COUNTERS_OFF)).toBe(0);
    expect(await count(db, FLOORS_OUT_OF_ORDER)).toBe(0);
    const kept = await counterSnapshot(db);
    await recountCounters(db);
    expect(await counterSnapshot(db)).toEqual(kept);
  });

  it('reuses a database of the same factor and refuses another factor', async () => {
    const again = await seedScale(db, 2);
    expect(again.outcome).toBe('reused');
    expect(again.rows.posts).toBe(demo.posts + 2000);
    await expect(seedScale(db, 3)).rejects.toThrow(/factor 2/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { ensureDemoSite } from '../db/sites.ts';
import { DB_KINDS, openTestDb } from '../test/harness.ts';
import { DEMO_WORDS } from './community-demo.ts';
import { DEMO_SEED_VERSION, seedDemo } from './seed-demo.ts';

const NO_MEDIA = { mediaDir: '/nonexistent', media: false } as const;

async function freshSeededDb(kind: (typeof DB_KINDS)[number]): Promise<Db> {
  const db = await openTestDb(kind);
  await migrate(db);
  await ensureDemoSite(db);
  await seedDemo(db, NO_MEDIA);
  return db;
}

const count = async (db: Db, sql: string): Promise<number> => Number((await db.one<{ n: unknown }>(sql))!.n);

const TABLES = [
  'categories',
  'tags',
  'movies',
  'movie_tags',
  'posts',
  'post_tags',
  'replies',
  'featured',
  'featured_items',
  'banners',
  'cdn_lines',
  'dictionary',
  'danmaku',
  'sensitive_words',
];
const tableCounts = async (db: Db) =>
  Object.fromEntries(
    await Promise.all(TABLES.map(async (t) => [t, await count(db, `SELECT count(*) AS n FROM ${t}`)] as const)),
  );

/** Replies whose floor is not their place under their target: seeded ones by (created_at, id), members' after them. */
const FLOORS_OUT_OF_ORDER = `SELECT count(*) AS n FROM (SELECT floor, row_number() OVER (PARTITION BY target_type, target_id
  ORDER BY id >= 10000000, CASE WHEN id < 10000000 THEN created_at END, id) AS place FROM replies) r
  WHERE floor <> place`;
/** Movies whose kept comment and rating counters differ from their comments. */
const MOVIE_COUNTERS_OFF = `SELECT count(*) AS n FROM movies m, LATERAL (SELECT count(*) AS n,
  coalesce(sum(rating), 0) AS stars, count(rating) AS rated, coalesce(max(floor), 0) AS floors
  FROM replies r WHERE r.target_type = 'movie' AND r.target_id = m.id AND r.deleted_at IS NULL) c
  WHERE m.comment_count <> c.n OR m.rating_sum <> c.stars OR m.rating_count <> c.rated OR m.floor_count <> c.floors`;

describe.each(DB_KINDS)('the demo seed on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await freshSeededDb(kind);
  });
  afterAll(() => db?.close());

  it('writes at least the promised amounts', async () => {
    expect(await count(db, 'SELECT count(*) AS n FROM movies')).toBeGreaterThanOrEqual(300);
    expect(await count(db, "SELECT count(*) AS n FROM posts WHERE kind = 'topic'")).toBeGreaterThanOrEqual(500);
    expect(
      await count(db, "SELECT count(*) AS n FROM posts WHERE kind = 'chigua' AND cover IS NOT NULL"),
    ).toBeGreaterThanOrEqual(100);
    expect(await count(db, "SELECT count(*) AS n FROM posts WHERE kind = 'article'")).toBeGreaterThanOrEqual(40);
    expect(
      await count(db, "SELECT count(*) AS n FROM posts WHERE kind = 'article' AND price_coins > 0"),
    ).toBeGreaterThan(0);
    expect(await count(db, 'SELECT count(*) AS n FROM tags')).toBeGreaterThanOrEqual(60);
    expect(await count(db, 'SELECT count(*) AS n FROM tags WHERE hot_rank IS NOT NULL')).toBeGreaterThanOrEqual(10);
    expect(await count(db, 'SELECT count(*) AS n FROM featured')).toBeGreaterThanOrEqual(10);
    expect(
      await count(db, "SELECT count(*) AS n FROM users WHERE device_id LIKE 'seed-author-%'"),
    ).toBeGreaterThanOrEqual(50);
    expect(
      await count(db, "SELECT count(*) AS n FROM posts WHERE kind = 'topic' AND jsonb_array_length(images) > 0"),
    ).toBeGreaterThan(50);
    expect(await count(db, "SELECT count(*) AS n FROM posts WHERE kind = 'topic' AND pinned")).toBeGreaterThan(0);
  });

  it('dates the content up to the time of seeding: topics of the last 24 hours (the forums’ 今日), none later', async () => {
    expect(
      await count(
        db,
        "SELECT count(*) AS n FROM posts WHERE kind = 'topic' AND created_at > now() - interval '24 hours'",
      ),
    ).toBeGreaterThan(3);
    expect(
      await count(db, "SELECT count(*) AS n FROM movies WHERE published_at > now() - interval '7 days'"),
    ).toBeGreaterThan(0);
    for (const [table, column] of [
      ['posts', 'created_at'],
      ['replies', 'created_at'],
      ['movies', 'published_at'],
      ['users', 'created_at'],
    ]) {
      expect(await count(db, `SELECT count(*) AS n FROM ${table} WHERE ${column} > now()`)).toBe(0);
    }
  });

  it('puts every movie in a category at depth 2 or more, with 2-5 tags, and spreads views past 10000', async () => {
    expect(
      await count(db, 'SELECT count(*) AS n FROM movies m JOIN categories c ON c.id = m.category_id WHERE c.depth < 2'),
    ).toBe(0);
    const tagCounts = await db.query<{ n: number }>(
      'SELECT count(t.tag_id)::int AS n FROM movies m LEFT JOIN movie_tags t ON t.movie_id = m.id GROUP BY m.id',
    );
    expect(Math.min(...tagCounts.map((r) => r.n))).toBeGreaterThanOrEqual(2);
    expect(Math.max(...tagCounts.map((r) => r.n))).toBeLessThanOrEqual(5);
    expect(await count(db, 'SELECT count(*) AS n FROM movies WHERE views >= 10000')).toBeGreaterThan(50);
    expect(await count(db, 'SELECT count(*) AS n FROM movies WHERE views < 10000')).toBeGreaterThan(20);
    const access = await db.query<{ access: string; n: number }>(
      'SELECT access, count(*)::int AS n FROM movies GROUP BY access',
    );
    expect(access.map((r) => r.access).sort()).toEqual(['coins', 'free', 'vip']);
    expect(
      await count(db, "SELECT count(*) AS n FROM movies WHERE access <> 'free' AND trial_s NOT BETWEEN 8 AND 12"),
    ).toBe(0);
    expect(
      await count(db, "SELECT count(*) AS n FROM movies WHERE access = 'coins' AND price_coins NOT BETWEEN 5 AND 50"),
    ).toBe(0);
    expect(
      await count(db, "SELECT count(DISTINCT video) AS n FROM episodes WHERE video ~ '^videos/v[0-9]+$'"),
    ).toBeGreaterThanOrEqual(5);
  });

  it('gives every movie a ready episode 1, and a few series of 3-12 numbered episodes, one still being released', async () => {
    expect(
      await count(
        db,
        `SELECT count(*) AS n FROM movies m WHERE NOT EXISTS (SELECT 1 FROM episodes e
           WHERE e.movie_id = m.id AND e.number = 1 AND e.state = 'ready' AND e.video IS NOT NULL)`,
      ),
    ).toBe(0);
    const series = await db.query<{ movie_id: number; n: number; last: number; titled: number }>(
      `SELECT movie_id, count(*)::int AS n, max(number) AS last, count(*) FILTER (WHERE title = '第' || number || '集')::int AS titled
       FROM episodes GROUP BY movie_id HAVING count(*) > 1`,
    );
    expect(series.length).toBeGreaterThanOrEqual(3);
    expect(series.length).toBeLessThanOrEqual(6);
    for (const s of series) {
      expect(s.n).toBeGreaterThanOrEqual(3);
      expect(s.n).toBeLessThanOrEqual(12);
      expect(s.last).toBe(s.n);
      expect(s.titled).toBe(s.n);
    }
    // One series is 连载中 (its card reads 更新至第N集); every other title is finished.
    const ongoing = await db.query<{ id: number }>('SELECT id FROM movies WHERE NOT finished');
    expect(ongoing.map((m) => m.id)).toHaveLength(1);
    expect(series.map((s) => s.movie_id)).toContain(ongoing[0]!.id);
    // A series' card shows one episode's length.
    expect(
      await count(
        db,
        `SELECT count(*) AS n FROM movies m JOIN episodes e ON e.movie_id = m.id AND e.number = 1
         WHERE e.duration_s <> m.duration_s`,
      ),
    ).toBe(0);
  });

  it('keeps reply_count equal to the replies, and use_count equal to the tag links', async () => {
    expect(await count(db, 'SELECT count(*) AS n FROM replies')).toBeGreaterThan(1000);
    expect(
      await count(
        db,
        `SELECT count(*) AS n FROM posts p
         WHERE reply_count <> (SELECT count(*) FROM replies r WHERE r.target_type = 'post' AND r.target_id = p.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        `SELECT count(*) AS n FROM tags t WHERE use_count <>
      (SELECT count(*) FROM movie_tags m WHERE m.tag_id = t.id) + (SELECT count(*) FROM post_tags p WHERE p.tag_id = t.id)`,
      ),
    ).toBe(0);
  });

  it('builds the category tree, forum groups with topic ids, site rows of the demo site and the dictionary', async () => {
    const roots = await db.query<{ route: string }>(
      'SELECT route FROM categories WHERE parent_id IS NULL ORDER BY sort',
    );
    expect(roots.map((r) => r.route)).toEqual(['/movie', '/forum', '/chigua', '/archives']);
    expect(await count(db, 'SELECT count(*) AS n FROM categories WHERE depth = 3')).toBeGreaterThan(10);
    const groups = await db.query<{ topic_id: number | null }>(
      "SELECT c.topic_id FROM categories c JOIN categories p ON p.id = c.parent_id WHERE p.route = '/forum'",
    );
    expect(groups.length).toBeGreaterThanOrEqual(5);
    expect(groups.every((g) => g.topic_id !== null)).toBe(true);
    const site = await ensureDemoSite(db);
    const lines = await db.query<{ name: string; url: string }>(
      'SELECT name, url FROM cdn_lines WHERE site_id = $1 ORDER BY sort',
      [site.id],
    );
    expect(lines).toEqual([
      { name: '线路一', url: '/cdn/1' },
      { name: '线路二', url: '/cdn/2' },
    ]);
    const banners = await db.query<{ link: string }>('SELECT link FROM banners WHERE site_id = $1', [site.id]);
    expect(banners.length).toBeGreaterThanOrEqual(5);
    expect(banners.every((b) => b.link.startsWith('/'))).toBe(true);
    const types = await db.query<{ key: string; label: string }>(
      "SELECT key, label FROM dictionary WHERE type = 'contentType'",
    );
    expect(types).toContainEqual({ key: 'vip', label: 'VIP专区' });
    expect(
      await count(db, "SELECT count(*) AS n FROM dictionary WHERE type IN ('movieSort', 'region')"),
    ).toBeGreaterThanOrEqual(9);
  });

  it('seeds rated movie comments with their counters, and floors in (created_at, id) order everywhere', async () => {
    expect(
      await count(db, "SELECT count(DISTINCT target_id) AS n FROM replies WHERE target_type = 'movie'"),
    ).toBeGreaterThan(50);
    expect(
      await count(db, "SELECT count(*) AS n FROM replies WHERE target_type = 'movie' AND rating IS NOT NULL"),
    ).toBeGreaterThan(100);
    expect(await count(db, FLOORS_OUT_OF_ORDER)).toBe(0);
    expect(await count(db, MOVIE_COUNTERS_OFF)).toBe(0);
    expect(await count(db, 'SELECT count(*) AS n FROM movies WHERE rating_count > 0')).toBeGreaterThan(50);
  });

  it('writes the demo words and danmaku over the first minutes of the first movies, once', async () => {
    expect(await db.query('SELECT word, action FROM sensitive_words ORDER BY word')).toEqual(
      [...DEMO_WORDS].map(([word, action]) => ({ word, action })).sort((a, b) => (a.word < b.word ? -1 : 1)),
    );
    expect(await count(db, 'SELECT count(DISTINCT movie_id) AS n FROM danmaku')).toBe(6);
    expect(await count(db, 'SELECT count(*) AS n FROM danmaku WHERE movie_id = 1 AND at_ms < 30000')).toBeGreaterThan(
      15,
    );
    expect(await count(db, 'SELECT max(at_ms) AS n FROM danmaku')).toBeLessThanOrEqual(180_000);
    // An operator's removal of a word is not undone by the next start.
    await db.query('DELETE FROM sensitive_words WHERE word = $1', [DEMO_WORDS[0]![0]]);
    await seedDemo(db, NO_MEDIA);
    expect(await count(db, 'SELECT count(*) AS n FROM sensitive_words')).toBe(DEMO_WORDS.length - 1);
  });

  it('is a no-op when run again with the same version', async () => {
    const before = await tableCounts(db);
    const report = await seedDemo(db, NO_MEDIA);
    expect(report.data).toBe('up-to-date');
    expect(await tableCounts(db)).toEqual(before);
  });

  it("re-seeds after a version bump, keeping members' replies and the counts consistent", async () => {
    const before = await tableCounts(db);
    const author = (await db.one<{ author_id: number }>('SELECT author_id FROM posts WHERE id = 1'))!.author_id;
    await db.query(
      `INSERT INTO replies (target_type, target_id, floor, author_id, body, created_at)
       VALUES ('post', 1, (SELECT floor_count + 1 FROM posts WHERE id = 1), $1, '会员的回复', now())`,
      [author],
    );
    await db.query('UPDATE posts SET floor_count = floor_count + 1, reply_count = reply_count + 1 WHERE id = 1');
    await db.query('UPDATE seed_state SET version = version - 1');
    expect((await seedDemo(db, NO_MEDIA)).data).toBe('reseeded');
    expect(await count(db, "SELECT count(*) AS n FROM replies WHERE body = '会员的回复' AND id >= 10000000")).toBe(1);
    expect(await count(db, FLOORS_OUT_OF_ORDER)).toBe(0);
    expect(await count(db, MOVIE_COUNTERS_OFF)).toBe(0);
    expect(await count(db, "SELECT floor AS n FROM replies WHERE body = '会员的回复'")).toBe(
      await count(db, 'SELECT floor_count AS n FROM posts WHERE id = 1'),
    );
    expect(await tableCounts(db)).toEqual({ ...before, replies: before.replies! + 1 });
    expect(
      await count(
        db,
        `SELECT count(*) AS n FROM posts p
         WHERE reply_count <> (SELECT count(*) FROM replies r WHERE r.target_type = 'post' AND r.target_id = p.id)`,
      ),
    ).toBe(0);
    expect(await count(db, "SELECT version AS n FROM seed_state WHERE name = 'demo'")).toBe(DEMO_SEED_VERSION);
  });

  it('leaves data of a newer seed version alone', async () => {
    await db.query('UPDATE seed_state SET version = version + 1');
    expect((await seedDemo(db, NO_MEDIA)).data).toBe('newer-version-kept');
    await db.query('UPDATE seed_state SET version = version - 1');
  });

  it('writes the same titles into a second fresh database', async () => {
    const other = await freshSeededDb('pglite');
    try {
      const titles = (d: Db) =>
        d.query('SELECT id, title FROM movies UNION ALL SELECT id, title FROM posts ORDER BY id, title');
      expect(await titles(other)).toEqual(await titles(db));
    } finally {
      await other.close();
    }
    // A whole demo seed, as a hook's work: 13 s on a quiet machine, 40 s on a loaded one.
  }, 120_000);
});

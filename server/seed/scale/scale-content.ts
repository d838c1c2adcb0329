/**
 * The scale seed's bulk rows, generated inside the database (INSERT … SELECT over generate_series,
 * a range of rows per statement): users, tags, movies with their episode and tags, posts of the
 * three kinds with their tags. Each generated row copies the shape of a demo row (its body, poster,
 * category, price) and takes a title from the pools; popularity is long-tailed (most items cold, a
 * few very popular), dates spread over the last years with more content recently.
 */
import type { Queryable } from '../../db/db.ts';
import { mediaKeys } from '../../media/media-layout.ts';
import { insertRows } from '../write-rows.ts';
import { TITLES_PER_KEY, type ScalePools } from './scale-pools.ts';
import {
  POST_REPLIES,
  ranges,
  SCALE_ID_BASE,
  SCALE_TAG_BASE,
  tailCount,
  TEMPLATES,
  u,
  type ScaleSizes,
} from './scale-sql.ts';

const CHUNK = 100_000;
const YEAR_S = 365 * 86_400;

export interface ScaleContext {
  q: Queryable;
  sizes: ScaleSizes;
  siteId: number;
  /** The seed's instant (ISO): every generated date lies before it. */
  now: string;
  log: (line: string) => void;
}

/** Writes the pools into work tables the bulk statements join (dropped by dropPools). */
export async function writePools(q: Queryable, pools: ScalePools): Promise<void> {
  await dropPools(q);
  await q.query('CREATE TABLE scale_pool_titles (key integer NOT NULL, k integer NOT NULL, title text NOT NULL)');
  await q.query('CREATE TABLE scale_pool_text (kind text NOT NULL, k integer NOT NULL, body text NOT NULL)');
  await insertRows(
    q,
    'scale_pool_titles',
    ['key', 'k', 'title'],
    pools.titles.map((row) => [row.key, row.k, row.title]),
  );
  const avatars = Array.from({ length: 60 }, (_, i) => mediaKeys.avatar(i + 1));
  const text = (kind: string, list: readonly string[]) => list.map((body, k) => [kind, k, body]);
  await insertRows(
    q,
    'scale_pool_text',
    ['kind', 'k', 'body'],
    [
      ...text('reply', pools.replies),
      ...text('nick', pools.nicknames),
      ...text('bio', pools.bios),
      ...text('avatar', avatars),
    ],
  );
  await q.query('CREATE INDEX scale_pool_titles_key ON scale_pool_titles (key, k)');
  await q.query('CREATE INDEX scale_pool_text_key ON scale_pool_text (kind, k)');
}

export async function dropPools(q: Queryable): Promise<void> {
  await q.query('DROP TABLE IF EXISTS scale_pool_titles');
  await q.query('DROP TABLE IF EXISTS scale_pool_text');
}

const pick = (kind: string, size: number, x: string, salt: number) =>
  `(SELECT body FROM scale_pool_text WHERE kind = '${kind}' AND k = floor(${u(x, salt)} * ${size})::int)`;

/** Users (posters, repliers, commenters); returns the first id (their ids are consecutive). */
export async function writeUsers(ctx: ScaleContext, pools: ScalePools): Promise<number> {
  const { q, sizes } = ctx;
  await q.query(
    `INSERT INTO users (site_id, device_id, nickname, avatar, bio, created_at)
     SELECT $1, 'scale-user-' || n,
       ${pick('nick', pools.nicknames.length, 'n', 61)} || CASE WHEN ${u('n', 62)} < 0.7
         THEN floor(${u('n', 63)} * 10000)::int::text ELSE '' END,
       ${pick('avatar', 60, 'n', 64)}, ${pick('bio', pools.bios.length, 'n', 65)},
       $2::timestamptz - make_interval(secs => ${YEAR_S} * 6 * (1 - n::float8 / $3::int))
     FROM generate_series(1, $3::int) n`,
    [ctx.siteId, ctx.now, sizes.users],
  );
  const span = await q.one<{ first: string; last: string; count: string }>(
    `SELECT min(id) AS first, max(id) AS last, count(*) AS count FROM users WHERE device_id LIKE 'scale-user-%'`,
  );
  if (!span || Number(span.last) - Number(span.first) + 1 !== Number(span.count))
    throw new Error('the generated users did not get consecutive ids (another writer on the database?)');
  return Number(span.first);
}

export async function writeTags(ctx: ScaleContext, pools: ScalePools): Promise<void> {
  await ctx.q.query(
    `INSERT INTO tags (id, key, name, use_count)
     SELECT ${SCALE_TAG_BASE} + k, name, name, 0 FROM unnest($1::text[]) WITH ORDINALITY AS t(name, k)`,
    [pools.tagNames.slice(0, ctx.sizes.tags)],
  );
}

/** A generated tag, popular ones far more often (Zipf-like). */
const someTag = (ctx: ScaleContext, x: string, salt: number) =>
  `${SCALE_TAG_BASE + 1} + floor(power(${u(x, salt)}, 2.5) * ${ctx.sizes.tags})::int`;

/** The date of row n of total: spread over `years`, denser towards now, a little jitter. */
const spreadDate = (n: string, total: number, years: number, salt: number) =>
  `$1::timestamptz - make_interval(secs => ${YEAR_S * years} * (1 - sqrt(${n}::float8 / ${total + 1}))
     + 86400 * ${u(n, salt)})`;

export async function writeMovies(ctx: ScaleContext): Promise<void> {
  const { q, sizes } = ctx;
  const t = TEMPLATES.movie;
  const template = (x: string) => `${t.first} + floor(${u(x, 11)} * ${t.count})::int`;
  for (const [from, to] of ranges(sizes.movies, CHUNK)) {
    await q.query(
      `INSERT INTO movies (id, title, description, poster, duration_s, views, likes, category_id, access,
         price_coins, trial_s, region, year, published_at)
       SELECT ${SCALE_ID_BASE} + s.n, pt.title, m.description, m.poster, m.duration_s, s.views,
         floor(s.views * (0.008 + 0.05 * ${u('s.n', 13)}))::bigint, m.category_id, m.access, m.price_coins,
         m.trial_s, m.region,
         extract(year FROM s.at)::int - CASE WHEN ${u('s.n', 15)} < 0.35 THEN floor(${u('s.n', 16)} * 30)::int ELSE 0 END,
         s.at
       FROM (SELECT n, ${template('n')} AS t, ${spreadDate('n', sizes.movies, 8, 12)} AS at,
               round(exp(ln(50) + power(${u('n', 14)}, 3) * ln(120000)))::bigint AS views
             FROM generate_series($2::int, $3::int) n) s
       JOIN movies m ON m.id = s.t
       JOIN categories c ON c.id = m.category_id
       JOIN scale_pool_titles pt ON pt.key = c.parent_id AND pt.k = floor(${u('s.n', 17)} * ${TITLES_PER_KEY})::int`,
      [ctx.now, from, to],
    );
    const range = [SCALE_ID_BASE + from, SCALE_ID_BASE + to];
    await q.query(
      `INSERT INTO episodes (movie_id, number, title, video, duration_s, state, rungs)
       SELECT m.id, 1, '', e.video, e.duration_s, 'ready', e.rungs FROM movies m
       JOIN episodes e ON e.number = 1 AND e.movie_id = ${template(`m.id - ${SCALE_ID_BASE}`)}
       WHERE m.id BETWEEN $1 AND $2`,
      range,
    );
    await q.query(
      `INSERT INTO movie_tags (movie_id, tag_id)
       SELECT m.id, mt.tag_id FROM movies m
       JOIN movie_tags mt ON mt.movie_id = ${template(`m.id - ${SCALE_ID_BASE}`)}
       WHERE m.id BETWEEN $1 AND $2
       UNION
       SELECT m.id, ${someTag(ctx, 'm.id * 4 + j', 18)} FROM movies m, generate_series(0, 2) j
       WHERE m.id BETWEEN $1 AND $2 AND j <= floor(${u('m.id', 19)} * 3)`,
      range,
    );
    ctx.log(`movies ${to}/${sizes.movies}`);
  }
}

/** Post n's kind: about 76 % topics, 17 % gossip, 7 % archive articles. */
const kindOf = (n: string) =>
  `CASE WHEN ${u(n, 21)} < 0.76 THEN 'topic' WHEN ${u(n, 21)} < 0.93 THEN 'chigua' ELSE 'article' END`;
const templateOf = (n: string, kind: string) =>
  `CASE ${kind} ${(['topic', 'chigua', 'article'] as const)
    .map((k) => `WHEN '${k}' THEN ${TEMPLATES[k].first} + floor(${u(n, 22)} * ${TEMPLATES[k].count})::int`)
    .join(' ')} END`;

export async function writePosts(ctx: ScaleContext, firstUser: number): Promise<void> {
  const { q, sizes } = ctx;
  for (const [from, to] of ranges(sizes.posts, CHUNK)) {
    await q.query(
      `INSERT INTO posts (id, kind, category_id, author_id, title, summary, body, cover, images, views, likes,
         reply_count, floor_count, price_coins, pinned, created_at)
       SELECT ${SCALE_ID_BASE} + s.n, s.kind, p.category_id,
         ${firstUser} + floor(power(${u('s.n', 24)}, 2) * ${sizes.users})::int,
         pt.title, p.summary, p.body, p.cover, p.images, s.views, floor(s.views * (0.01 + 0.07 * ${u('s.n', 25)}))::bigint,
         s.floors - s.floors / 97, s.floors, p.price_coins, false, s.at
       FROM (SELECT n, ${kindOf('n')} AS kind, ${spreadDate('n', sizes.posts, 5, 26)} AS at,
               round(exp(ln(20) + power(${u('n', 27)}, 3) * ln(100000)))::bigint AS views,
               ${tailCount('n', 23, { ...POST_REPLIES, cap: Math.min(POST_REPLIES.cap, 200 * sizes.factor) })} AS floors
             FROM generate_series($2::int, $3::int) n) s
       JOIN posts p ON p.id = ${templateOf('s.n', 's.kind')}
       JOIN scale_pool_titles pt ON pt.key = p.category_id AND pt.k = floor(${u('s.n', 28)} * ${TITLES_PER_KEY})::int`,
      [ctx.now, from, to],
    );
    const n = `(g.id - ${SCALE_ID_BASE})`;
    await q.query(
      `INSERT INTO post_tags (post_id, tag_id)
       SELECT g.id, pt.tag_id FROM posts g JOIN post_tags pt ON pt.post_id = ${templateOf(n, 'g.kind')}
       WHERE g.id BETWEEN $1 AND $2
       UNION
       SELECT g.id, ${someTag(ctx, 'g.id', 29)} FROM posts g WHERE g.id BETWEEN $1 AND $2 AND ${u('g.id', 30)} < 0.5`,
      [SCALE_ID_BASE + from, SCALE_ID_BASE + to],
    );
    ctx.log(`posts ${to}/${sizes.posts}`);
  }
}

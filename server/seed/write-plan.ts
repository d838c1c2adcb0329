/**
 * Writes a DemoPlan inside the caller's transaction. Every seeded row is upserted by its fixed id
 * (or natural key), so the same code serves the first seed and a re-seed after a version bump:
 * link rows (tags, featured items) are replaced; seeded replies and movie comments are upserted,
 * with floors and counters recounted (write-replies.ts); seeded movies, posts, featured collections
 * and banners the plan no longer has are deleted; categories, tags and authors are only upserted
 * (members' posts may point at them). Counters members add to (banner clicks) and CDN line urls an
 * operator may have changed are left alone on a re-seed.
 */
import type { Queryable } from '../db/db.ts';
import { DEMO_RUNGS } from './demo-video.ts';
import { BASE_DATE, SEEDED_ID_LIMIT, type DemoPlan } from './plan-types.ts';
import { writeReplies } from './write-replies.ts';
import { at, insertRows } from './write-rows.ts';

const ids = (rows: readonly { id: number }[]): number[] => rows.map((row) => row.id);

/** A plan date (before BASE_DATE) as written: moved so that BASE_DATE falls on the seed's `endsAt`. */
type DateOf = (planMs: number) => string;

/** Deletes the seeded rows of `table` (ids below the limit) that are not in `keep`. */
async function deleteStale(q: Queryable, table: string, keep: number[]): Promise<void> {
  await q.query(`DELETE FROM ${table} WHERE id < $1 AND NOT (id = ANY($2::int[]))`, [SEEDED_ID_LIMIT, keep]);
}

async function writeTaxonomy(q: Queryable, plan: DemoPlan): Promise<void> {
  await insertRows(
    q,
    'categories',
    ['id', 'parent_id', 'name', 'route', 'topic_id', 'icon', 'description', 'sort', 'depth'],
    plan.categories.map((c) => [c.id, c.parentId, c.name, c.route, c.topicId, c.icon, c.description, c.sort, c.depth]),
    { conflict: ['id'] },
  );
  await insertRows(
    q,
    'tags',
    ['id', 'key', 'name', 'hot_rank', 'use_count'],
    plan.tags.map((t) => [t.id, t.name, t.name, t.hotRank, t.useCount]),
    { conflict: ['id'] },
  );
}

/** Upserts the authors (users of the site keyed by device id); returns user id by author number. */
async function writeAuthors(
  q: Queryable,
  plan: DemoPlan,
  siteId: number,
  dateOf: DateOf,
): Promise<Map<number, number>> {
  const rows = await insertRows<{ id: number; device_id: string }>(
    q,
    'users',
    ['site_id', 'device_id', 'nickname', 'avatar', 'bio', 'created_at'],
    plan.authors.map((a) => [siteId, a.deviceId, a.nickname, a.avatar, a.bio, dateOf(a.createdAt)]),
    { conflict: ['site_id', 'device_id'], update: ['nickname', 'avatar', 'bio'], returning: 'id, device_id' },
  );
  const userByDevice = new Map(rows.map((row) => [row.device_id, row.id]));
  return new Map(plan.authors.map((a) => [a.n, userByDevice.get(a.deviceId)!]));
}

async function writeMovies(q: Queryable, plan: DemoPlan, dateOf: DateOf): Promise<void> {
  await insertRows(
    q,
    'movies',
    [
      'id',
      'title',
      'description',
      'poster',
      'duration_s',
      'views',
      'likes',
      'category_id',
      'access',
      'price_coins',
      'trial_s',
      'intro_end_s',
      'outro_start_s',
      'finished',
      'region',
      'year',
      'published_at',
    ],
    plan.movies.map((m) => [
      m.id,
      m.title,
      m.description,
      m.poster,
      m.durationS,
      m.views,
      m.likes,
      m.categoryId,
      m.access,
      m.priceCoins,
      m.trialS,
      m.introEndS,
      m.outroStartS,
      m.finished,
      m.region,
      m.year,
      dateOf(m.publishedAt),
    ]),
    { conflict: ['id'] },
  );
  await deleteStale(q, 'movies', ids(plan.movies));
  await q.query('DELETE FROM movie_tags WHERE movie_id = ANY($1::int[])', [ids(plan.movies)]);
  await insertRows(
    q,
    'movie_tags',
    ['movie_id', 'tag_id'],
    plan.movies.flatMap((m) => m.tagIds.map((tagId) => [m.id, tagId])),
  );
  await writeEpisodes(q, plan);
}

/** The seeded titles' episodes, upserted by (title, number); episodes past a title's last are deleted. */
async function writeEpisodes(q: Queryable, plan: DemoPlan): Promise<void> {
  await insertRows(
    q,
    'episodes',
    ['movie_id', 'number', 'title', 'video', 'duration_s', 'state', 'rungs'],
    plan.movies.flatMap((m) =>
      m.episodes.map((e) => [m.id, e.number, e.title, e.video, e.durationS, 'ready', [...DEMO_RUNGS]]),
    ),
    { conflict: ['movie_id', 'number'] },
  );
  await q.query(
    `DELETE FROM episodes e USING unnest($1::int[], $2::int[]) AS last(movie_id, number)
     WHERE e.movie_id = last.movie_id AND e.number > last.number`,
    [ids(plan.movies), plan.movies.map((m) => m.episodes.length)],
  );
}

async function writePosts(q: Queryable, plan: DemoPlan, userOf: Map<number, number>, dateOf: DateOf): Promise<void> {
  await insertRows(
    q,
    'posts',
    [
      'id',
      'kind',
      'category_id',
      'author_id',
      'title',
      'summary',
      'body',
      'cover',
      'images',
      'views',
      'likes',
      'price_coins',
      'pinned',
      'created_at',
    ],
    plan.posts.map((p) => [
      p.id,
      p.kind,
      p.categoryId,
      userOf.get(p.authorN),
      p.title,
      p.summary,
      p.body,
      p.cover,
      JSON.stringify(p.images),
      p.views,
      p.likes,
      p.priceCoins,
      p.pinned,
      dateOf(p.createdAt),
    ]),
    { conflict: ['id'] },
  );
  await deleteStale(q, 'posts', ids(plan.posts));
  await q.query('DELETE FROM post_tags WHERE post_id = ANY($1::int[])', [ids(plan.posts)]);
  await insertRows(
    q,
    'post_tags',
    ['post_id', 'tag_id'],
    plan.posts.flatMap((p) => p.tagIds.map((tagId) => [p.id, tagId])),
  );
}

async function writeSiteRows(q: Queryable, plan: DemoPlan, siteId: number): Promise<void> {
  await insertRows(
    q,
    'featured',
    ['id', 'title', 'description', 'cover', 'sort'],
    plan.featured.map((f) => [f.id, f.title, f.description, f.cover, f.sort]),
    { conflict: ['id'] },
  );
  await deleteStale(q, 'featured', ids(plan.featured));
  await q.query('DELETE FROM featured_items WHERE featured_id = ANY($1::int[])', [ids(plan.featured)]);
  await insertRows(
    q,
    'featured_items',
    ['featured_id', 'item_type', 'item_id', 'sort'],
    plan.featured.flatMap((f) => f.items.map((item, i) => [f.id, item.type, item.id, i + 1])),
  );
  await insertRows(
    q,
    'banners',
    ['id', 'site_id', 'title', 'image', 'link', 'sort'],
    plan.banners.map((b) => [b.id, siteId, b.title, b.image, b.link, b.sort]),
    { conflict: ['id'] },
  );
  await q.query('DELETE FROM banners WHERE site_id = $1 AND id < $2 AND NOT (id = ANY($3::int[]))', [
    siteId,
    SEEDED_ID_LIMIT,
    ids(plan.banners),
  ]);
  await insertRows(
    q,
    'cdn_lines',
    ['id', 'site_id', 'name', 'url', 'sort'],
    plan.cdnLines.map((c) => [c.id, siteId, c.name, c.url, c.sort]),
    { conflict: ['id'], update: [] },
  );
  // The demo site offers its free titles in the MacCMS feed (server/supply/provide-routes.ts); an
  // operator's later choice stays.
  await q.query(
    "INSERT INTO vod_feeds (site_id, enabled, access) VALUES ($1, true, '{free}') ON CONFLICT (site_id) DO NOTHING",
    [siteId],
  );
  await insertRows(
    q,
    'dictionary',
    ['type', 'key', 'label', 'sort'],
    plan.dictionary.map((d) => [d.type, d.key, d.label, d.sort]),
    { conflict: ['type', 'key'] },
  );
  const types = [...new Set(plan.dictionary.map((d) => d.type))];
  await q.query(`DELETE FROM dictionary WHERE type = ANY($1::text[]) AND NOT (type || ':' || key = ANY($2::text[]))`, [
    types,
    plan.dictionary.map((d) => `${d.type}:${d.key}`),
  ]);
}

/**
 * `endsAt`: the instant the plan's BASE_DATE becomes, the seed's own time, so that a demo seeded
 * today has content from today (the forums' 今日 counts, the newest movies) while the plan, and
 * every date's distance to the others, stay the same from one run to the next.
 */
export async function writeDemoPlan(q: Queryable, plan: DemoPlan, siteId: number, endsAt: number): Promise<void> {
  const dateOf: DateOf = (planMs) => at(planMs + endsAt - BASE_DATE);
  await writeTaxonomy(q, plan);
  const userOf = await writeAuthors(q, plan, siteId, dateOf);
  await writeMovies(q, plan, dateOf);
  await writePosts(q, plan, userOf, dateOf);
  await writeReplies(q, plan, userOf, dateOf);
  await writeSiteRows(q, plan, siteId);
}

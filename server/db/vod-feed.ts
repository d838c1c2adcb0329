/**
 * The rows of a site's MacCMS v10 provide feed (server/supply/provide-routes.ts): its settings
 * (migration 039: off unless a row turns it on, free titles only by default, an optional key), the
 * movie categories as the feed's `class`, and a page of the titles a visitor may see (movies.ts
 * VISIBLE) of the access levels the site lists, newest update first, with the episodes that play
 * (their own video, or 播放源 only) and the title's 播放源.
 */
import type { MovieAccess } from '../../contract/calls/content.ts';
import type { Queryable } from './db.ts';
import { VISIBLE } from './movies.ts';

export interface VodFeedSettings {
  enabled: boolean;
  access: MovieAccess[];
  /** When set, a request must carry it as `key`. */
  key: string | null;
}

const OFF: VodFeedSettings = { enabled: false, access: ['free'], key: null };

export async function vodFeedSettings(q: Queryable, siteId: number): Promise<VodFeedSettings> {
  const row = await q.one<VodFeedSettings>(
    'SELECT enabled, access, feed_key AS key FROM vod_feeds WHERE site_id = $1',
    [siteId],
  );
  return row ?? OFF;
}

/** Turns the feed on or off for a site, with the access levels it lists and its key. */
export async function saveVodFeedSettings(q: Queryable, siteId: number, settings: VodFeedSettings): Promise<void> {
  await q.query(
    `INSERT INTO vod_feeds (site_id, enabled, access, feed_key) VALUES ($1, $2, $3, $4)
     ON CONFLICT (site_id) DO UPDATE SET enabled = $2, access = $3, feed_key = $4, updated_at = now()`,
    [siteId, settings.enabled, settings.access, settings.key],
  );
}

/** A movie category as the feed's `class`: type_pid 0 under the movie section's root. */
export interface VodClass {
  typeId: number;
  typePid: number;
  typeName: string;
}

/** The movie section's categories, in the section's order (parents before their children). */
export const vodClasses = (q: Queryable): Promise<VodClass[]> =>
  q.query<VodClass>(
    `WITH RECURSIVE tree AS (
       SELECT c.id, c.parent_id, c.name, c.sort, c.depth, ARRAY[c.sort, c.id] AS path
         FROM categories c JOIN categories root ON root.id = c.parent_id
        WHERE root.route = '/movie' AND root.depth = 1
       UNION ALL
       SELECT c.id, c.parent_id, c.name, c.sort, c.depth, tree.path || ARRAY[c.sort, c.id]
         FROM categories c JOIN tree ON c.parent_id = tree.id)
     SELECT id AS "typeId", CASE WHEN depth = 2 THEN 0 ELSE parent_id END AS "typePid", name AS "typeName"
       FROM tree ORDER BY path`,
  );

export interface VodFilters {
  /** The category and its descendants' ids (`t`); null: every category. */
  typeIds: number[] | null;
  /** A part of the title (`wd`). */
  word: string | null;
  /** Updated within this many hours (`h`). */
  hours: number | null;
  /** Only these titles (`ids`). */
  ids: number[] | null;
  access: MovieAccess[];
}

export interface VodRow {
  id: number;
  title: string;
  alias: string;
  typeId: number;
  typeName: string;
  access: MovieAccess;
  trialS: number;
  /** 'YYYY-MM-DD HH:mm:ss' in Beijing time, as MacCMS writes vod_time. */
  time: string;
  remarks: string;
  poster: string;
  description: string;
  castNames: string[];
  directors: string[];
  region: string;
  language: string;
  year: number;
  scoreTenths: number | null;
  finished: boolean;
  totalEpisodes: number | null;
  tags: string[];
  /** The episodes that play, in order: video is the own video's key, null for one playing from 播放源 only. */
  episodes: { number: number; title: string; video: string | null }[];
  /**
   * The title's 播放源 in the order viewers are offered them: its flag, and (ac=detail) its URLs of
   * the episodes that play; a listing reads the flags alone.
   */
  playSources: VodPlaySource[];
  /** Some episode plays from the title's own video. */
  ownVideo: boolean;
}

export interface VodPlaySource {
  flag: string;
  episodes: { number: number; url: string }[];
}

/** The feed's update time of a title: its last edit or its publication, whichever is later. */
const UPDATED = 'GREATEST(m.updated_at, m.published_at)';

function whereOf(filters: VodFilters): { where: string; params: unknown[] } {
  const params: unknown[] = [filters.access];
  const conditions = [VISIBLE, 'm.access = ANY($1::text[])'];
  const add = (condition: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filters.typeIds) add((n) => `m.category_id = ANY(${n}::int[])`, filters.typeIds);
  if (filters.word) add((n) => `strpos(lower(m.title), lower(${n})) > 0`, filters.word);
  if (filters.hours !== null) add((n) => `${UPDATED} >= now() - make_interval(hours => ${n})`, filters.hours);
  if (filters.ids) add((n) => `m.id = ANY(${n}::int[])`, filters.ids);
  return { where: conditions.join(' AND '), params };
}

/** The number of titles the filters find. */
export async function countVods(q: Queryable, filters: VodFilters): Promise<number> {
  const { where, params } = whereOf(filters);
  const row = await q.one<{ total: number }>(`SELECT count(*)::int AS total FROM movies m WHERE ${where}`, params);
  return row?.total ?? 0;
}

/** A 播放源's (`ps`) links of the title's (`m`) episodes that play. */
const SOURCE_EPISODES = `FROM play_source_episodes pe
  JOIN episodes e ON e.movie_id = m.id AND e.number = pe.number AND e.state = 'ready'
  WHERE pe.play_source_id = ps.id`;

/** Where a page ends in the feed's order: the next page starts after it (keyset). */
export interface VodAnchor {
  /** The feed's update time of the page's last title, as PostgreSQL writes a timestamptz. */
  at: string;
  id: number;
}

/**
 * One page of titles, newest update first; `detail` adds the fields and episodes of ac=detail.
 * With `after` (where the page before it ended) the page is read from there by the movies_feed
 * index; else by its offset. The page's titles are found first and their fields read for those
 * alone: read beside the whole filter, PostgreSQL may hash a subquery over every title's episodes.
 */
export async function vodPage(
  q: Queryable,
  filters: VodFilters,
  page: { offset: number; limit: number; after: VodAnchor | null },
  detail: boolean,
): Promise<{ rows: VodRow[]; last: VodAnchor | null }> {
  const { where, params } = whereOf(filters);
  let from = '';
  if (page.after) {
    params.push(page.after.at, page.after.id);
    from = ` AND (${UPDATED}, m.id) < ($${params.length - 1}::timestamptz, $${params.length}::int)`;
  }
  params.push(page.limit, page.after ? 0 : page.offset);
  const limit = `$${params.length - 1}`;
  const offset = `$${params.length}`;
  const more = detail
    ? `, (SELECT coalesce(array_agg(t.name ORDER BY t.name), '{}') FROM movie_tags mt JOIN tags t ON t.id = mt.tag_id
           WHERE mt.movie_id = m.id) AS tags,
         (SELECT coalesce(json_agg(json_build_object('number', e.number, 'title', e.title, 'video', e.video)
                   ORDER BY e.number), '[]'::json)
            FROM episodes e WHERE e.movie_id = m.id AND e.state = 'ready') AS episodes,
         (SELECT coalesce(json_agg(json_build_object('flag', ps.flag, 'episodes',
                   (SELECT coalesce(json_agg(json_build_object('number', pe.number, 'url', pe.url) ORDER BY pe.number), '[]'::json)
                      ${SOURCE_EPISODES})) ORDER BY ps.position, ps.id), '[]'::json)
            FROM play_sources ps WHERE ps.movie_id = m.id) AS "playSources"`
    : `, '{}'::text[] AS tags, '[]'::json AS episodes,
         (SELECT coalesce(json_agg(json_build_object('flag', ps.flag, 'episodes', '[]'::json) ORDER BY ps.position, ps.id),
                 '[]'::json)
            FROM play_sources ps WHERE ps.movie_id = m.id AND EXISTS (SELECT 1 ${SOURCE_EPISODES})) AS "playSources"`;
  const rows = await q.query<VodRow & { anchorAt: string }>(
    `WITH page AS (
       SELECT m.id, ${UPDATED} AS at FROM movies m
        WHERE ${where}${from}
        ORDER BY ${UPDATED} DESC, m.id DESC
        LIMIT ${limit} OFFSET ${offset})
     SELECT m.id, m.title, m.alias, m.category_id AS "typeId", c.name AS "typeName", m.access, m.trial_s AS "trialS",
            to_char(page.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS time, page.at::text AS "anchorAt",
            m.remarks, m.poster, m.description, m.cast_names AS "castNames", m.directors, m.region,
            m.language, m.year, m.score_tenths AS "scoreTenths", m.finished, m.total_episodes AS "totalEpisodes",
            EXISTS (SELECT 1 FROM episodes e WHERE e.movie_id = m.id AND e.state = 'ready' AND e.video IS NOT NULL)
              AS "ownVideo"
            ${more}
       FROM page JOIN movies m ON m.id = page.id JOIN categories c ON c.id = m.category_id
      ORDER BY page.at DESC, page.id DESC`,
    params,
  );
  const end = rows[rows.length - 1];
  return {
    rows: rows.map(({ anchorAt: _, ...row }) => row),
    last: end ? { at: end.anchorAt, id: end.id } : null,
  };
}

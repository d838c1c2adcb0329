/**
 * The console's SQL for titles: the filtered list (a page of 30 with its total, newest first by id,
 * so rows stay put while an operator edits them, or by title, plays or update time with id breaking
 * ties in the same direction, so a page never repeats or skips a row), one title with every field, its category path,
 * tags and episodes, and what the editor may pick (the movie section's categories, all tags).
 * "Scheduled" is not stored: it is status 'published' with published_at after the app's clock.
 */
import {
  MOVIE_PAGE_SIZE,
  type AdminEpisode,
  type AdminMovie,
  type AdminMoviePage,
  type AdminMovieQuery,
  type CategoryOption,
  type MovieSort,
  type MovieSortColumn,
  type EpisodeState,
  type MovieOptions,
  type MovieStatus,
  type ShownStatus,
} from '../../../contract/admin/catalogue.ts';
import type { MovieAccess, TagBrief } from '../../../contract/calls/content.ts';
import type { Queryable } from '../../db/db.ts';
import { Filter, likePattern } from '../../db/paging.ts';
import { tagsOf } from '../../db/tags.ts';
import { posterFiles } from '../../media/media-layout.ts';

const shownStatus = (status: MovieStatus, publishedAt: Date, now: number): ShownStatus =>
  status === 'published' && publishedAt.getTime() > now ? 'scheduled' : status;

/** The ids of the movie section: every category under a root whose route is /movie. */
const MOVIE_CATEGORIES = `WITH RECURSIVE sub AS (
    SELECT id, name, depth, name AS path, ARRAY[sort, id] AS ord FROM categories
     WHERE parent_id IS NULL AND route = '/movie'
    UNION ALL SELECT c.id, c.name, c.depth, sub.path || ' / ' || c.name, sub.ord || ARRAY[c.sort, c.id]
      FROM categories c JOIN sub ON c.parent_id = sub.id)`;

const SUBTREE = `(WITH RECURSIVE sub AS (SELECT id FROM categories WHERE id = $?
    UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id) SELECT id FROM sub)`;

/** The ORDER BY of each sort column; the values come from this table only, never from the query. */
const SORT_SQL: Record<MovieSortColumn, string> = {
  title: 'm.title',
  views: 'm.views',
  updated: 'm.updated_at',
};

const orderBy = (sort: MovieSort | undefined): string => {
  if (!sort) return 'm.id DESC';
  const [column, dir] = sort.split(':') as [MovieSortColumn, 'asc' | 'desc'];
  const way = dir === 'asc' ? 'ASC' : 'DESC';
  return `${SORT_SQL[column]} ${way}, m.id ${way}`;
};

interface ListRow {
  id: number;
  title: string;
  poster: string;
  categoryId: number;
  categoryName: string;
  access: MovieAccess;
  status: MovieStatus;
  publishedAt: Date;
  updatedAt: Date;
  episodeCount: number;
  views: number;
  finished: boolean;
}

export async function listAdminMovies(q: Queryable, query: AdminMovieQuery, now: number): Promise<AdminMoviePage> {
  const at = new Date(now);
  const filter = new Filter()
    .addIf('m.access = $?', query.access)
    .addIf(`m.category_id IN ${SUBTREE}`, query.categoryId);
  if (query.q) filter.add(`m.title ILIKE $? ESCAPE '\\'`, likePattern(query.q));
  if (query.status === 'draft' || query.status === 'unpublished') filter.add('m.status = $?', query.status);
  if (query.status === 'published') filter.require(`m.status = 'published'`).add('m.published_at <= $?', at);
  if (query.status === 'scheduled') filter.require(`m.status = 'published'`).add('m.published_at > $?', at);
  const page = query.page ?? 1;
  const { params } = filter;
  const [rows, count] = await Promise.all([
    q.query<ListRow>(
      `SELECT m.id, m.title, m.poster, m.category_id AS "categoryId", c.name AS "categoryName", m.access, m.status,
              m.published_at AS "publishedAt", m.updated_at AS "updatedAt", m.finished, m.views,
              (SELECT count(*) FROM episodes e WHERE e.movie_id = m.id) AS "episodeCount"
         FROM movies m JOIN categories c ON c.id = m.category_id ${filter.where}
        ORDER BY ${orderBy(query.sort)} LIMIT ${MOVIE_PAGE_SIZE} OFFSET $${params.length + 1}`,
      [...params, (page - 1) * MOVIE_PAGE_SIZE],
    ),
    q.one<{ total: number }>(`SELECT count(*) AS total FROM movies m ${filter.where}`, params),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      title: row.title,
      poster: posterFiles(row.poster),
      categoryId: row.categoryId,
      categoryName: row.categoryName,
      access: row.access,
      episodeCount: row.episodeCount,
      views: row.views,
      finished: row.finished,
      status: row.status,
      shownStatus: shownStatus(row.status, row.publishedAt, now),
      publishedAt: row.publishedAt.getTime(),
      updatedAt: row.updatedAt.getTime(),
    })),
    total: count?.total ?? 0,
    page,
    pageSize: MOVIE_PAGE_SIZE,
  };
}

/** The editable columns of a title as the store holds them (what PATCH compares and audits). */
export interface MovieFields {
  title: string;
  description: string;
  categoryId: number;
  tagIds: number[];
  region: string;
  year: number;
  castNames: string[];
  directors: string[];
  access: MovieAccess;
  priceCoins: number;
  trialS: number;
  durationS: number;
  introEndS: number | null;
  outroStartS: number | null;
  finished: boolean;
  remarks: string;
  alias: string;
  language: string;
  /** 0.0-10.0; the column holds tenths. */
  score: number | null;
  totalEpisodes: number | null;
  status: MovieStatus;
  publishedAt: number;
}

interface MovieRowDb extends Omit<MovieFields, 'publishedAt' | 'tagIds'> {
  id: number;
  poster: string;
  views: number;
  publishedAt: Date;
  updatedAt: Date;
}

const MOVIE_COLUMNS = `id, title, description, category_id AS "categoryId", region, year, cast_names AS "castNames",
  directors, access, price_coins AS "priceCoins", trial_s AS "trialS", duration_s AS "durationS",
  intro_end_s AS "introEndS",
  outro_start_s AS "outroStartS", finished, remarks, alias, language, (score_tenths / 10.0)::float8 AS score,
  total_episodes AS "totalEpisodes", status, published_at AS "publishedAt", updated_at AS "updatedAt",
  poster, views`;

/** The title's stored fields, locked for the transaction's change when `lock`. */
export async function movieFields(
  q: Queryable,
  id: number,
  lock = false,
): Promise<(MovieFields & { poster: string }) | undefined> {
  const row = await q.one<MovieRowDb>(`SELECT ${MOVIE_COLUMNS} FROM movies WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [
    id,
  ]);
  if (!row) return undefined;
  const tags = await q.query<{ tagId: number }>(
    'SELECT tag_id AS "tagId" FROM movie_tags WHERE movie_id = $1 ORDER BY tag_id',
    [id],
  );
  const { views: _views, updatedAt: _updatedAt, id: _id, ...fields } = row;
  return { ...fields, publishedAt: row.publishedAt.getTime(), tagIds: tags.map((tag) => tag.tagId) };
}

interface EpisodeRow {
  id: number;
  number: number;
  title: string;
  state: EpisodeState;
  progress: number;
  failure: string | null;
  rungs: number[];
  durationS: number;
  video: string | null;
  jobId: string | null;
}

export async function episodesOf(q: Queryable, movieId: number): Promise<AdminEpisode[]> {
  const rows = await q.query<EpisodeRow>(
    `SELECT id, number, title, state, progress, failure, rungs, duration_s AS "durationS", video, job_id AS "jobId"
       FROM episodes WHERE movie_id = $1 ORDER BY number`,
    [movieId],
  );
  return rows.map(({ video, ...row }) => ({ ...row, hasVideo: video !== null && video !== '' }));
}

async function categoryPath(q: Queryable, categoryId: number): Promise<Array<{ id: number; name: string }>> {
  const rows = await q.query<{ id: number; name: string; depth: number }>(
    `WITH RECURSIVE up AS (SELECT id, parent_id, name, depth FROM categories WHERE id = $1
       UNION ALL SELECT c.id, c.parent_id, c.name, c.depth FROM categories c JOIN up ON c.id = up.parent_id)
     SELECT id, name, depth FROM up ORDER BY depth`,
    [categoryId],
  );
  return rows.map(({ id, name }) => ({ id, name }));
}

export async function findAdminMovie(q: Queryable, id: number, now: number): Promise<AdminMovie | undefined> {
  const row = await q.one<MovieRowDb>(`SELECT ${MOVIE_COLUMNS} FROM movies WHERE id = $1`, [id]);
  if (!row) return undefined;
  const [tags, path, episodes] = await Promise.all([
    tagsOf(q, 'movie', id),
    categoryPath(q, row.categoryId),
    episodesOf(q, id),
  ]);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    categoryId: row.categoryId,
    categoryPath: path,
    tags,
    region: row.region,
    year: row.year,
    castNames: row.castNames,
    directors: row.directors,
    access: row.access,
    priceCoins: row.priceCoins,
    trialS: row.trialS,
    durationS: row.durationS,
    introEndS: row.introEndS,
    outroStartS: row.outroStartS,
    finished: row.finished,
    remarks: row.remarks,
    alias: row.alias,
    language: row.language,
    score: row.score,
    totalEpisodes: row.totalEpisodes,
    status: row.status,
    shownStatus: shownStatus(row.status, row.publishedAt, now),
    publishedAt: row.publishedAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    posterKey: row.poster,
    poster: posterFiles(row.poster),
    views: row.views,
    episodes,
  };
}

/** Whether the category belongs to the movie section. */
export async function isMovieCategory(q: Queryable, categoryId: number): Promise<boolean> {
  return (await q.one(`${MOVIE_CATEGORIES} SELECT 1 FROM sub WHERE id = $1`, [categoryId])) !== undefined;
}

/** The ids of `ids` that are no tag. */
export async function unknownTags(q: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<{ id: number }>('SELECT id FROM tags WHERE id = ANY($1::int[])', [ids]);
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

export async function movieOptions(q: Queryable): Promise<MovieOptions> {
  const [categories, tags] = await Promise.all([
    q.query<CategoryOption>(`${MOVIE_CATEGORIES} SELECT id, name, path, depth FROM sub ORDER BY ord`),
    q.query<TagBrief>('SELECT id, key, name FROM tags ORDER BY name, id'),
  ]);
  return { categories, tags };
}

/**
 * Movies: the one place for their SQL and their wire shapes (MovieCard and the detail's own
 * fields). Lists filter by a resolved category subtree, a tag id, an access kind or a keyword
 * (title or tag name), in one of the sort orders, always tie-broken by id.
 *
 * Visitors see a title only while it is published and its publication time has come (VISIBLE):
 * every read here applies it, so a draft, an unpublished or a scheduled title is as unknown as an
 * id that never existed. Its videos are its episodes (episodes.ts).
 */
import type { MovieSort } from '../../contract/enums.ts';
import type { MovieAccess, MovieCard, MovieScore } from '../../contract/calls/content.ts';
import { posterFiles } from '../media/media-layout.ts';
import type { Queryable } from './db.ts';
import { categoryTotal, tagTotal } from './counters.ts';
import { fetchKeysetPage, topRows, type Keyset, type KeysetQuery, type KeysetRequest } from './keyset.ts';
import { Filter, likePattern } from './paging.ts';

export interface MovieFilters {
  /** A category and its descendants (resolved by the caller). */
  categoryIds?: number[] | undefined;
  tagId?: number | undefined;
  access?: MovieAccess | undefined;
  /** Case-insensitive substring of the title or of a tag name. */
  keyword?: string | undefined;
  sort: MovieSort;
}

interface MovieCardRow {
  id: number;
  title: string;
  /** Key prefix of the two poster sizes (server/media/media-layout.ts). */
  poster: string;
  durationS: number;
  views: number;
  likes: number;
  access: MovieAccess;
  priceCoins: number;
  year: number;
  region: string;
  episodeCount: number;
  finished: boolean;
  remarks: string;
}

/** A movie with what its detail, play and access checks need besides the card. */
export interface MovieRow extends MovieCardRow {
  description: string;
  categoryId: number;
  trialS: number;
  /** The operator's marks of every episode (migration 008); null: none. */
  introEndS: number | null;
  outroStartS: number | null;
  publishedAt: Date;
  /** 别名, 语言 and the site's 评分 (migration 036): '' and null when not set. */
  alias: string;
  language: string;
  editorScore: number | null;
  /** Kept counters of its comments (migration 006): comments that count, and their stars. */
  commentCount: number;
  ratingSum: number;
  ratingCount: number;
}

const CARD_COLUMNS = `m.id, m.title, m.poster, m.duration_s AS "durationS", m.views, m.likes, m.access,
  m.price_coins AS "priceCoins", m.year, m.region, m.finished, m.remarks,
  (SELECT count(*) FROM episodes e WHERE e.movie_id = m.id AND e.state = 'ready')::int AS "episodeCount"`;
const ROW_COLUMNS = `${CARD_COLUMNS}, m.description, m.category_id AS "categoryId",
  m.trial_s AS "trialS", m.intro_end_s AS "introEndS", m.outro_start_s AS "outroStartS",
  m.published_at AS "publishedAt", m.comment_count AS "commentCount",
  m.rating_sum AS "ratingSum", m.rating_count AS "ratingCount", m.alias, m.language,
  (m.score_tenths / 10.0)::float8 AS "editorScore"`;

/** What a visitor may see of `movies m` (the partial index movies_visible serves the newest-first lists). */
export const VISIBLE = `m.status = 'published' AND m.published_at <= now()`;

const KEYSETS: Record<MovieSort, Keyset> = {
  new: { name: 'mn', keys: [{ column: 'm.published_at', kind: 'time' }], id: 'm.id' },
  hot: { name: 'mh', keys: [{ column: 'm.views', kind: 'int' }], id: 'm.id' },
  like: { name: 'ml', keys: [{ column: 'm.likes', kind: 'int' }], id: 'm.id' },
};

/** The viewers' score from the kept rating counters: the average to one decimal, 0 when nobody rated. */
export const movieScore = (row: Pick<MovieRow, 'ratingSum' | 'ratingCount'>): MovieScore => ({
  average: row.ratingCount === 0 ? 0 : Math.round((row.ratingSum * 10) / row.ratingCount) / 10,
  count: row.ratingCount,
});

export const toMovieCard = (row: MovieCardRow): MovieCard => ({
  id: row.id,
  title: row.title,
  poster: posterFiles(row.poster),
  durationS: row.durationS,
  views: row.views,
  likes: row.likes,
  access: row.access,
  priceCoins: row.priceCoins,
  year: row.year,
  region: row.region,
  episodeCount: row.episodeCount,
  finished: row.finished,
  ...(row.remarks ? { remarks: row.remarks } : {}),
});

function listQuery(filters: MovieFilters): KeysetQuery {
  const filter = new Filter()
    .require(VISIBLE)
    .addIf('EXISTS (SELECT 1 FROM movie_tags mt WHERE mt.movie_id = m.id AND mt.tag_id = $?)', filters.tagId)
    .addIf('m.access = $?', filters.access);
  if (filters.keyword !== undefined) {
    filter.add(
      `(m.title ILIKE $? ESCAPE '\\' OR m.id IN (SELECT mt.movie_id FROM movie_tags mt
         JOIN tags t ON t.id = mt.tag_id WHERE t.name ILIKE $? ESCAPE '\\'))`,
      likePattern(filters.keyword),
    );
  }
  const { categoryIds, tagId } = filters;
  const counted = filters.keyword === undefined && filters.access === undefined;
  let total: KeysetQuery['total'];
  if (counted && tagId === undefined) total = (q) => categoryTotal(q, 'movie', categoryIds);
  else if (counted && categoryIds === undefined && tagId !== undefined) total = (q) => tagTotal(q, 'movie', tagId);
  return {
    table: 'movies m',
    alias: 'm',
    filter,
    columns: CARD_COLUMNS,
    keyset: KEYSETS[filters.sort],
    ...(categoryIds === undefined ? {} : { oneOf: { column: 'm.category_id', values: categoryIds } }),
    ...(total === undefined ? {} : { total }),
  };
}

export const pageMovies = (q: Queryable, filters: MovieFilters, request: KeysetRequest) =>
  fetchKeysetPage(q, listQuery(filters), request, toMovieCard);

/** The first `limit` movies of a list, without counting (home rows). */
export async function topMovies(q: Queryable, filters: MovieFilters, limit: number): Promise<MovieCard[]> {
  return (await topRows<MovieCardRow>(q, listQuery(filters), limit)).map(toMovieCard);
}

export const findMovie = (q: Queryable, id: number): Promise<MovieRow | undefined> =>
  q.one<MovieRow>(`SELECT ${ROW_COLUMNS} FROM movies m WHERE m.id = $1 AND ${VISIBLE}`, [id]);

/** Candidates read per tag of the movie and from its category: the related row's cost stays flat. */
const RELATED_CANDIDATES = 40;

/**
 * Up to `limit` other movies of the same category or sharing tags: the more shared tags (the same
 * category counts as one), the closer; then newest first. Candidates are the newest
 * RELATED_CANDIDATES of each of its tags (by id, through movie_tags_tag) and of its category
 * (movies_category_new), never every movie sharing a popular tag: that read thousands of rows on a
 * big site.
 */
export async function relatedMovies(q: Queryable, movie: MovieRow, limit = 12): Promise<MovieCard[]> {
  const rows = await q.query<MovieCardRow>(
    `WITH candidates AS (
       SELECT b.movie_id AS id, 1 AS score FROM movie_tags a
       CROSS JOIN LATERAL (
         SELECT movie_id FROM movie_tags WHERE tag_id = a.tag_id AND movie_id <> $1
         ORDER BY movie_id DESC LIMIT ${RELATED_CANDIDATES}) b
       WHERE a.movie_id = $1
       UNION ALL
       (SELECT id, 1 FROM movies WHERE category_id = $2 AND id <> $1 AND status = 'published'
        ORDER BY published_at DESC, id DESC LIMIT ${RELATED_CANDIDATES})),
     ranked AS (SELECT id, sum(score) AS score FROM candidates GROUP BY id)
     SELECT ${CARD_COLUMNS} FROM ranked r JOIN movies m ON m.id = r.id WHERE ${VISIBLE}
     ORDER BY r.score DESC, m.published_at DESC, m.id DESC LIMIT $3`,
    [movie.id, movie.categoryId, limit],
  );
  return rows.map(toMovieCard);
}

/** The movies of the given ids, in the order of the ids; unknown and hidden ids are skipped. */
export async function moviesByIds(q: Queryable, ids: readonly number[]): Promise<MovieCard[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<MovieCardRow>(
    `SELECT ${CARD_COLUMNS} FROM movies m WHERE m.id = ANY($1::int[]) AND ${VISIBLE}`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, toMovieCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The visible movies of `ids` as cards, in no particular order (search hits). */
export const movieCardsByIds = async (q: Queryable, ids: readonly number[]): Promise<MovieCard[]> =>
  (
    await q.query<MovieCardRow>(`SELECT ${CARD_COLUMNS} FROM movies m WHERE m.id = ANY($1::int[]) AND ${VISIBLE}`, [
      ids,
    ])
  ).map(toMovieCard);

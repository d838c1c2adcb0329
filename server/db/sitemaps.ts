/**
 * The SQL of the sitemaps (server/search-engines/sitemaps.ts): per kind, what its public list shows
 * (the same predicates: movies.ts VISIBLE, posts.ts PUBLIC_POST, public-users.ts LISTED_AUTHOR;
 * tags carrying a visible item), in id order, each row with the time its <lastmod> says, written
 * by the database as the protocol's W3C datetime (UTC, to the second: 50,000 rows cost no Date).
 *
 * A kind's rows are cut into files of `perFile` by keyset: `fileBounds` walks the kind's index once
 * (migration 031) and answers, per file, the last id in it and the latest lastmod; file N is then
 * `id > (last id of file N-1) AND id <= (its own last id) ORDER BY id LIMIT perFile`, one range scan
 * of the same index, never an OFFSET. The last file has no upper bound, so rows added since the
 * bounds were read still show.
 */
import { ROUTE_PATTERNS, type RouteName } from '../../contract/route-patterns.ts';
import type { Queryable } from './db.ts';
import { VISIBLE } from './movies.ts';
import { PUBLIC_POST } from './posts.ts';
import { LISTED_AUTHOR } from './public-users.ts';

export const SITEMAP_KINDS = ['movies', 'topics', 'chigua', 'articles', 'tags', 'users'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

interface KindSql {
  /** The table with its alias and its visible rows' condition; `$1` is the site's id where scoped. */
  from: string;
  where: string;
  /** The page's path, as XML text: the app's route with its key, URL-encoded. */
  page: string;
  /** The row's update time where the table keeps one, else its publication or creation time; null: none. */
  lastmod: string;
  /** Per site (users), else shared by every site of the station. */
  perSite: boolean;
}

/** The path of a detail route (contract/route-patterns.ts) with `key` (SQL) as its one parameter. */
const pageOf = (route: RouteName, key: string): string => `'${ROUTE_PATTERNS[route].replace(/:\w+$/, '')}' || ${key}`;

const postKind = (kind: string, route: RouteName): KindSql => ({
  from: 'posts p',
  where: `p.kind = '${kind}' AND ${PUBLIC_POST}`,
  page: pageOf(route, 'p.id'),
  lastmod: 'p.created_at',
  perSite: false,
});

const SQL: Record<SitemapKind, KindSql> = {
  movies: {
    from: 'movies m',
    where: VISIBLE,
    page: pageOf('movieDetail', 'm.id'),
    lastmod: 'GREATEST(m.updated_at, m.published_at)',
    perSite: false,
  },
  topics: postKind('topic', 'topicDetail'),
  chigua: postKind('chigua', 'chiguaDetail'),
  articles: postKind('article', 'archives'),
  // item_count: the visible titles and posts carrying the tag (server/db/counters.ts); an empty tag's page is empty.
  // The key is a name: encoded as encodeURIComponent does (migration 033), whose output keeps one
  // character XML escapes: '.
  tags: {
    from: 'tags t',
    where: 't.item_count > 0',
    page: pageOf('tagDetail', `replace(uri_component(t.key), '''', '&apos;')`),
    lastmod: 'NULL::timestamptz',
    perSite: false,
  },
  users: {
    from: 'users u',
    where: `u.site_id = $1 AND ${LISTED_AUTHOR}`,
    page: pageOf('userPage', 'u.id'),
    lastmod: 'u.created_at',
    perSite: true,
  },
};

const idOf = (sql: KindSql): string => `${sql.from.split(' ')[1]}.id`;

/** A timestamptz as the W3C datetime of the sitemaps protocol, e.g. 2026-12-01T20:07:30Z. */
const w3c = (expression: string): string => `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface FileBound {
  /** The last id in the file. */
  lastId: number;
  rows: number;
  /** The latest lastmod of its rows (W3C datetime), null when its kind has none. */
  lastmod: string | null;
}

/** A file's <url> elements, one a line, each <loc> the page's path without its origin. */
export interface SitemapXml {
  rows: number;
  xml: string;
}

/** Whether a kind's rows differ per site (the cache keys them by site then). */
export const perSite = (kind: SitemapKind): boolean => SQL[kind].perSite;

/** The files of `kind`: each one's last id, row count and latest lastmod, in order; [] when there are no rows. */
export async function fileBounds(
  q: Queryable,
  kind: SitemapKind,
  siteId: number,
  perFile: number,
): Promise<FileBound[]> {
  const sql = SQL[kind];
  const id = idOf(sql);
  const params = sql.perSite ? [siteId, perFile] : [perFile];
  const n = `$${params.length}::int8`;
  return q.query<FileBound>(
    `SELECT max(id) AS "lastId", count(*)::int AS rows, ${w3c('max(lastmod)')} AS lastmod
     FROM (SELECT ${id} AS id, ${sql.lastmod} AS lastmod, row_number() OVER (ORDER BY ${id}) AS rn
           FROM ${sql.from} WHERE ${sql.where}) s
     GROUP BY (rn - 1) / ${n} ORDER BY 1`,
    params,
  );
}

/**
 * The <url> elements of up to `limit` visible rows of `kind` with ids in (`after`, `upTo`] (`after`
 * null: from the first; `upTo` null: no end), in id order, written by the database.
 */
export async function fileXml(
  q: Queryable,
  kind: SitemapKind,
  siteId: number,
  range: { after: number | null; upTo: number | null },
  limit: number,
): Promise<SitemapXml> {
  const sql = SQL[kind];
  const id = idOf(sql);
  const params: unknown[] = sql.perSite ? [siteId] : [];
  const conditions = [sql.where];
  if (range.after !== null) conditions.push(`${id} > $${params.push(range.after)}`);
  if (range.upTo !== null) conditions.push(`${id} <= $${params.push(range.upTo)}`);
  const [row] = await q.query<SitemapXml>(
    `SELECT count(*)::int AS rows,
            coalesce(string_agg('<url><loc>' || page || '</loc>'
              || coalesce('<lastmod>' || ${w3c('lastmod')} || '</lastmod>', '') || '</url>', E'\n'), '') AS xml
     FROM (SELECT ${id} AS id, ${sql.page} AS page, ${sql.lastmod} AS lastmod FROM ${sql.from}
           WHERE ${conditions.join(' AND ')} ORDER BY ${id} LIMIT $${params.push(limit)}) s`,
    params,
  );
  return row!;
}

/** The sequence each kind's changes advance (migration 032): the posts' three kinds share one. */
const CHANGES_OF: Record<SitemapKind, string> = {
  movies: 'sitemap_movies_changes',
  topics: 'sitemap_posts_changes',
  chigua: 'sitemap_posts_changes',
  articles: 'sitemap_posts_changes',
  tags: 'sitemap_tags_changes',
  users: 'sitemap_users_changes',
};

/** Per kind, where its changes' sequence stands: a kind whose mark differs from the last one read has changed since. */
export async function changeMarks(q: Queryable): Promise<Record<SitemapKind, string>> {
  const sequences = [...new Set(Object.values(CHANGES_OF))];
  const [row] = await q.query<Record<string, string>>(
    `SELECT ${sequences.map((name) => `(SELECT last_value || ':' || is_called FROM ${name}) AS ${name}`).join(', ')}`,
  );
  return Object.fromEntries(SITEMAP_KINDS.map((kind) => [kind, row![CHANGES_OF[kind]]!])) as Record<
    SitemapKind,
    string
  >;
}

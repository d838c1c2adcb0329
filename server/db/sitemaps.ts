/**
 * The SQL of the sitemaps (server/search-engines/sitemaps.ts): per kind, what its public list shows
 * (the same predicates: movies.ts VISIBLE, posts.ts PUBLIC_POST, public-users.ts LISTED_AUTHOR;
 * tags carrying a visible item), in id order, each row with the time its <lastmod> says, written
 * by the database as the protocol's W3C datetime (UTC, to the second: 50,000 rows cost no Date).
 *
 * The files are made ahead (`makeFiles`, kept in sitemap_files, migration 038) and a request reads
 * one made file. A kind's rows are cut into files of `perFile` by id range: file N holds the visible
 * rows with `id > (last id of file N-1) AND id <= (its own last id)`, the last file every id after
 * its predecessor's. A make keeps the ranges it finds (one scan of the kind's index, migration 031,
 * counting each range's rows and a stamp of them) and cuts anew only from the first range that has
 * grown past `perFile` (the last one, as rows are added): hiding a row leaves the other files as
 * they were, and only files whose stamp moved are written again. Never an OFFSET.
 */
import { ROUTE_PATTERNS, type RouteName } from '../../contract/route-patterns.ts';
import type { Db, Queryable } from './db.ts';
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
  /** What its rows are, in short: their count, the sum of their ids and of their lastmods' seconds. */
  stamp: string;
}

/** A file's <url> elements, one a line, each <loc> the page's path without its origin. */
export interface SitemapXml {
  rows: number;
  xml: string;
}

/** Whether a kind's rows differ per site (the cache keys them by site then). */
export const perSite = (kind: SitemapKind): boolean => SQL[kind].perSite;

/** The aggregates of a group of rows `s` (id, lastmod) that make a FileBound. */
const BOUND_COLUMNS = `max(id) AS "lastId", count(*)::int AS rows, ${w3c('max(lastmod)')} AS lastmod,
  count(*) || ':' || sum(id) || ':' || coalesce(sum(extract(epoch FROM lastmod))::text, '') AS stamp`;

/** The visible rows of a kind as (id, lastmod), ids above `$after` when given. */
function rowsOf(sql: KindSql, params: unknown[], after: number | null): string {
  const id = idOf(sql);
  const where = after === null ? sql.where : `${sql.where} AND ${id} > $${params.push(after)}`;
  return `SELECT ${id}::int8 AS id, ${sql.lastmod} AS lastmod FROM ${sql.from} WHERE ${where}`;
}

/**
 * The files of `kind` cut anew from the rows after `after` (null: from the first): each one's last
 * id, row count, latest lastmod and stamp, in order; [] when there are no rows.
 */
export async function fileBounds(
  q: Queryable,
  kind: SitemapKind,
  siteId: number,
  perFile: number,
  after: number | null = null,
): Promise<FileBound[]> {
  const sql = SQL[kind];
  const params: unknown[] = sql.perSite ? [siteId] : [];
  const rows = rowsOf(sql, params, after);
  return q.query<FileBound>(
    `SELECT ${BOUND_COLUMNS}
     FROM (SELECT id, lastmod, row_number() OVER (ORDER BY id) AS rn FROM (${rows}) r) s
     GROUP BY (rn - 1) / $${params.push(perFile)}::int8 ORDER BY 1`,
    params,
  );
}

/**
 * The rows of `kind` in the ranges the ids `ends` close ((…, ends[0]], (ends[0], ends[1]], …, and
 * every id after the last end), counted as FileBounds, by range (from 0); a range without rows has
 * no entry.
 */
async function rangeBounds(
  q: Queryable,
  kind: SitemapKind,
  siteId: number,
  ends: readonly number[],
): Promise<Map<number, FileBound>> {
  const sql = SQL[kind];
  const params: unknown[] = sql.perSite ? [siteId] : [];
  const rows = rowsOf(sql, params, null);
  // width_bucket: how many of the thresholds (each end + 1) an id reaches, i.e. its range.
  const found = await q.query<FileBound & { range: number }>(
    `SELECT width_bucket(id, $${params.push(ends.map((end) => end + 1))}::int8[]) AS range, ${BOUND_COLUMNS}
     FROM (${rows}) s GROUP BY 1 ORDER BY 1`,
    params,
  );
  return new Map(found.map(({ range, ...bound }) => [range, bound]));
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

/** The tables of made files: made again from the rows they list, so a backup leaves them out. */
export const SITEMAP_TABLES = ['sitemap_files', 'sitemap_made', 'sitemap_served'] as const;

/** A made file as kept (sitemap_files), without its body: its range, from `afterId` (null: the first id). */
export interface MadeFile extends FileBound {
  n: number;
  afterId: number | null;
}

/** The site a kind's made files are kept under: 0 for a kind every site shares. */
const keptSite = (kind: SitemapKind, siteId: number): number => (SQL[kind].perSite ? siteId : 0);

const MADE_COLUMNS = `n, after_id AS "afterId", last_id AS "lastId", rows, lastmod, stamp`;

/** The key of a kind's made files for a site (`$1`-`$3` of the statements on them): kind, site kept under, per file. */
const madeKey = (kind: SitemapKind, siteId: number, perFile: number) => [kind, keptSite(kind, siteId), perFile];

/** The made files under a key, in order, without their bodies. */
const storedFiles = (q: Queryable, key: unknown[]) =>
  q.query<MadeFile>(
    `SELECT ${MADE_COLUMNS} FROM sitemap_files WHERE kind = $1 AND site_id = $2 AND per_file = $3 ORDER BY n`,
    key,
  );

/** The made files of a kind for a site, in order; null when the kind was never made (at this size). */
export async function madeFiles(
  q: Queryable,
  kind: SitemapKind,
  siteId: number,
  perFile: number,
): Promise<MadeFile[] | null> {
  const key = madeKey(kind, siteId, perFile);
  const made = await q.query('SELECT 1 FROM sitemap_made WHERE kind = $1 AND site_id = $2 AND per_file = $3', key);
  if (made.length === 0) return null;
  return storedFiles(q, key);
}

/** The <url> lines of made file `n` (each <loc> the page's path alone) and its version, undefined when there is none. */
export async function madeBody(
  q: Queryable,
  kind: SitemapKind,
  siteId: number,
  perFile: number,
  n: number,
): Promise<{ body: string; version: string } | undefined> {
  const [row] = await q.query<MadeFile & { body: string }>(
    `SELECT ${MADE_COLUMNS}, body FROM sitemap_files WHERE kind = $1 AND site_id = $2 AND per_file = $3 AND n = $4`,
    [...madeKey(kind, siteId, perFile), n],
  );
  return row && { body: row.body, version: versionOf(row) };
}

/** What a make did: the files the kind has now and how many of them it wrote; skipped when already made at the mark. */
export interface Making {
  files: number;
  written: number;
  skipped: boolean;
}

/** What a made file was made from (its range and stamp): a finished copy of another version is stale. */
export const versionOf = (file: MadeFile): string => `${file.afterId} ${file.lastId} ${file.stamp}`;

/** A file written by a make: its version and its <url> lines. */
export interface WrittenFile {
  n: number;
  version: string;
  body: string;
}

/**
 * Makes the files of `kind` for a site (sitemap_files): one process at a time (an advisory lock;
 * the others wait, then find the kind made at the mark they saw and skip, unless `always`). Keeps
 * the ranges of the made files but from the first that has grown past `perFile` (cut anew from
 * there), drops trailing files left without rows, and writes only the files whose range or stamp
 * moved. The change mark is read before the rows: a write it does not see moves it again.
 */
export async function makeFiles(
  db: Db,
  kind: SitemapKind,
  siteId: number,
  perFile: number,
  always = false,
  onWritten: (file: WrittenFile) => void = () => {},
): Promise<Making> {
  const key = madeKey(kind, siteId, perFile);
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`sitemap ${key.join(' ')}`]);
    const mark = (await changeMarks(q))[kind];
    const [made] = await q.query<{ mark: string }>(
      'SELECT mark FROM sitemap_made WHERE kind = $1 AND site_id = $2 AND per_file = $3',
      key,
    );
    const stored = await storedFiles(q, key);
    if (!always && made?.mark === mark) return { files: stored.length, written: 0, skipped: true };

    const ends = stored.slice(0, -1).map((file) => file.lastId);
    const counted = await rangeBounds(q, kind, siteId, ends);
    const files: MadeFile[] = [];
    // Where to cut anew: after this id (null: from the first), or undefined when every range is kept.
    let cutAfter: number | null | undefined = stored.length === 0 ? null : undefined;
    for (const [i, file] of stored.entries()) {
      const bound = counted.get(i);
      if (bound && bound.rows > perFile) {
        cutAfter = file.afterId;
        break;
      }
      // A kept range keeps its end; the last, open one ends where its rows do.
      const lastId = i === stored.length - 1 ? (bound?.lastId ?? file.lastId) : file.lastId;
      const { rows, lastmod, stamp } = bound ?? { rows: 0, lastmod: null, stamp: '0' };
      files.push({ n: i + 1, afterId: file.afterId, lastId, rows, lastmod, stamp });
    }
    if (cutAfter !== undefined) {
      let afterId = cutAfter;
      for (const bound of await fileBounds(q, kind, siteId, perFile, afterId)) {
        files.push({ ...bound, n: files.length + 1, afterId });
        afterId = bound.lastId;
      }
    }
    while (files.length > 0 && files.at(-1)!.rows === 0) files.pop();

    const before = new Map(stored.map((file) => [file.n, file]));
    let written = 0;
    for (const [i, file] of files.entries()) {
      const last = i === files.length - 1;
      const old = before.get(file.n);
      const same =
        old && old.afterId === file.afterId && old.stamp === file.stamp && (last || old.lastId === file.lastId);
      if (same) continue;
      const { xml } = await fileXml(q, kind, siteId, { after: file.afterId, upTo: last ? null : file.lastId }, perFile);
      await q.query(
        `INSERT INTO sitemap_files (kind, site_id, per_file, n, after_id, last_id, rows, lastmod, stamp, body)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (kind, site_id, per_file, n) DO UPDATE SET after_id = $5, last_id = $6, rows = $7,
           lastmod = $8, stamp = $9, body = $10`,
        [...key, file.n, file.afterId, file.lastId, file.rows, file.lastmod, file.stamp, xml],
      );
      onWritten({ n: file.n, version: versionOf(file), body: xml });
      written += 1;
    }
    for (const table of ['sitemap_files', 'sitemap_served']) {
      await q.query(`DELETE FROM ${table} WHERE kind = $1 AND site_id = $2 AND per_file = $3 AND n > $4`, [
        ...key,
        files.length,
      ]);
    }
    await q.query(
      `INSERT INTO sitemap_made (kind, site_id, per_file, mark, made_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (kind, site_id, per_file) DO UPDATE SET mark = $4, made_at = now()`,
      [...key, mark],
    );
    return { files: files.length, written, skipped: false };
  });
}

/** Where a finished file is kept: its made file's key and the origin. */
export interface ServedKey {
  kind: SitemapKind;
  siteId: number;
  perFile: number;
  n: number;
  origin: string;
}

const servedParams = ({ kind, siteId, perFile, n, origin }: ServedKey) => [
  ...madeKey(kind, siteId, perFile),
  n,
  origin,
];

/** The gzipped file finished for the origin from the made file's `version`, undefined when there is none. */
export async function servedFile(q: Queryable, key: ServedKey, version: string): Promise<Buffer | undefined> {
  const [row] = await q.query<{ gz: Uint8Array }>(
    `SELECT gz FROM sitemap_served
     WHERE kind = $1 AND site_id = $2 AND per_file = $3 AND n = $4 AND origin = $5 AND version = $6`,
    [...servedParams(key), version],
  );
  return row ? Buffer.from(row.gz.buffer, row.gz.byteOffset, row.gz.byteLength) : undefined;
}

/** Keeps the gzipped file finished for the origin from the made file's `version`, in place of an older one. */
export async function keepServed(q: Queryable, key: ServedKey, version: string, gz: Buffer): Promise<void> {
  await q.query(
    `INSERT INTO sitemap_served (kind, site_id, per_file, n, origin, version, gz) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (kind, site_id, per_file, n, origin) DO UPDATE SET version = $6, gz = $7`,
    [...servedParams(key), version, gz],
  );
}

/** The origins a kind's files have been finished for (of one site where the kind is per site). */
export async function servedOrigins(
  q: Queryable,
  kind: SitemapKind,
  siteId: number,
  perFile: number,
): Promise<string[]> {
  const rows = await q.query<{ origin: string }>(
    'SELECT DISTINCT origin FROM sitemap_served WHERE kind = $1 AND site_id = $2 AND per_file = $3',
    madeKey(kind, siteId, perFile),
  );
  return rows.map((row) => row.origin);
}

/**
 * Keeps the index in step with its sources: each write path calls one of these with its own
 * Queryable, inside the transaction of the source write, after the write, so a rollback leaves the
 * index as it was. A call rewrites the documents (with their suggestion prefixes and kept words) of
 * the given ids from their sources: visible ones are written anew, the others (hidden, deleted,
 * unpublished) removed.
 */
import type { Queryable } from '../db/db.ts';
import { readDocs, TERM_KINDS, type DocKind, type SearchDoc } from './documents.ts';

/** Kinds whose short prefixes are kept (post titles are suggested from longer prefixes only). */
export const SUGGESTED_KINDS: ReadonlySet<DocKind> = new Set(['movie', 'user', 'tag']);
/** Prefixes up to this many characters are kept in search_prefixes; longer ones use range scans. */
export const PREFIX_KEPT = 3;

const prefixesOf = (doc: SearchDoc): string[] => {
  const out = new Set<string>();
  for (const text of [doc.titleKey, doc.pinyin, doc.initials]) {
    const chars = [...text];
    for (let n = 1; n <= Math.min(PREFIX_KEPT, chars.length); n += 1) out.add(chars.slice(0, n).join(''));
  }
  return [...out].filter((prefix) => prefix.trim() !== '');
};

/** The documents' words, one row each with its rank (search_terms). */
async function writeTerms(q: Queryable, kind: DocKind, docs: readonly SearchDoc[]): Promise<void> {
  const rows = docs.flatMap((doc) => [...doc.terms].map(([term, rank]) => ({ term, rank, doc })));
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO search_terms (kind, source_id, term, site_id, rank, popularity, created_at)
     SELECT $1, t.id, t.term, t.site, t.rank, t.popularity, t.created_at
     FROM unnest($2::int8[], $3::text[], $4::int4[], $5::float4[], $6::float4[], $7::timestamptz[])
       AS t(id, term, site, rank, popularity, created_at)`,
    [
      kind,
      rows.map((r) => r.doc.sourceId),
      rows.map((r) => r.term),
      rows.map((r) => r.doc.siteId),
      rows.map((r) => r.rank),
      rows.map((r) => r.doc.popularity),
      rows.map((r) => r.doc.createdAt.toISOString()),
    ],
  );
}

/** Removes the documents of `ids` (or of the id range) and writes the given ones. */
export async function replaceDocs(
  q: Queryable,
  kind: DocKind,
  scope: { ids: readonly number[] } | { after: number; upTo: number | null },
  docs: readonly SearchDoc[],
): Promise<void> {
  const [where, params] =
    'ids' in scope
      ? ['source_id = ANY($2::int8[])', [kind, scope.ids]]
      : ['source_id > $2 AND ($3::int8 IS NULL OR source_id <= $3)', [kind, scope.after, scope.upTo]];
  await q.query(`DELETE FROM search_docs WHERE kind = $1 AND ${where}`, params);
  if (SUGGESTED_KINDS.has(kind)) await q.query(`DELETE FROM search_prefixes WHERE kind = $1 AND ${where}`, params);
  if (TERM_KINDS.has(kind)) await q.query(`DELETE FROM search_terms WHERE kind = $1 AND ${where}`, params);
  if (docs.length === 0) return;
  await q.query(
    `INSERT INTO search_docs (kind, source_id, site_id, title, title_key, body, tags, pinyin, initials, popularity,
       created_at, doc)
     SELECT $1, d.id, d.site, d.title, d.key, d.body, ARRAY(SELECT jsonb_array_elements_text(d.tags::jsonb)),
       d.pinyin, d.initials, d.popularity, d.created_at, d.doc::tsvector
     FROM unnest($2::int8[], $3::int4[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
       $10::float4[], $11::timestamptz[], $12::text[])
       AS d(id, site, title, key, body, tags, pinyin, initials, popularity, created_at, doc)`,
    [
      kind,
      docs.map((d) => d.sourceId),
      docs.map((d) => d.siteId),
      docs.map((d) => d.title),
      docs.map((d) => d.titleKey),
      docs.map((d) => d.body),
      docs.map((d) => JSON.stringify(d.tags)),
      docs.map((d) => d.pinyin),
      docs.map((d) => d.initials),
      docs.map((d) => d.popularity),
      docs.map((d) => d.createdAt.toISOString()),
      docs.map((d) => d.vector),
    ],
  );
  if (TERM_KINDS.has(kind)) await writeTerms(q, kind, docs);
  if (!SUGGESTED_KINDS.has(kind)) return;
  const rows = docs.flatMap((doc) => prefixesOf(doc).map((prefix) => ({ prefix, doc })));
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO search_prefixes (prefix, kind, source_id, site_id, popularity)
     SELECT p.prefix, $1, p.id, p.site, p.popularity FROM unnest($2::text[], $3::int8[], $4::int4[], $5::float4[])
       AS p(prefix, id, site, popularity)`,
    [
      kind,
      rows.map((r) => r.prefix),
      rows.map((r) => r.doc.sourceId),
      rows.map((r) => r.doc.siteId),
      rows.map((r) => r.doc.popularity),
    ],
  );
}

async function indexKind(q: Queryable, kind: DocKind, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await replaceDocs(q, kind, { ids: unique }, await readDocs(q, kind, unique));
}

/** Re-reads the movies (created, edited, published, unpublished, retagged) into the index. */
export const indexMovies = (q: Queryable, ids: readonly number[]) => indexKind(q, 'movie', ids);
/** Posts of every kind: published, edited, held, hidden, shown again, deleted, moved. */
export const indexPosts = (q: Queryable, ids: readonly number[]) => indexKind(q, 'post', ids);
/** Users: registered, renamed, hidden by reports or moderators, reset. */
export const indexUsers = (q: Queryable, ids: readonly number[]) => indexKind(q, 'user', ids);
/** Tags: created, renamed, deleted. */
export const indexTags = (q: Queryable, ids: readonly number[]) => indexKind(q, 'tag', ids);

export const indexMovie = (q: Queryable, id: number) => indexMovies(q, [id]);

/** An item moderation or reports changed (hidden, shown again, deleted, reset): posts and users are indexed. */
export async function indexModerated(q: Queryable, type: string, id: number): Promise<void> {
  if (type === 'post') await indexPosts(q, [id]);
  else if (type === 'user') await indexUsers(q, [id]);
}
export const indexPost = (q: Queryable, id: number) => indexPosts(q, [id]);
export const indexUser = (q: Queryable, id: number) => indexUsers(q, [id]);

/** Re-reads many sources of a kind, 2000 at a time. */
async function indexInBatches(q: Queryable, kind: DocKind, rows: readonly { id: number }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2_000)
    await indexKind(
      q,
      kind,
      rows.slice(i, i + 2_000).map((r) => r.id),
    );
}

/**
 * A tag renamed or merged: the tag itself and every movie and post carrying it (their documents
 * hold its name). Pass the tags whose names changed; run it after the change.
 */
export async function indexTagged(q: Queryable, tagIds: readonly number[]): Promise<void> {
  const movies = await q.query<{ id: number }>('SELECT movie_id AS id FROM movie_tags WHERE tag_id = ANY($1::int[])', [
    tagIds,
  ]);
  const posts = await q.query<{ id: number }>('SELECT post_id AS id FROM post_tags WHERE tag_id = ANY($1::int[])', [
    tagIds,
  ]);
  await indexTags(q, tagIds);
  await indexInBatches(q, 'movie', movies);
  await indexInBatches(q, 'post', posts);
}

/**
 * A category renamed or moved: every movie in it or in a category below it (their documents hold
 * the names of their categories at every level). Run it after the change.
 */
export async function indexCategorised(q: Queryable, categoryId: number): Promise<void> {
  const movies = await q.query<{ id: number }>(
    `WITH RECURSIVE below AS (
       SELECT id FROM categories WHERE id = $1
       UNION ALL SELECT c.id FROM categories c JOIN below b ON c.parent_id = b.id)
     SELECT m.id FROM movies m WHERE m.category_id IN (SELECT id FROM below)`,
    [categoryId],
  );
  await indexInBatches(q, 'movie', movies);
}

/**
 * The index's document of each kind, built from its source row: what is read (only what visitors
 * may see: a published movie, a post neither hidden, held nor deleted, a visible user, every tag),
 * and how its words are weighted. Popularity is log-scaled, so a film with a million views does not
 * bury every other match. A priced post gives only what its card shows (title, summary, tags). A
 * movie is also found by what kind of film it is: the names of its category and the categories above
 * it (悬疑 › 推理) and its region, weighted below its title and tags. A post also carries its bands
 * (bands.ts): its popularity's and its month's.
 */
import { plainText } from '../../contract/rich-text.ts';
import type { Queryable } from '../db/db.ts';
import { postBandWords } from './bands.ts';
import { foldText } from './fold.ts';
import { hanPairs, VectorBuilder } from './lexemes.ts';
import { spell } from './pinyin.ts';
import { documentWords } from './segment.ts';

export type DocKind = 'movie' | 'post' | 'user' | 'tag';
export const DOC_KINDS: readonly DocKind[] = ['movie', 'post', 'user', 'tag'];

export interface SearchDoc {
  kind: DocKind;
  sourceId: number;
  siteId: number;
  title: string;
  titleKey: string;
  body: string;
  tags: string[];
  pinyin: string;
  initials: string;
  popularity: number;
  createdAt: Date;
  vector: string;
  /** Each word with its one-word rank, for the kinds whose words are kept one per row (TERM_KINDS). */
  terms: ReadonlyMap<string, number>;
}

/** Kinds whose words are kept one row per document and word (search_terms, migration 025). */
export const TERM_KINDS: ReadonlySet<DocKind> = new Set(['movie', 'user']);

/** Characters of a body indexed and kept for excerpts. */
export const BODY_INDEXED = 3_000;

interface SourceRow {
  id: number;
  siteId: number;
  title: string;
  body: string;
  tags: string[];
  /** Cast, directors: words at weight B like the tags. */
  extra: string[];
  /** A movie's category names (every level) and region: words at weight C. */
  genres: string[];
  score: number;
  createdAt: Date;
}

const TAG_NAMES = (link: string, column: string, id: string) =>
  `coalesce((SELECT array_agg(t.name ORDER BY t.name) FROM ${link} l JOIN tags t ON t.id = l.tag_id
    WHERE l.${column} = ${id}), '{}')`;

/** A movie's category and the ones above it (the tree has three levels at most), then its region. */
const MOVIE_GENRES = `array_remove(ARRAY[c1.name, c2.name, c3.name, nullif(m.region, '')], NULL)`;

/** Each kind's source rows; `$1` is an int8[] of ids (the rows not visible are simply absent). */
export const SOURCES: Record<DocKind, { table: string; select: string }> = {
  movie: {
    table: 'movies',
    select: `SELECT m.id, 0 AS "siteId", m.title, m.description AS body,
        ${TAG_NAMES('movie_tags', 'movie_id', 'm.id')} AS tags, m.cast_names || m.directors AS extra,
        ${MOVIE_GENRES} AS genres,
        (m.views + 10 * m.likes + 5 * m.comment_count)::float8 AS score, m.published_at AS "createdAt"
      FROM movies m
        LEFT JOIN categories c1 ON c1.id = m.category_id
        LEFT JOIN categories c2 ON c2.id = c1.parent_id
        LEFT JOIN categories c3 ON c3.id = c2.parent_id
      WHERE m.id = ANY($1::int8[]) AND m.status = 'published'`,
  },
  post: {
    table: 'posts',
    select: `SELECT p.id, 0 AS "siteId", p.title,
        CASE WHEN p.price_coins > 0 THEN (CASE WHEN p.summary <> '' THEN p.summary ELSE left(p.body, 80) END)
             ELSE left(p.body, ${BODY_INDEXED}) END AS body,
        ${TAG_NAMES('post_tags', 'post_id', 'p.id')} AS tags, '{}'::text[] AS extra, '{}'::text[] AS genres,
        (p.views + 10 * p.likes + 5 * p.reply_count)::float8 AS score, p.created_at AS "createdAt"
      FROM posts p WHERE p.id = ANY($1::int8[]) AND p.hidden_at IS NULL AND p.deleted_at IS NULL
        AND p.held_at IS NULL`,
  },
  user: {
    table: 'users',
    select: `SELECT u.id, u.site_id AS "siteId", u.nickname AS title, u.bio AS body, '{}'::text[] AS tags,
        '{}'::text[] AS extra, '{}'::text[] AS genres, (10 * u.post_count + u.likes_received)::float8 AS score, u.created_at AS "createdAt"
      FROM users u
      WHERE u.id = ANY($1::int8[]) AND u.hidden_at IS NULL`,
  },
  tag: {
    table: 'tags',
    select: `SELECT t.id, 0 AS "siteId", t.name AS title, '' AS body, '{}'::text[] AS tags, '{}'::text[] AS extra,
        '{}'::text[] AS genres,
        (10 * t.use_count + CASE WHEN t.hot_rank IS NULL THEN 0 ELSE 1000 END)::float8 AS score,
        '2000-01-01T00:00:00Z'::timestamptz AS "createdAt"
      FROM tags t WHERE t.id = ANY($1::int8[])`,
  },
};

/** Words of a tag, a category or a person's name: few names, used by many documents, so they are kept. */
const namesSeen = new Map<string, string[]>();
function nameWords(name: string): string[] {
  let words = namesSeen.get(name);
  if (words === undefined) {
    if (namesSeen.size >= 50_000) namesSeen.clear();
    words = documentWords(foldText(name));
    namesSeen.set(name, words);
  }
  return words;
}

export function buildDoc(kind: DocKind, row: SourceRow): SearchDoc {
  const titleKey = foldText(row.title);
  const titleWords = documentWords(titleKey);
  // A post's title is spelled whole (its pinyin and initials), not word by word as the fewer titles
  // of films, tags and nicknames are: a million posts' word spellings would make a common syllable
  // (xin, shi) the start of words in most of them (docs/search.md).
  const spelling = spell(titleKey, kind === 'post' ? [] : titleWords);
  const body = plainText(row.body).slice(0, BODY_INDEXED);
  const popularity = Math.log1p(Math.max(0, row.score));
  const vector = new VectorBuilder()
    .add(titleWords, 'A')
    .add(
      [...spelling.words, spelling.full, spelling.initials].filter((w) => w !== ''),
      'A',
    )
    .add(kind === 'post' ? [] : hanPairs(titleKey), 'A')
    .add(row.tags.flatMap(nameWords), 'B')
    .add(row.extra.flatMap(nameWords), 'B')
    .add(row.genres.flatMap(nameWords), 'C')
    .add(documentWords(foldText(body)), 'D')
    .addBare(kind === 'post' ? postBandWords(popularity, row.createdAt) : []);
  return {
    kind,
    sourceId: row.id,
    siteId: row.siteId,
    title: row.title,
    titleKey,
    body,
    tags: row.tags,
    pinyin: spelling.full,
    initials: spelling.initials,
    popularity,
    createdAt: row.createdAt,
    vector: vector.text(),
    terms: TERM_KINDS.has(kind) ? vector.ranks() : new Map(),
  };
}

/** The documents of the given sources that visitors may see. */
export async function readDocs(q: Queryable, kind: DocKind, ids: readonly number[]): Promise<SearchDoc[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<SourceRow>(SOURCES[kind].select, [ids]);
  return rows.map((row) => buildDoc(kind, row));
}

/**
 * Suggestions as the user types: the keywords a crowd made hot on the site (hot-searches.ts: the
 * same floor, and never one with a sensitive or blocked word) starting with the typed text (largest
 * crowd first), then titles of movies, nicknames and tag names whose folded text, pinyin or
 * initials start with it (most popular first), and from PREFIX_KEPT + 1 characters on, titles of
 * posts too (a post suggestion carries its postKind). A prefix of up to PREFIX_KEPT characters is
 * one index lookup in search_prefixes; a longer one is a range scan of the partial indexes, whose
 * matches are few. Both stay flat as the index grows; the crowd's keywords are the kept ranking.
 */
import { SUGGEST_MAX, type Suggestion, type SuggestionKind } from '../../contract/calls/search.ts';
import type { PostKind } from '../../contract/enums.ts';
import type { Queryable } from '../db/db.ts';
import { foldText } from './fold.ts';
import { hotKeywordsStartingWith, type HotSearchRules } from './hot-searches.ts';
import { PREFIX_KEPT } from './index-writes.ts';

/** The crowd's searches among the suggestions at most. */
const QUERIES_MAX = 4;

/** The upper bound of a byte-wise range of strings starting with `prefix`. */
const upperBound = (prefix: string): string => `${prefix}\u{10FFFF}`;

interface TitleRow {
  kind: SuggestionKind;
  id: number;
  title: string;
}

const VISIBLE = `d.site_id IN (0, $2) AND d.created_at <= now()`;

async function keptPrefix(q: Queryable, prefix: string, siteId: number): Promise<TitleRow[]> {
  return q.query<TitleRow>(
    `SELECT d.kind, d.source_id AS id, d.title FROM search_prefixes p
       JOIN search_docs d ON d.kind = p.kind AND d.source_id = p.source_id
     WHERE p.prefix = $1 AND p.site_id IN (0, $2) AND ${VISIBLE}
     ORDER BY p.popularity DESC, p.source_id DESC LIMIT ${SUGGEST_MAX}`,
    [prefix, siteId],
  );
}

async function scannedPrefix(q: Queryable, prefix: string, siteId: number): Promise<TitleRow[]> {
  // Titles of posts too (search_docs_title); pinyin and initials of the suggested kinds only.
  const branch = (column: string) =>
    `(SELECT d.kind, d.source_id AS id, d.title, d.popularity FROM search_docs d
      WHERE ${column === 'd.title_key' ? 'true' : "d.kind <> 'post'"} AND ${column} <> '' AND ${column} >= $1 AND ${column} < $3 AND ${VISIBLE}
      ORDER BY d.popularity DESC LIMIT ${SUGGEST_MAX})`;
  return q.query<TitleRow>(
    `SELECT kind, id, title FROM (${branch('d.title_key')} UNION ${branch('d.pinyin')} UNION ${branch('d.initials')}) s
     ORDER BY popularity DESC, id DESC LIMIT ${SUGGEST_MAX}`,
    [prefix, siteId, upperBound(prefix)],
  );
}

async function kindsOfPosts(q: Queryable, ids: number[]): Promise<Map<number, PostKind>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ id: number; kind: PostKind }>('SELECT id, kind FROM posts WHERE id = ANY($1::int[])', [
    ids,
  ]);
  return new Map(rows.map((row) => [row.id, row.kind]));
}

export async function suggest(
  q: Queryable,
  siteId: number,
  keyword: string,
  now: number,
  rules: HotSearchRules,
): Promise<Suggestion[]> {
  const prefix = foldText(keyword);
  if (prefix === '') return [];
  const [queries, titles] = await Promise.all([
    hotKeywordsStartingWith(q, siteId, prefix, now, rules, QUERIES_MAX),
    [...prefix].length <= PREFIX_KEPT ? keptPrefix(q, prefix, siteId) : scannedPrefix(q, prefix, siteId),
  ]);
  const postKinds = await kindsOfPosts(
    q,
    titles.filter((row) => row.kind === 'post').map((row) => row.id),
  );
  const found: Suggestion[] = titles.map((row) => {
    const postKind = postKinds.get(row.id);
    return { text: row.title, kind: row.kind, id: row.id, ...(row.kind === 'post' && postKind ? { postKind } : {}) };
  });
  // A past search equal to a title gives way to the title (which opens the item itself).
  const seen = new Set(found.map((suggestion) => foldText(suggestion.text)));
  const past = queries.filter((text) => !seen.has(text)).map((text): Suggestion => ({ text, kind: 'query' }));
  const out: Suggestion[] = [];
  const unique = new Set<string>();
  for (const suggestion of [...past, ...found]) {
    const key = `${suggestion.kind} ${suggestion.id ?? suggestion.text}`;
    if (!unique.has(key) && out.length < SUGGEST_MAX) out.push(suggestion);
    unique.add(key);
  }
  return out;
}

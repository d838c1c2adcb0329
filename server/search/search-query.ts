/**
 * A keyword as the index searches it, and one kind's ranked hits. The keyword is folded and
 * segmented like the documents; every word must match (an all-Latin keyword may instead start the
 * pinyin or initials of a movie's or tag's title or a nickname). Ranking: a title equal to the
 * keyword (or spelled by it) first, then text rank (title words weigh most) plus log-scaled
 * popularity plus freshness. The work is bounded whatever the store's size: the most popular and
 * the newest matches (CANDIDATES of each, as many as the deepest page needs) and the exact title
 * are ranked; the planner reads them along the order's btree while matches are common and from
 * the GIN index when they are rare. The total is counted up to its cap, unless the planner's
 * estimate (from the lexemes' statistics) is far above it: then it is the cap without counting.
 */
import { SEARCH_MAX_PAGE, SEARCH_PAGE_SIZE_MAX, SEARCH_TOTAL_CAP } from '../../contract/calls/search.ts';
import type { Queryable } from '../db/db.ts';
import type { DocKind } from './documents.ts';
import { foldText } from './fold.ts';
import { keywordQuery, mayBePinyin } from './lexemes.ts';
import { keywordWords } from './segment.ts';

export interface Keyword {
  /** Folded: what is counted for hot searches and compared with titles. */
  folded: string;
  /** Its words: the terms to highlight. */
  words: string[];
  /** The tsquery's input text; null when nothing searchable is left (only punctuation, say). */
  query: string | null;
  /** The same without pinyin: for posts, whose titles have no spelling. */
  wordsQuery: string | null;
  /** An all-Latin keyword without spaces: the pinyin or initials it may be; else null. */
  spelled: string | null;
}

export function parseKeyword(keyword: string): Keyword {
  const folded = foldText(keyword);
  const words = keywordWords(folded);
  const spelled = mayBePinyin(folded) ? folded.replace(/ /g, '') : null;
  return {
    folded,
    words,
    query: keywordQuery(words, folded, true),
    wordsQuery: keywordQuery(words, folded, false),
    spelled,
  };
}

/** Candidates read of each order (most popular, newest): the deepest page of the largest size. */
export const CANDIDATES = SEARCH_MAX_PAGE * SEARCH_PAGE_SIZE_MAX;
/** A planner's estimate of the matches at or above this is answered as the cap, not counted. */
export const ESTIMATE_CAPPED = 3 * SEARCH_TOTAL_CAP;

export interface RankedHit {
  id: number;
  title: string;
  body: string;
  titleKey: string;
  pinyin: string;
  initials: string;
}

export interface Ranked {
  hits: RankedHit[];
  /** Matches counted up to SEARCH_TOTAL_CAP (a far larger estimate answers the cap). */
  total: number;
}

const SCORE = `ts_rank(d.doc, $1::tsquery) + 0.02 * d.popularity
  + 0.2 / (1 + extract(epoch FROM now() - d.created_at) / 2592000.0)`;
/** A title equal to the keyword, or spelled by it (`$3` folded keyword, `$4` its spelling or ''). */
const EXACT = `(d.title_key = $3 OR ($4::text <> '' AND (d.pinyin = $4 OR d.initials = $4)))`;

/** A kind's documents the site shows now (`$2` the site): the kind is one of ours, written into the SQL so its partial indexes are chosen. */
const visibleOf = (kind: DocKind) => `d.kind = '${kind}' AND d.site_id IN (0, $2) AND (d.created_at <= now()) IS TRUE`;

/** The matches counted up to the cap; a planner's estimate far above the cap is the cap. */
async function totalOf(q: Queryable, kind: DocKind, query: string, siteId: number): Promise<number> {
  const matches = `SELECT 1 FROM search_docs d WHERE ${visibleOf(kind)} AND d.doc @@ $1::tsquery`;
  const plan = await q.one<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`EXPLAIN (FORMAT JSON) ${matches}`, [
    query,
    siteId,
  ]);
  if ((plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0) >= ESTIMATE_CAPPED) return SEARCH_TOTAL_CAP;
  const row = await q.one<{ total: number }>(
    `SELECT count(*)::int AS total FROM (${matches} LIMIT ${SEARCH_TOTAL_CAP}) m`,
    [query, siteId],
  );
  return row?.total ?? 0;
}

/** One page of a kind's hits, ranked among the candidates (the exact title, the most popular and the newest matches). */
async function pageOf(
  q: Queryable,
  kind: DocKind,
  query: string,
  siteId: number,
  keyword: Keyword,
  page: { offset: number; limit: number },
): Promise<RankedHit[]> {
  const visible = visibleOf(kind);
  const matching = `SELECT d.source_id FROM search_docs d WHERE ${visible} AND d.doc @@ $1::tsquery`;
  const row = await q.one<{ hits: RankedHit[] | null }>(
    `WITH candidates AS (
       (${matching} ORDER BY d.popularity DESC LIMIT ${CANDIDATES})
       UNION (${matching} ORDER BY d.created_at DESC LIMIT ${CANDIDATES})
       UNION (SELECT d.source_id FROM search_docs d WHERE ${visible} AND ${EXACT})
     ), page AS (
       SELECT d.source_id AS id, d.title, d.body, d.title_key AS "titleKey", d.pinyin, d.initials
       FROM candidates c JOIN search_docs d ON d.kind = '${kind}' AND d.source_id = c.source_id
       ORDER BY ${EXACT} DESC, ${SCORE} DESC, d.source_id DESC
       LIMIT $5 OFFSET $6
     )
     SELECT json_agg(page) AS hits FROM page`,
    [query, siteId, keyword.folded, kind === 'post' ? '' : (keyword.spelled ?? ''), page.limit, page.offset],
  );
  return row?.hits ?? [];
}

/** One page of a kind's hits and the capped total. */
export async function rankedHits(
  q: Queryable,
  kind: DocKind,
  siteId: number,
  keyword: Keyword,
  page: { offset: number; limit: number },
): Promise<Ranked> {
  const query = kind === 'post' ? keyword.wordsQuery : keyword.query;
  if (query === null) return { hits: [], total: 0 };
  const [hits, total] = await Promise.all([
    pageOf(q, kind, query, siteId, keyword, page),
    totalOf(q, kind, query, siteId),
  ]);
  return { hits, total };
}

/**
 * A keyword as the index searches it, and one kind's ranked hits. The keyword is folded and
 * segmented like the documents; every word must match (an all-Latin keyword may instead start the
 * pinyin or initials of a movie's or tag's title or a nickname). Ranking: a title equal to the
 * keyword (or spelled by it) first, then text rank (title words weigh most) plus log-scaled
 * popularity plus freshness. The work is bounded whatever the store's size: at most MATCHES_READ
 * matches are read (the total's cap), and of them the most popular and the newest (CANDIDATES of
 * each) and the exact title are ranked; deeper than that is past the deepest page.
 */
import { SEARCH_TOTAL_CAP } from '../../contract/calls/search.ts';
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

/** Matches read at most (the total's cap); of them, the most popular and the newest are ranked. */
export const MATCHES_READ = SEARCH_TOTAL_CAP;
/** Matches ranked of each order; more than the deepest page (SEARCH_MAX_PAGE × the largest page). */
export const CANDIDATES = 1_500;

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
  /** Matches counted up to MATCHES_READ. */
  total: number;
}

const SCORE = `ts_rank(d.doc, $1::tsquery) + 0.02 * d.popularity
  + 0.2 / (1 + extract(epoch FROM now() - d.created_at) / 2592000.0)`;
/** A title equal to the keyword, or spelled by it (`$3` folded keyword, `$4` its spelling or ''). */
const EXACT = `(d.title_key = $3 OR ($4::text <> '' AND (d.pinyin = $4 OR d.initials = $4)))`;

/**
 * One page of a kind's hits and the capped total, in one statement: one scan of the GIN index of
 * the kind (the kind is one of ours, written into the SQL so the kind's partial index is chosen),
 * the matches read once. The time test is written so no btree is tried for it (only movies have
 * times to come).
 */
export async function rankedHits(
  q: Queryable,
  kind: DocKind,
  siteId: number,
  keyword: Keyword,
  page: { offset: number; limit: number },
): Promise<Ranked> {
  const query = kind === 'post' ? keyword.wordsQuery : keyword.query;
  if (query === null) return { hits: [], total: 0 };
  const visible = `d.kind = '${kind}' AND d.site_id IN (0, $2) AND (d.created_at <= now()) IS TRUE`;
  const row = await q.one<{ total: number; hits: RankedHit[] | null }>(
    `WITH matches AS MATERIALIZED (
       SELECT d.source_id, d.popularity, d.created_at FROM search_docs d
       WHERE ${visible} AND d.doc @@ $1::tsquery LIMIT ${MATCHES_READ}
     ), candidates AS (
       (SELECT source_id FROM matches ORDER BY popularity DESC LIMIT ${CANDIDATES})
       UNION (SELECT source_id FROM matches ORDER BY created_at DESC LIMIT ${CANDIDATES})
       UNION (SELECT d.source_id FROM search_docs d WHERE ${visible} AND ${EXACT})
     ), page AS (
       SELECT d.source_id AS id, d.title, d.body, d.title_key AS "titleKey", d.pinyin, d.initials
       FROM candidates c JOIN search_docs d ON d.kind = '${kind}' AND d.source_id = c.source_id
       ORDER BY ${EXACT} DESC, ${SCORE} DESC, d.source_id DESC
       LIMIT $5 OFFSET $6
     )
     SELECT (SELECT count(*) FROM matches)::int AS total, (SELECT json_agg(page) FROM page) AS hits`,
    [query, siteId, keyword.folded, kind === 'post' ? '' : (keyword.spelled ?? ''), page.limit, page.offset],
  );
  return { hits: row?.hits ?? [], total: row?.total ?? 0 };
}

/**
 * A keyword as the index searches it, and one kind's ranked hits. The keyword is folded and
 * segmented like the documents; every word must match (an all-Latin keyword may instead start the
 * pinyin or initials of a title or a nickname; for posts only from POST_SPELLING_FROM letters on). Ranking: a title equal to the
 * keyword (or spelled by it) first, then text rank (title words weigh most) plus log-scaled
 * popularity plus freshness. The work is bounded whatever the store's size: the most popular and
 * the newest matches (CANDIDATES of each, as many as the deepest page needs) and the exact title
 * are ranked. Up to MATCHED_MAX matches (posts: up to their count's cap) are read once from the
 * GIN index, which counts them too (matchedPage); a post search with more, up to MATCHED_MAX, by the
 * bands its documents carry (bandedPage, bands.ts); more (by the planner's estimate, from the
 * lexemes' statistics, or found so) along each order's btree (walkedPage), the total then the cap.
 * A keyword that is one word, searched among movies or users, is read from the words kept per
 * document (search_terms): candidates, ranks and total from its indexes alone, the same ranking.
 */
import {
  SEARCH_MAX_PAGE,
  SEARCH_PAGE_SIZE_MAX,
  SEARCH_POST_TOTAL_CAP,
  SEARCH_TOTAL_CAP,
} from '../../contract/calls/search.ts';
import type { Queryable } from '../db/db.ts';
import { monthBandsDown, popularityBandsDown } from './bands.ts';
import { TERM_KINDS, type DocKind } from './documents.ts';
import { foldText } from './fold.ts';
import { keywordQuery, mayBePinyin, quote } from './lexemes.ts';
import { keywordWords } from './segment.ts';

export interface Keyword {
  /** Folded: what is counted for hot searches and compared with titles. */
  folded: string;
  /** Its words: the terms to highlight. */
  words: string[];
  /** The tsquery's input text; null when nothing searchable is left (only punctuation, say). */
  query: string | null;
  /** The same for posts: no character pairs, and a spelling only from POST_SPELLING_FROM letters. */
  postQuery: string | null;
  /** An all-Latin keyword without spaces: the pinyin or initials it may be; else null. */
  spelled: string | null;
  /** The one word the whole query is (no pairs, no spelling), read from search_terms; else null. */
  term: string | null;
}

/**
 * The fewest letters a Latin keyword needs to be searched as the start of post titles' spellings: a
 * million titles' spellings share their first letters, and a prefix of one or two would read most
 * of the index's posting lists for nothing a reader meant (movies, tags and users are far fewer).
 */
export const POST_SPELLING_FROM = 3;

export function parseKeyword(keyword: string): Keyword {
  const folded = foldText(keyword);
  const words = keywordWords(folded);
  const spelled = mayBePinyin(folded) ? folded.replace(/ /g, '') : null;
  const query = keywordQuery(words, folded, { pairs: true, spellingFrom: 1 });
  const postQuery = keywordQuery(words, folded, { pairs: false, spellingFrom: POST_SPELLING_FROM });
  const wordsOnly = keywordQuery(words, folded, { pairs: false, spellingFrom: 0 });
  const term = words.length === 1 && query === wordsOnly ? words[0]! : null;
  return { folded, words, query, postQuery, spelled, term };
}

/** Candidates read of each order (most popular, newest): the deepest page of the largest size. */
export const CANDIDATES = SEARCH_MAX_PAGE * SEARCH_PAGE_SIZE_MAX;
/**
 * The most matches of a movie, user or tag search read whole from the GIN index (matchedPage); a
 * word with more (by the planner's estimate, or found so) is walked along the orders and its total
 * is the cap, not counted. Past the cap on purpose: a match read there costs about 2.5 µs, and a
 * walk tests about 3.6 µs a document, which for a word in 15,000 of a million posts is 15,000
 * documents per order. A post search reads by bands up to it, and walks past it.
 */
export const MATCHED_MAX = 2 * SEARCH_TOTAL_CAP;

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
  /** Matches counted up to the kind's cap (totalCapOf; more than MATCHED_MAX, by estimate or found, answers the cap). */
  total: number;
  /** The total is the cap, not the count. */
  capped: boolean;
}

/** Matches counted of a kind at most: posts up to SEARCH_POST_TOTAL_CAP, the rest up to SEARCH_TOTAL_CAP. */
const totalCapOf = (kind: DocKind): number => (kind === 'post' ? SEARCH_POST_TOTAL_CAP : SEARCH_TOTAL_CAP);

const rankedOf = (kind: DocKind, hits: RankedHit[], counted: number): Ranked => {
  const cap = totalCapOf(kind);
  return { hits, total: Math.min(counted, cap), capped: counted >= cap };
};

/**
 * A match's score from its text rank, popularity and time: the one formula of both ways a page is
 * read (documents or kept words), so the two rank alike. Freshness is 0.2 for today, halved at 30
 * days; date_part computes in float8 (extract's numeric cost 1 ms per 500 rows).
 */
const scoreOf = (rank: string, popularity: string, createdAt: string) =>
  `${rank} + 0.02 * ${popularity} + 0.2 / (1 + date_part('epoch', now() - ${createdAt}) / 2592000.0)`;
const SCORE = scoreOf('ts_rank(d.doc, $1::tsquery)', 'd.popularity', 'd.created_at');
/** A title equal to the keyword, or spelled by it (`$3` folded keyword, `$4` its spelling or ''). */
const EXACT = `(d.title_key = $3 OR ($4::text <> '' AND (d.pinyin = $4 OR d.initials = $4)))`;

/** A kind's documents the site shows now (`$2` the site): the kind is one of ours, written into the SQL so its partial indexes are chosen. */
const visibleOf = (kind: DocKind) => `d.kind = '${kind}' AND d.site_id IN (0, $2) AND (d.created_at <= now()) IS TRUE`;

/** A kind's matches the site shows now (`$1` the tsquery, `$2` the site), with what orders them. */
const matchesOf = (kind: DocKind) => `SELECT d.source_id, d.popularity, d.created_at FROM search_docs d
  WHERE ${visibleOf(kind)} AND d.doc @@ $1::tsquery`;

/** The planner's estimate of a kind's matches (from the lexemes' statistics): nothing is read. */
async function estimateOf(q: Queryable, kind: DocKind, query: string, siteId: number): Promise<number> {
  const plan = await q.one<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) ${matchesOf(kind)}`,
    [query, siteId],
  );
  return plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
}

/** The page's documents in the order of the ranked ids (`ranked`: a CTE of id, ord). */
const PAGE_DOCS = (kind: DocKind) => `SELECT json_agg(json_build_object('id', d.source_id, 'title', d.title,
    'body', d.body, 'titleKey', d.title_key, 'pinyin', d.pinyin, 'initials', d.initials) ORDER BY r.ord) AS hits
  FROM ranked r JOIN search_docs d ON d.kind = '${kind}' AND d.source_id = r.id`;

/** The page's ids ranked among the candidates (a CTE of source_id, exact, score): a CTE of id, ord. */
const RANKED = `ranked AS (
    SELECT source_id AS id, row_number() OVER (ORDER BY exact DESC, score DESC, source_id DESC) AS ord
    FROM candidates ORDER BY ord LIMIT $5 OFFSET $6
  )`;

/** A title equal to the keyword, as a candidate. */
const exactTitleOf = (kind: DocKind) =>
  `SELECT d.source_id, true AS exact, ${SCORE} AS score FROM search_docs d WHERE ${visibleOf(kind)} AND ${EXACT}`;

// A post whose spelling is the keyword is found by the query but not put first: the exact spelling
// is looked up by the partial indexes of movies, tags and users only (migration 020).
const pageParams = ({ kind, query, siteId, keyword, page }: PageAsked) => [
  query,
  siteId,
  keyword.folded,
  kind === 'post' ? '' : (keyword.spelled ?? ''),
  page.limit,
  page.offset,
];

interface Page {
  offset: number;
  limit: number;
}

/** A page of a kind's hits as asked: the kind's tsquery (`query`), the site, the keyword, the page. */
export interface PageAsked {
  kind: DocKind;
  query: string;
  siteId: number;
  keyword: Keyword;
  page: Page;
}

/** The candidates picked (a CTE `picked` of source_id) and the exact title, scored, then the page's ids ranked. */
const SCORED_PICKED = (kind: DocKind) => `candidates AS (
       SELECT d.source_id, ${EXACT} AS exact, ${SCORE} AS score
       FROM picked p JOIN search_docs d ON d.kind = '${kind}' AND d.source_id = p.source_id
       UNION (${exactTitleOf(kind)})
     ), ${RANKED}`;

/** The most matches matchedPage reads: posts no more than they are counted (bandedPage reads the rest). */
const matchedReadOf = (kind: DocKind): number => (kind === 'post' ? totalCapOf(kind) : MATCHED_MAX);

/**
 * One page of a kind's hits and their count, when fewer match than it reads (matchedReadOf): every
 * match is read once from the GIN index (a materialised set, which counts them), the most popular
 * and the newest taken from it (ties by id), and only those candidates (and the exact title) are
 * scored, so a word with thousands of matches computes a few hundred text ranks, not thousands.
 * hits null: that many found, and the candidates must be read by bands (bandedPage) or along the
 * orders (walkedPage).
 */
export async function matchedPage(
  q: Queryable,
  asked: PageAsked,
): Promise<{ hits: RankedHit[] | null; counted: number }> {
  const { kind } = asked;
  const read = matchedReadOf(kind);
  const row = await q.one<{ total: number; hits: RankedHit[] | null }>(
    `WITH matches AS MATERIALIZED (${matchesOf(kind)} LIMIT ${read}),
     picked AS (
       (SELECT source_id FROM matches ORDER BY popularity DESC, source_id DESC LIMIT ${CANDIDATES})
       UNION (SELECT source_id FROM matches ORDER BY created_at DESC, source_id DESC LIMIT ${CANDIDATES})
     ), ${SCORED_PICKED(kind)}
     SELECT (SELECT count(*)::int FROM matches) AS total, page.hits FROM (${PAGE_DOCS(kind)}) page`,
    pageParams(asked),
  );
  const counted = row?.total ?? 0;
  return { hits: counted < read ? (row?.hits ?? []) : null, counted };
}

/**
 * The first CANDIDATES of a post search's matches in one order, read band by band from the top
 * (bands.ts: the GIN index intersects the keyword with a band's word), one band, then one more, then
 * two, four…, until that many are found: every match of a band precedes every match of the bands
 * below it in that order, so these are exactly the first CANDIDATES of all the matches. A word in
 * 14,500 of a million posts reads about 400 of them for the most popular and 500 for the newest.
 */
async function firstInBands(
  q: Queryable,
  asked: PageAsked,
  bands: readonly string[],
  order: 'popularity' | 'created_at',
): Promise<number[]> {
  const found: number[] = [];
  for (let at = 0, width = 1; at < bands.length && found.length < CANDIDATES; at += width, width *= 2) {
    const inBands = `(${asked.query}) & (${bands
      .slice(at, at + width)
      .map(quote)
      .join(' | ')})`;
    // Materialised, so that the matches are read from the GIN index, never by walking the order's
    // btree and testing every post above the band.
    const rows = await q.query<{ source_id: number }>(
      `WITH matches AS MATERIALIZED (${matchesOf(asked.kind)})
       SELECT source_id FROM matches ORDER BY ${order} DESC, source_id DESC LIMIT ${CANDIDATES - found.length}`,
      [inBands, asked.siteId],
    );
    found.push(...rows.map((row) => row.source_id));
  }
  return found;
}

/**
 * One page of a post search's hits when more match than matchedPage reads: the most popular and the
 * newest matches read by bands (firstInBands), so the same candidates as matchedPage's and the same
 * ranking, at the cost of a few hundred rows whatever the word.
 */
export async function bandedPage(q: Queryable, asked: PageAsked): Promise<RankedHit[]> {
  const span = await q.one<{ top: number | null; oldest: Date | null; newest: Date | null }>(
    `SELECT max(d.popularity) AS top, min(d.created_at) AS oldest, max(d.created_at) AS newest
     FROM search_docs d WHERE d.kind = '${asked.kind}'`,
  );
  if (span?.top == null || span.oldest === null || span.newest === null) return [];
  const [popular, newest] = await Promise.all([
    firstInBands(q, asked, popularityBandsDown(span.top), 'popularity'),
    firstInBands(q, asked, monthBandsDown(span.newest, span.oldest), 'created_at'),
  ]);
  const row = await q.one<{ hits: RankedHit[] | null }>(
    `WITH picked AS (SELECT DISTINCT unnest($7::int8[]) AS source_id), ${SCORED_PICKED(asked.kind)}
     ${PAGE_DOCS(asked.kind)}`,
    [...pageParams(asked), [...popular, ...newest]],
  );
  return row?.hits ?? [];
}

/** A kind's matches counted up to its cap. */
async function countedOf(q: Queryable, asked: PageAsked): Promise<number> {
  const row = await q.one<{ total: number }>(
    `SELECT count(*)::int AS total FROM (${matchesOf(asked.kind)} LIMIT ${totalCapOf(asked.kind)}) m`,
    [asked.query, asked.siteId],
  );
  return row?.total ?? 0;
}

/**
 * One page of a kind's hits when MATCHED_MAX or more match: the candidates read along each order's
 * btree, testing documents until enough match, which is quick only while matches are common (the
 * planner left to choose took that walk for a word with few or no matches too and tested every
 * post: 7 s for one word at a million posts). The candidates, so the ranking, are those matchedPage
 * takes.
 */
export async function walkedPage(q: Queryable, asked: PageAsked): Promise<RankedHit[]> {
  const { kind } = asked;
  const matching = `SELECT d.source_id, ${EXACT} AS exact, ${SCORE} AS score FROM search_docs d
    WHERE ${visibleOf(kind)} AND d.doc @@ $1::tsquery`;
  const row = await q.one<{ hits: RankedHit[] | null }>(
    `WITH candidates AS (
       (${matching} ORDER BY d.popularity DESC LIMIT ${CANDIDATES})
       UNION (${matching} ORDER BY d.created_at DESC LIMIT ${CANDIDATES})
       UNION (${exactTitleOf(kind)})
     ), ${RANKED}
     ${PAGE_DOCS(kind)}`,
    pageParams(asked),
  );
  return row?.hits ?? [];
}

/** A kind's matches of one word that the site shows now (`$1` the word, `$2` the site). */
const termVisibleOf = (kind: DocKind) =>
  `t.kind = '${kind}' AND t.term = $1 AND t.site_id IN (0, $2) AND (t.created_at <= now()) IS TRUE`;

/**
 * The same page for a one-word keyword of a kind whose words are kept (TERM_KINDS): the candidates,
 * their ranks (ts_rank kept per word: the same numbers) and the total are read from search_terms'
 * indexes alone, then the page's documents. A common word costs what a rare one does.
 */
async function termPageOf(
  q: Queryable,
  kind: DocKind,
  term: string,
  siteId: number,
  keyword: Keyword,
  page: Page,
): Promise<RankedHit[]> {
  const matching = `SELECT t.source_id, t.rank, t.popularity, t.created_at FROM search_terms t WHERE ${termVisibleOf(kind)}`;
  const row = await q.one<{ hits: RankedHit[] | null }>(
    `WITH exact AS (
       SELECT d.source_id FROM search_docs d WHERE ${visibleOf(kind)} AND d.title_key = $3
     ), candidates AS (
       (${matching} ORDER BY t.popularity DESC LIMIT ${CANDIDATES})
       UNION (${matching} ORDER BY t.created_at DESC LIMIT ${CANDIDATES})
       UNION (${matching} AND t.source_id IN (SELECT source_id FROM exact))
     ), ranked AS (
       SELECT c.source_id AS id, row_number() OVER (
         ORDER BY c.source_id IN (SELECT source_id FROM exact) DESC,
           ${scoreOf('c.rank', 'c.popularity', 'c.created_at')} DESC, c.source_id DESC) AS ord
       FROM candidates c ORDER BY ord LIMIT $4 OFFSET $5
     )
     ${PAGE_DOCS(kind)}`,
    [term, siteId, keyword.folded, page.limit, page.offset],
  );
  return row?.hits ?? [];
}

/** A one-word keyword's matches counted up to the cap, from search_terms' index alone. */
async function termTotalOf(q: Queryable, kind: DocKind, term: string, siteId: number): Promise<number> {
  const row = await q.one<{ total: number }>(
    `SELECT count(*)::int AS total FROM (SELECT 1 FROM search_terms t WHERE ${termVisibleOf(kind)}
       LIMIT ${totalCapOf(kind)}) m`,
    [term, siteId],
  );
  return row?.total ?? 0;
}

/** One page of a kind's hits and the capped total. */
export async function rankedHits(
  q: Queryable,
  kind: DocKind,
  siteId: number,
  keyword: Keyword,
  page: Page,
): Promise<Ranked> {
  const query = kind === 'post' ? keyword.postQuery : keyword.query;
  if (query === null) return rankedOf(kind, [], 0);
  const { term } = keyword;
  const kept = term !== null && TERM_KINDS.has(kind);
  if (kept) {
    const [hits, total] = await Promise.all([
      termPageOf(q, kind, term, siteId, keyword, page),
      termTotalOf(q, kind, term, siteId),
    ]);
    return rankedOf(kind, hits, total);
  }
  const asked = { kind, query, siteId, keyword, page };
  const estimate = await estimateOf(q, kind, query, siteId);
  // Posts carry bands: a word the estimate finds in more than matchedPage reads is read by them.
  const banded = kind === 'post';
  let counted: number | null = null;
  if (estimate < matchedReadOf(kind)) {
    const matched = await matchedPage(q, asked);
    if (matched.hits !== null) return rankedOf(kind, matched.hits, matched.counted);
    counted = matched.counted;
  }
  if (banded && estimate < MATCHED_MAX) {
    const [hits, total] = await Promise.all([bandedPage(q, asked), counted ?? countedOf(q, asked)]);
    return rankedOf(kind, hits, total);
  }
  return rankedOf(kind, await walkedPage(q, asked), totalCapOf(kind));
}

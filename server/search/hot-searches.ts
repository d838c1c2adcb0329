/**
 * Hot searches of a site: the operators' words (pinned first, then in their order), then the
 * keywords most searched on the site over the last 24 hours. A search is counted by its folded
 * keyword, once per searcher (a hash of the address, never the address) per keyword and hour, and
 * only when it found something, so neither one device nor a string that finds nothing becomes hot;
 * a keyword with a word of the sensitive-word list is never shown.
 * Rows older than two days are dropped once an hour.
 */
import { createHash } from 'node:crypto';
import { HOT_SEARCH_MAX } from '../../contract/calls/search.ts';
import type { Queryable } from '../db/db.ts';
import { siteHotWords } from '../db/hot-words.ts';
import { sensitiveWords } from '../moderation/sensitive-words.ts';
import { foldText } from './fold.ts';

const HOUR_MS = 3_600_000;
/** Counted keywords kept this long (the hot list looks back 24 hours). */
const KEEP_MS = 48 * HOUR_MS;

export const hourOf = (now: number): Date => new Date(Math.floor(now / HOUR_MS) * HOUR_MS);

/** A searcher's key: not reversible to the address, and different every hour. */
export const searcherKey = (address: string, hour: Date): string =>
  createHash('sha256').update(`${hour.toISOString()} ${address}`).digest('base64url').slice(0, 22);

let cleanedHour = 0;

/** Counts one search of the folded keyword; answers whether it counted (a repeat within the hour does not). */
export async function countSearch(
  q: Queryable,
  search: { siteId: number; folded: string; address: string; now: number },
): Promise<boolean> {
  const hour = hourOf(search.now);
  const fresh = await q.one(
    `INSERT INTO search_searchers (site_id, keyword, hour, searcher) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING 1 AS fresh`,
    [search.siteId, search.folded, hour, searcherKey(search.address, hour)],
  );
  if (!fresh) return false;
  const row = await q.one<{ count: number }>(
    `INSERT INTO search_counts (site_id, keyword, hour, count) VALUES ($1, $2, $3, 1)
     ON CONFLICT (site_id, hour, keyword) DO UPDATE SET count = search_counts.count + 1 RETURNING count`,
    [search.siteId, search.folded, hour],
  );
  // Once an hour per process, what the hot list no longer reads is cleared.
  if (row !== undefined && cleanedHour !== hour.getTime()) {
    cleanedHour = hour.getTime();
    const old = new Date(hour.getTime() - KEEP_MS);
    await q.query('DELETE FROM search_searchers WHERE hour < $1', [hour]);
    await q.query('DELETE FROM search_counts WHERE hour < $1', [old]);
  }
  return true;
}

/** The keywords without a word of the sensitive-word list (never shown as hot or suggested). */
export async function shownKeywords(q: Queryable, keywords: readonly string[]): Promise<string[]> {
  const { matcher } = await sensitiveWords(q);
  return matcher ? keywords.filter((keyword) => matcher.search(keyword).length === 0) : [...keywords];
}

/** The site's most searched keywords of the 24 hours before `now`, most searched first. */
export async function countedKeywords(q: Queryable, siteId: number, now: number, limit: number): Promise<string[]> {
  const rows = await q.query<{ keyword: string }>(
    `SELECT keyword FROM search_counts WHERE site_id = $1 AND hour > $2 AND hour <= $3
     GROUP BY keyword ORDER BY sum(count) DESC, keyword LIMIT $4`,
    [siteId, new Date(now - 24 * HOUR_MS), new Date(now), limit * 2],
  );
  return (
    await shownKeywords(
      q,
      rows.map((row) => row.keyword),
    )
  ).slice(0, limit);
}

/** The site's hot searches: operators' words first, then counted ones, up to HOT_SEARCH_MAX. */
export async function hotSearches(q: Queryable, siteId: number, now: number): Promise<string[]> {
  const [chosen, counted] = await Promise.all([
    siteHotWords(q, siteId),
    countedKeywords(q, siteId, now, HOT_SEARCH_MAX),
  ]);
  const seen = new Set(chosen.map(foldText));
  const words = [...chosen];
  for (const keyword of counted) {
    if (words.length >= HOT_SEARCH_MAX) break;
    if (!seen.has(keyword)) words.push(keyword);
    seen.add(keyword);
  }
  return words.slice(0, HOT_SEARCH_MAX);
}

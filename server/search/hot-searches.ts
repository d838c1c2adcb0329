/**
 * Hot searches of a site: the operators' words (pinned first, then in their order), then the
 * keywords a crowd searched on the site over the last 24 hours. A keyword counts a device (the
 * member's user of the search's token: a search without a session counts nothing) with the address
 * it searched from (addressKey: an IPv6 client's /64 is one address; stored as a keyed hash, never
 * the address), once per device and keyword: one row, refreshed at most once an hour, so a repeat
 * within the hour only reads. Only searches that found something count (server/routes/search.ts).
 *
 * A keyword is hot once HOT_SEARCH_MIN_DEVICES devices from HOT_SEARCH_MIN_ADDRESSES addresses
 * searched it (one device cannot, from however many addresses: its row holds one; nor can many
 * devices behind one address), ranked by the smaller of the two counts. Each process keeps a site's
 * ranking HOT_SEARCH_REFRESH_SECONDS; what is shown is filtered when read, so a keyword with a word
 * of the sensitive-word list or of the site's blocked words (an operator's word too) never shows,
 * as hot or as a suggestion, from the moment the list changes. Rows past the window are deleted
 * once an hour.
 */
import { HOT_SEARCH_MAX } from '../../contract/calls/search.ts';
import type { CountedSearch } from '../../contract/admin/taxonomy.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/db.ts';
import { siteBlockedWords, siteHotWords } from '../db/hot-words.ts';
import { hashToken } from '../db/sessions.ts';
import { sensitiveWords } from '../moderation/sensitive-words.ts';
import { addressKey } from '../net/address-key.ts';
import { foldText } from './fold.ts';

export type HotSearchRules = Pick<
  Config,
  'HOT_SEARCH_MIN_DEVICES' | 'HOT_SEARCH_MIN_ADDRESSES' | 'HOT_SEARCH_REFRESH_SECONDS'
>;

const HOUR_MS = 3_600_000;
/** The hot list looks back this far. */
export const HOT_WINDOW_MS = 24 * HOUR_MS;
/** Ranked keywords kept per site: the hot list's and the suggestions' candidates before filtering. */
const RANKED_MAX = 200;
/** server_keys' name of the networks' hash key (migration 027). */
const SALT = 'hot-search-salt';

/** The hour this process last pruned each store's rows in. */
const prunedHours = new WeakMap<Queryable, number>();

/** Deletes the rows the window no longer reads. */
export async function pruneSearchers(q: Queryable, now: number): Promise<void> {
  await q.query('DELETE FROM search_searchers WHERE at <= $1', [new Date(now - HOT_WINDOW_MS)]);
}

/**
 * Counts one search of the folded keyword by the device of `token` from `address`; answers whether
 * a row was written (not for a token without a live session on the site, nor within the hour).
 */
export async function countSearch(
  q: Queryable,
  search: { siteId: number; folded: string; token: string; address: string; now: number },
): Promise<boolean> {
  const at = new Date(search.now);
  const written = await q.query(
    `INSERT INTO search_searchers (site_id, keyword, user_id, network, at)
     SELECT $1, $2, s.user_id,
            md5(coalesce((SELECT value #>> '{}' FROM server_keys WHERE name = '${SALT}'), '') || $3), $5::timestamptz
       FROM sessions s
      WHERE s.token_hash = $4 AND s.site_id = $1 AND s.expires_at > now()
        AND NOT EXISTS (SELECT 1 FROM search_searchers c WHERE c.site_id = $1 AND c.keyword = $2
                           AND c.user_id = s.user_id AND c.at > $5::timestamptz - interval '1 hour')
     ON CONFLICT (site_id, keyword, user_id) DO UPDATE SET network = excluded.network, at = excluded.at
     RETURNING 1`,
    [search.siteId, search.folded, addressKey(search.address), hashToken(search.token), at],
  );
  if (written.length === 0) return false;
  const hour = Math.floor(search.now / HOUR_MS);
  if (prunedHours.get(q) !== hour) {
    prunedHours.set(q, hour);
    await pruneSearchers(q, search.now);
  }
  return true;
}

/** The site's keywords over the floor, largest crowd first, with their counts (read now). */
async function crowdCounts(q: Queryable, siteId: number, now: number, rules: HotSearchRules, limit: number) {
  return q.query<CountedSearch>(
    `SELECT keyword, count(*)::int AS devices, count(DISTINCT network)::int AS addresses
       FROM search_searchers WHERE site_id = $1 AND at > $2
      GROUP BY keyword
     HAVING count(*) >= $3 AND count(DISTINCT network) >= $4
      ORDER BY least(count(*), count(DISTINCT network)) DESC, count(*) DESC, keyword
      LIMIT $5`,
    [siteId, new Date(now - HOT_WINDOW_MS), rules.HOT_SEARCH_MIN_DEVICES, rules.HOT_SEARCH_MIN_ADDRESSES, limit],
  );
}

interface Ranking {
  readAt: number;
  keywords: Promise<string[]>;
}

/** Per store, then per site: the ranking read last, for HOT_SEARCH_REFRESH_SECONDS. */
const rankings = new WeakMap<Queryable, Map<number, Ranking>>();

/** The site's ranked keywords (unfiltered), read at most once per HOT_SEARCH_REFRESH_SECONDS. */
function rankedKeywords(q: Queryable, siteId: number, now: number, rules: HotSearchRules): Promise<string[]> {
  let sites = rankings.get(q);
  if (!sites) rankings.set(q, (sites = new Map()));
  const kept = sites.get(siteId);
  if (kept && now >= kept.readAt && now - kept.readAt < rules.HOT_SEARCH_REFRESH_SECONDS * 1000) return kept.keywords;
  const ranking: Ranking = {
    readAt: now,
    keywords: crowdCounts(q, siteId, now, rules, RANKED_MAX).then((rows) => rows.map((row) => row.keyword)),
  };
  sites.set(siteId, ranking);
  ranking.keywords.catch(() => {
    if (sites.get(siteId) === ranking) sites.delete(siteId);
  });
  return ranking.keywords;
}

/** `words` without those holding a sensitive word or one of the site's blocked words. */
export async function shownWords(q: Queryable, siteId: number, words: readonly string[]): Promise<string[]> {
  if (words.length === 0) return [];
  const [{ matcher }, blocked] = await Promise.all([sensitiveWords(q), siteBlockedWords(q, siteId)]);
  return words.filter((word) => {
    const folded = foldText(word);
    if (blocked.some((block) => folded.includes(block))) return false;
    return !matcher || matcher.search(word).length === 0;
  });
}

/** The site's hot searches: operators' words first, then the crowd's, up to HOT_SEARCH_MAX, all shown ones. */
export async function hotSearches(q: Queryable, siteId: number, now: number, rules: HotSearchRules): Promise<string[]> {
  const [chosen, ranked] = await Promise.all([siteHotWords(q, siteId), rankedKeywords(q, siteId, now, rules)]);
  const seen = new Set(chosen.map(foldText));
  const words = [...chosen];
  for (const keyword of ranked) {
    if (!seen.has(keyword)) words.push(keyword);
    seen.add(keyword);
  }
  return (await shownWords(q, siteId, words)).slice(0, HOT_SEARCH_MAX);
}

/** The crowd's keywords starting with the folded `prefix`, largest crowd first, shown ones only. */
export async function hotKeywordsStartingWith(
  q: Queryable,
  siteId: number,
  prefix: string,
  now: number,
  rules: HotSearchRules,
  max: number,
): Promise<string[]> {
  const ranked = await rankedKeywords(q, siteId, now, rules);
  return (
    await shownWords(
      q,
      siteId,
      ranked.filter((keyword) => keyword.startsWith(prefix)),
    )
  ).slice(0, max);
}

/** The crowd's part of the site's hot list as visitors see it now, with the counts (the console's). */
export async function countedSearches(
  q: Queryable,
  siteId: number,
  now: number,
  rules: HotSearchRules,
): Promise<CountedSearch[]> {
  const rows = await crowdCounts(q, siteId, now, rules, RANKED_MAX);
  const shown = new Set(
    await shownWords(
      q,
      siteId,
      rows.map((row) => row.keyword),
    ),
  );
  return rows.filter((row) => shown.has(row.keyword)).slice(0, HOT_SEARCH_MAX);
}

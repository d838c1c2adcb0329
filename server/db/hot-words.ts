/**
 * A site's hot search words (热搜 of the search page), as the operators keep them: pinned words
 * first, then the rest, each in the operators' order; the keywords the crowd's searches make hot
 * follow them (server/search/hot-searches.ts). Also the words the operators blocked from the hot
 * searches and the suggestions made from them (docs/admin-api.md).
 */
import type { Queryable } from './db.ts';

/** Words the search page shows at most. */
export const HOT_WORDS_SHOWN = 20;

export async function siteHotWords(q: Queryable, siteId: number): Promise<string[]> {
  const rows = await q.query<{ word: string }>(
    `SELECT word FROM hot_words WHERE site_id = $1 ORDER BY pinned DESC, sort, id LIMIT ${HOT_WORDS_SHOWN}`,
    [siteId],
  );
  return rows.map((row) => row.word);
}

/** The site's blocked words, folded as search folds text. */
export async function siteBlockedWords(q: Queryable, siteId: number): Promise<string[]> {
  const rows = await q.query<{ folded: string }>('SELECT folded FROM hot_word_blocks WHERE site_id = $1', [siteId]);
  return rows.map((row) => row.folded);
}

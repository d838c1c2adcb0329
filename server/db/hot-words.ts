/**
 * A site's hot search words (热搜 of the search page), as the operators keep them: pinned words
 * first, then the rest, each in the operators' order. Were words later ranked from search counts,
 * they would follow the pinned ones (docs/admin-api.md).
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

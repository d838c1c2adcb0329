/**
 * The @mention autocomplete: users of the site whose nickname starts with or contains the keyword
 * (case-insensitive), those starting with it first, then the shorter nicknames; hidden users left out.
 */
import type { UserBrief } from '../../contract/calls/content.ts';
import type { Queryable } from './db.ts';
import { likePattern } from './paging.ts';

export const SUGGEST_MAX = 8;

export const suggestUsers = (q: Queryable, siteId: number, keyword: string): Promise<UserBrief[]> =>
  q.query<UserBrief>(
    `SELECT u.id, u.nickname, u.avatar FROM users u
     WHERE u.site_id = $1 AND u.hidden_at IS NULL AND u.nickname ILIKE $2 ESCAPE '\\'
     ORDER BY strpos(lower(u.nickname), lower($3)) = 1 DESC, length(u.nickname), u.id LIMIT $4`,
    [siteId, likePattern(keyword), keyword, SUGGEST_MAX],
  );

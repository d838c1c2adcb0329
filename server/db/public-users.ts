/**
 * Users as others see them: the author line of posts and replies (UserBrief) and the public user
 * pages (UserCard, UserProfile) of one site. The user list holds the site's authors (users with at
 * least one visible post), most prolific first, by the kept counters users.post_count and
 * users.likes_received, its total by the site's kept count of authors (server/db/counters.ts). A
 * user hidden pending review (reports reached the threshold) is left out of the list, and their
 * page answers code 6 (these public reads carry no viewer; the user reads their own info through
 * the member calls).
 */
import type { Page, UserBrief, UserCard, UserProfile } from '../../contract/calls/content.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ApiError } from '../api-error.ts';
import { moderationMessages } from '../moderation/moderation-messages.ts';
import { authorTotal } from './counters.ts';
import type { Queryable } from './db.ts';
import { fetchKeysetPage, type KeysetQuery, type KeysetRequest } from './keyset.ts';
import { Filter } from './paging.ts';

/** Columns of `users u` (LEFT JOINed) read by authorOf. */
export const AUTHOR_COLUMNS = 'u.id AS "authorId", u.nickname AS "authorNickname", u.avatar AS "authorAvatar"';

export interface AuthorColumns {
  authorId: number | null;
  authorNickname: string | null;
  authorAvatar: string | null;
}

export const authorOf = (row: AuthorColumns): UserBrief | null =>
  row.authorId === null
    ? null
    : { id: row.authorId, nickname: row.authorNickname ?? '', avatar: row.authorAvatar ?? '' };

interface ProfileRow extends UserCard {
  createdAt: Date;
  hidden: boolean;
}

const PROFILE_COLUMNS = `u.id, u.nickname, u.avatar, u.bio, u.created_at AS "createdAt",
  u.hidden_at IS NOT NULL AS hidden, u.post_count AS "postCount", u.likes_received AS "likesReceived"`;

/** Who of `users u` the user list (and the sitemaps) show: not hidden, with a visible post. */
export const LISTED_AUTHOR = 'u.hidden_at IS NULL AND u.post_count > 0';

/** The site's authors, most posts first (served in order by the index users_authors). */
const authorsQuery = (siteId: number): KeysetQuery => ({
  table: 'users u',
  alias: 'u',
  filter: new Filter().add('u.site_id = $?', siteId).require(LISTED_AUTHOR),
  columns: PROFILE_COLUMNS,
  keyset: { name: 'u', keys: [{ column: 'u.post_count', kind: 'int' }], id: 'u.id' },
  total: (q) => authorTotal(q, siteId),
});

const toCard = ({ createdAt: _createdAt, hidden: _hidden, ...card }: ProfileRow): UserCard => card;

export const pageAuthors = (q: Queryable, siteId: number, request: KeysetRequest): Promise<Page<UserCard>> =>
  fetchKeysetPage(q, authorsQuery(siteId), request, toCard);

/** The profile of a user of the site; code 6 (该用户正在审核中) when the user is hidden. */
export async function findProfile(q: Queryable, siteId: number, userId: number): Promise<UserProfile | undefined> {
  const row = await q.one<ProfileRow>(`SELECT ${PROFILE_COLUMNS} FROM users u WHERE u.site_id = $1 AND u.id = $2`, [
    siteId,
    userId,
  ]);
  if (row?.hidden) throw new ApiError(Code.NotFound, moderationMessages.userUnderReview);
  return row && { ...toCard(row), createdAt: row.createdAt.getTime() };
}

/** The visible users of the site among `ids`, as cards, in no particular order (search hits). */
export async function userCardsByIds(q: Queryable, siteId: number, ids: readonly number[]): Promise<UserCard[]> {
  const rows = await q.query<ProfileRow>(
    `SELECT ${PROFILE_COLUMNS} FROM users u WHERE u.site_id = $1 AND u.id = ANY($2::int8[]) AND u.hidden_at IS NULL`,
    [siteId, ids],
  );
  return rows.map(toCard);
}

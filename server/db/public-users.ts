/**
 * Users as others see them: the author line of posts and replies (UserBrief) and the public user
 * pages (UserCard, UserProfile) of one site. The user list holds the site's authors (users with at
 * least one post), most prolific first. A user hidden pending review (reports reached the threshold)
 * is left out of the list, and their page answers code 6 (these public reads carry no viewer; the
 * user reads their own info through the member calls).
 */
import type { Page, UserBrief, UserCard, UserProfile } from '../../contract/calls/content.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ApiError } from '../api-error.ts';
import { moderationMessages } from '../moderation/moderation-messages.ts';
import type { Queryable } from './db.ts';
import { fetchPage, Filter, selectRows, type ListQuery, type PageRequest } from './paging.ts';

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

/** Users of a site with their post count and likes received (over posts_author). */
function profileQuery(siteId: number, authorsOnly: boolean): ListQuery {
  const filter = new Filter().add('u.site_id = $?', siteId);
  if (authorsOnly) {
    filter.require('u.hidden_at IS NULL').require('EXISTS (SELECT 1 FROM posts p WHERE p.author_id = u.id)');
  }
  return {
    table: 'users u',
    filter,
    columns: `u.id, u.nickname, u.avatar, u.bio, u.created_at AS "createdAt", u.hidden_at IS NOT NULL AS hidden,
      coalesce(s.post_count, 0) AS "postCount", coalesce(s.likes, 0) AS "likesReceived"`,
    joins: `LEFT JOIN LATERAL (SELECT count(*) AS post_count, sum(p.likes)::bigint AS likes
      FROM posts p WHERE p.author_id = u.id) s ON true`,
    orderBy: '"postCount" DESC, u.id',
  };
}

const toCard = ({ createdAt: _createdAt, hidden: _hidden, ...card }: ProfileRow): UserCard => card;

export const pageAuthors = (q: Queryable, siteId: number, request: PageRequest): Promise<Page<UserCard>> =>
  fetchPage(q, profileQuery(siteId, true), request, toCard);

/** The profile of a user of the site; code 6 (该用户正在审核中) when the user is hidden. */
export async function findProfile(q: Queryable, siteId: number, userId: number): Promise<UserProfile | undefined> {
  const query = profileQuery(siteId, false);
  query.filter.add('u.id = $?', userId);
  const [row] = await selectRows<ProfileRow>(q, query, 1);
  if (row?.hidden) throw new ApiError(Code.NotFound, moderationMessages.userUnderReview);
  return row && { ...toCard(row), createdAt: row.createdAt.getTime() };
}

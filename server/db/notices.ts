/**
 * Notices (the inbox): rows per recipient, written in the same transaction as what caused them;
 * each also queues a push delivery for the recipient's subscriptions that want its type, which the
 * push job (server/jobs/push-jobs.ts) sends after the commit, so the call that caused it never waits.
 * Pages go newest first by id (a keyset cursor); unread counts read the partial index notices_unread.
 * The excerpt of a reply deleted since, or hidden pending review (but to its author), reads empty,
 * as a Reply's body and a quote do.
 */
import type { Notice, NoticePage, UnreadCounts } from '../../contract/calls/community.ts';
import { NOTICE_TYPES, type NoticeType, type ReplyTarget } from '../../contract/enums.ts';
import type { Queryable } from './db.ts';
import { AUTHOR_COLUMNS, authorOf, type AuthorColumns } from './public-users.ts';

export interface NewNotice {
  userId: number;
  type: NoticeType;
  actorId: number | null;
  replyId: number | null;
  targetType: ReplyTarget | null;
  targetId: number | null;
  /** The reply's text (or a system notice's), cut to 140 code points by addNotices. */
  excerpt: string;
  /** The in-app path that opens it, e.g. "/topic/12?floor=5". */
  link: string;
}

/** A notice's excerpt, in code points. */
export const EXCERPT_MAX = 140;

const cut = (text: string): string => {
  const points = Array.from(text);
  return points.length <= EXCERPT_MAX ? text : points.slice(0, EXCERPT_MAX).join('');
};

/**
 * Writes the notices (skipping any to the actor themself; a like of one reply by one member is one
 * notice however often it is liked) and queues their pushes, in one statement. Run it inside Db.tx.
 */
export async function addNotices(q: Queryable, notices: readonly NewNotice[]): Promise<void> {
  const rows = notices.filter((n) => n.actorId === null || n.actorId !== n.userId);
  if (rows.length === 0) return;
  const column = <T>(pick: (n: NewNotice) => T) => rows.map(pick);
  await q.query(
    `WITH input AS (
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::int[], $7::text[],
                            $8::text[])
         AS t(user_id, type, actor_id, reply_id, target_type, target_id, excerpt, link)),
     added AS (
       INSERT INTO notices (user_id, type, actor_id, reply_id, target_type, target_id, excerpt, link)
       SELECT user_id, type, actor_id, reply_id, target_type, target_id, excerpt, link FROM input
       ON CONFLICT (user_id, actor_id, reply_id) WHERE type = 'like' DO NOTHING
       RETURNING id, user_id, type)
     INSERT INTO push_deliveries (subscription_id, notice_id)
     SELECT s.id, a.id FROM added a JOIN push_subscriptions s ON s.user_id = a.user_id AND a.type = ANY (s.types)`,
    [
      column((n) => n.userId),
      column((n) => n.type),
      column((n) => n.actorId),
      column((n) => n.replyId),
      column((n) => n.targetType),
      column((n) => n.targetId),
      column((n) => cut(n.excerpt)),
      column((n) => n.link),
    ],
  );
}

interface NoticeRow extends AuthorColumns {
  id: number;
  type: NoticeType;
  targetType: ReplyTarget | null;
  targetId: number | null;
  targetTitle: string;
  replyId: number | null;
  floor: number | null;
  excerpt: string;
  link: string;
  read: boolean;
  createdAt: Date;
}

const toNotice = ({ authorId, authorNickname, authorAvatar, createdAt, ...row }: NoticeRow): Notice => ({
  ...row,
  actor: authorOf({ authorId, authorNickname, authorAvatar }),
  createdAt: createdAt.getTime(),
});

export interface NoticePageRequest {
  type: NoticeType | undefined;
  /** The id below which the page starts; undefined for the newest. */
  beforeId: number | undefined;
  pageSize: number;
}

/** The user's notices, newest first. */
export async function pageNotices(q: Queryable, userId: number, request: NoticePageRequest): Promise<NoticePage> {
  const rows = await q.query<NoticeRow>(
    `SELECT n.id, n.type, n.target_type AS "targetType", n.target_id AS "targetId",
       coalesce(p.title, m.title, '') AS "targetTitle", n.reply_id AS "replyId", r.floor,
       CASE WHEN r.deleted_at IS NOT NULL OR (r.hidden_at IS NOT NULL AND r.author_id <> n.user_id) THEN ''
            ELSE n.excerpt END AS excerpt,
       n.link,
       n.read_at IS NOT NULL AS read, n.created_at AS "createdAt", ${AUTHOR_COLUMNS}
     FROM notices n
       LEFT JOIN users u ON u.id = n.actor_id
       LEFT JOIN replies r ON r.id = n.reply_id
       LEFT JOIN posts p ON n.target_type = 'post' AND p.id = n.target_id
       LEFT JOIN movies m ON n.target_type = 'movie' AND m.id = n.target_id
     WHERE n.user_id = $1 AND ($2::text IS NULL OR n.type = $2) AND ($3::bigint IS NULL OR n.id < $3)
     ORDER BY n.id DESC LIMIT $4`,
    [userId, request.type ?? null, request.beforeId ?? null, request.pageSize + 1],
  );
  const list = rows.slice(0, request.pageSize).map(toNotice);
  const more = rows.length > request.pageSize;
  return { list, nextCursor: more ? String(list[list.length - 1]!.id) : null };
}

/** Unread notices per type and in all. */
export async function unreadCounts(q: Queryable, userId: number): Promise<UnreadCounts> {
  const rows = await q.query<{ type: NoticeType; count: number }>(
    'SELECT type, count(*)::int AS count FROM notices WHERE user_id = $1 AND read_at IS NULL GROUP BY type',
    [userId],
  );
  const counts = { total: 0 } as UnreadCounts;
  for (const type of NOTICE_TYPES) counts[type] = 0;
  for (const row of rows) {
    counts[row.type] = row.count;
    counts.total += row.count;
  }
  return counts;
}

/** Marks the user's notices read: those of `ids` (others' ids are ignored), of a type, or all. */
export async function markRead(
  q: Queryable,
  userId: number,
  which: { ids?: readonly number[] | undefined; type?: NoticeType | undefined },
): Promise<void> {
  await q.query(
    `UPDATE notices SET read_at = now()
     WHERE user_id = $1 AND read_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY ($2)) AND ($3::text IS NULL OR type = $3)`,
    [userId, which.ids ?? null, which.type ?? null],
  );
}

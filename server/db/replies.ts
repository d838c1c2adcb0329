/**
 * Replies of posts and comments of movies, one table (target_type + target_id): the read side.
 * A floor is fixed when a reply is written (reply-writes.ts) and kept when it is deleted; a deleted
 * reply still shows as its floor with its text cleared. A reply hidden pending review is left out
 * for everyone but its author, who sees it flagged. Pages of /reply/getPage are keyset pages over
 * replies_target_floor (oldest, newest) or replies_target_hot (hottest), so each is a bounded index
 * scan; /topic/replyPage keeps its numbered pages over the same order, each read from the floor it
 * starts at (replies_target_hidden gives the hidden floors to skip).
 */
import type { ReplyPage } from '../../contract/calls/community.ts';
import type { Page, Reply, UserBrief } from '../../contract/calls/content.ts';
import type { PostKind, ReplySort, ReplyTarget } from '../../contract/enums.ts';
import { plainText } from '../../contract/rich-text.ts';
import type { Queryable } from './db.ts';
import { assertPageDepth } from './keyset.ts';
import { AUTHOR_COLUMNS, authorOf, type AuthorColumns } from './public-users.ts';
import { decodeCursor, encodeCursor } from './reply-cursor.ts';

/** A post or movie replies hang under, with what the answers and the links need. */
export interface TargetRow {
  type: ReplyTarget;
  id: number;
  /** The post's author (楼主); null for a movie. */
  authorId: number | null;
  /** Replies that count (posts.reply_count, movies.comment_count). */
  total: number;
  /** The post's kind and category; null for a movie. */
  kind: PostKind | null;
  categoryId: number | null;
}

/** The post or movie, or undefined; a post hidden pending review only for its author (the viewer). */
export function findTarget(
  q: Queryable,
  type: ReplyTarget,
  id: number,
  viewerId: number | null = null,
): Promise<TargetRow | undefined> {
  return type === 'post'
    ? q.one<TargetRow>(
        `SELECT 'post' AS type, id, author_id AS "authorId", reply_count AS total, kind, category_id AS "categoryId"
         FROM posts WHERE id = $1 AND (hidden_at IS NULL OR author_id = $2::bigint)`,
        [id, viewerId],
      )
    : q.one<TargetRow>(
        `SELECT 'movie' AS type, id, NULL::bigint AS "authorId", comment_count AS total, NULL AS kind,
           NULL::int AS "categoryId" FROM movies WHERE id = $1`,
        [id],
      );
}

const POST_PATHS: Record<PostKind, string> = { topic: '/topic', chigua: '/chigua', article: '/archives' };

/** The in-app path of a floor, e.g. "/topic/12?floor=5" or "/movie/3?floor=1". */
export const floorLink = (target: Pick<TargetRow, 'type' | 'id' | 'kind'>, floor: number): string =>
  `${target.type === 'movie' ? '/movie' : POST_PATHS[target.kind ?? 'topic']}/${target.id}?floor=${floor}`;

/** A quote's text, in code points. */
const QUOTE_MAX = 140;
const cut = (text: string, max: number): string => Array.from(text).slice(0, max).join('');

interface ReplyRow extends AuthorColumns {
  id: number;
  floor: number;
  body: string;
  likes: number;
  createdAt: Date;
  images: string[];
  mentions: number[];
  rating: number | null;
  deleted: boolean;
  hidden: boolean;
  liked: boolean;
  quoteId: number | null;
  quoteFloor: number | null;
  quoteBody: string | null;
  quoteGone: boolean | null;
  quoteAuthorId: number | null;
  quoteAuthorNickname: string | null;
  quoteAuthorAvatar: string | null;
}

// $1 is the viewer (or null) in every query of replyRows.
const COLUMNS = `r.id, r.floor, r.body, r.likes, r.created_at AS "createdAt", r.images, to_jsonb(r.mentions) AS mentions,
  r.rating, r.deleted_at IS NOT NULL AS deleted, r.hidden_at IS NOT NULL AS hidden, ${AUTHOR_COLUMNS},
  EXISTS (SELECT 1 FROM reply_likes l WHERE l.user_id = $1::bigint AND l.reply_id = r.id) AS liked,
  qr.id AS "quoteId", qr.floor AS "quoteFloor", qr.body AS "quoteBody",
  (qr.deleted_at IS NOT NULL OR qr.hidden_at IS NOT NULL) AS "quoteGone",
  qu.id AS "quoteAuthorId", qu.nickname AS "quoteAuthorNickname", qu.avatar AS "quoteAuthorAvatar"`;
const JOINS = `LEFT JOIN users u ON u.id = r.author_id
  LEFT JOIN replies qr ON qr.id = r.quote_id LEFT JOIN users qu ON qu.id = qr.author_id`;
/** Hidden replies only for their author. */
const VISIBLE = '(r.hidden_at IS NULL OR r.author_id = $1::bigint)';

/** Rows of the replies matching `where` (params from $2), in order, with the viewer's flags. */
const replyRows = (q: Queryable, viewerId: number | null, where: string, params: unknown[], tail: string) =>
  q.query<ReplyRow>(`SELECT ${COLUMNS} FROM replies r ${JOINS} WHERE ${where} ${tail}`, [viewerId, ...params]);

async function usersById(q: Queryable, ids: readonly number[]): Promise<Map<number, UserBrief>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<UserBrief>('SELECT id, nickname, avatar FROM users WHERE id = ANY($1::bigint[])', [
    [...new Set(ids)],
  ]);
  return new Map(rows.map((user) => [user.id, user]));
}

/** The wire shape of rows of one target, as `viewerId` sees them. */
async function toReplies(
  q: Queryable,
  rows: readonly ReplyRow[],
  target: Pick<TargetRow, 'authorId'>,
  viewerId: number | null,
): Promise<Reply[]> {
  const mentioned = await usersById(
    q,
    rows.flatMap((row) => row.mentions),
  );
  return rows.map((row): Reply => {
    const { deleted } = row;
    const quote =
      deleted || row.quoteId === null
        ? null
        : {
            id: row.quoteId,
            floor: row.quoteFloor ?? 0,
            author: authorOf({
              authorId: row.quoteAuthorId,
              authorNickname: row.quoteAuthorNickname,
              authorAvatar: row.quoteAuthorAvatar,
            }),
            body: row.quoteGone ? '' : cut(plainText(row.quoteBody ?? ''), QUOTE_MAX),
            deleted: row.quoteGone === true,
          };
    return {
      id: row.id,
      floor: row.floor,
      author: authorOf(row),
      body: deleted ? '' : row.body,
      likes: row.likes,
      createdAt: row.createdAt.getTime(),
      images: deleted ? [] : row.images,
      quote,
      mentions: deleted ? [] : row.mentions.flatMap((id) => mentioned.get(id) ?? []),
      rating: deleted ? null : row.rating,
      byPostAuthor: target.authorId !== null && row.authorId === target.authorId,
      liked: row.liked,
      mine: viewerId !== null && row.authorId === viewerId,
      deleted,
      hidden: row.hidden,
    };
  });
}

/** One reply as `viewerId` sees it (the answer of /reply/create). */
export async function replyById(q: Queryable, target: TargetRow, id: number, viewerId: number | null): Promise<Reply> {
  const rows = await replyRows(q, viewerId, 'r.id = $2', [id], '');
  const [reply] = await toReplies(q, rows, target, viewerId);
  if (!reply) throw new Error(`reply ${id} not found`);
  return reply;
}

const OF_TARGET = `r.target_type = $2 AND r.target_id = $3 AND ${VISIBLE}`;

/**
 * After a hottest cursor: the rest of its likes (floors after its floor), then fewer likes, each
 * taken as one bounded range of replies_target_hot (a single OR'ed condition would filter through
 * every reply of the cursor's likes up to its floor: all the 0-like replies on the last pages).
 */
const afterHot = (floor: string, likes: string, limit: string) => `r.id IN (
  (SELECT r.id FROM replies r WHERE ${OF_TARGET} AND r.likes = ${likes} AND r.floor > ${floor} ORDER BY r.floor LIMIT ${limit})
  UNION ALL
  (SELECT r.id FROM replies r WHERE ${OF_TARGET} AND r.likes < ${likes} ORDER BY r.likes DESC, r.floor LIMIT ${limit}))`;

const ORDER: Record<ReplySort, string> = {
  oldest: 'r.floor',
  newest: 'r.floor DESC',
  hottest: 'r.likes DESC, r.floor',
};

/** One keyset page in a sort, from the cursor (code 2 when malformed); total is the kept counter. */
export async function pageReplies(
  q: Queryable,
  target: TargetRow,
  request: { sort: ReplySort; cursor?: string | undefined; pageSize: number },
  viewerId: number | null,
): Promise<ReplyPage> {
  const { sort, pageSize } = request;
  const at = request.cursor === undefined ? undefined : decodeCursor(sort, request.cursor);
  const params: unknown[] = [target.type, target.id];
  /** The placeholder of a new param ($1 is the viewer's). */
  const param = (value: unknown): string => `$${params.push(value) + 1}`;
  let where = OF_TARGET;
  if (at) {
    const floor = param(at.floor);
    if (sort === 'oldest') where += ` AND r.floor > ${floor}`;
    if (sort === 'newest') where += ` AND r.floor < ${floor}`;
    if (sort === 'hottest') where += ` AND ${afterHot(floor, param(at.likes), param(pageSize + 1))}`;
  }
  const limit = param(pageSize + 1);
  const rows = await replyRows(q, viewerId, where, params, `ORDER BY ${ORDER[sort]} LIMIT ${limit}`);
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  return {
    list: await toReplies(q, shown, target, viewerId),
    nextCursor: rows.length > pageSize && last ? encodeCursor(sort, last) : null,
    total: target.total,
  };
}

/**
 * The floor a numbered page starts at: floors are 1, 2, 3 … with none missing (reply-writes.ts), so
 * with `skip` replies before it the page starts at floor skip + 1, moved on by each hidden floor the
 * viewer does not see at or before it (replies_target_hidden: hidden replies are few).
 */
async function firstFloorOf(q: Queryable, target: TargetRow, skip: number, viewerId: number | null): Promise<number> {
  const hidden = await q.query<{ floor: number }>(
    `SELECT floor FROM replies WHERE target_type = $1 AND target_id = $2 AND hidden_at IS NOT NULL
       AND author_id IS DISTINCT FROM $3::bigint ORDER BY floor`,
    [target.type, target.id, viewerId],
  );
  let first = skip + 1;
  for (const { floor } of hidden) {
    if (floor > first) break;
    first += 1;
  }
  return first;
}

/**
 * /topic/replyPage: numbered pages (up to LIST_MAX_PAGE), oldest first; total is the kept counter.
 * Each page is read from its first floor on (firstFloorOf), as cheap at page 50 as at page 1.
 */
export async function pageTopicReplies(
  q: Queryable,
  target: TargetRow,
  request: { page: number; pageSize: number },
  viewerId: number | null,
): Promise<Page<Reply>> {
  const { page, pageSize } = request;
  assertPageDepth(page);
  const first = page === 1 ? 1 : await firstFloorOf(q, target, (page - 1) * pageSize, viewerId);
  const rows = await replyRows(
    q,
    viewerId,
    `${OF_TARGET} AND r.floor >= $5`,
    [target.type, target.id, pageSize, first],
    'ORDER BY r.floor LIMIT $4',
  );
  return { list: await toReplies(q, rows, target, viewerId), total: target.total, page, pageSize };
}

/** Whether the target has a reply on that floor (deleted or hidden ones included). */
export async function hasFloor(q: Queryable, target: TargetRow, floor: number): Promise<boolean> {
  const row = await q.one('SELECT 1 AS found FROM replies WHERE target_type = $1 AND target_id = $2 AND floor = $3', [
    target.type,
    target.id,
    floor,
  ]);
  return row !== undefined;
}

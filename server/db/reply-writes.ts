/**
 * Replies and comments: the write side. Every counter changes in the statement or transaction that
 * writes its row: a new reply takes its floor with `floor_count + 1` on the target's row (whose row
 * lock orders concurrent replies) and counts itself there (reply_count, or comment_count and the
 * rating sums of a movie); a deletion clears the text, keeps the floor and uncounts the reply once;
 * a like adds its reply_likes row and the reply's likes together. Run these inside Db.tx.
 */
import type { ReplyTarget } from '../../contract/enums.ts';
import type { Queryable } from './db.ts';

export interface TakenFloor {
  floor: number;
}

/**
 * Takes the next floor of the target and counts the new reply (with its rating, for a movie);
 * undefined when the target does not exist.
 */
export function takeFloor(
  q: Queryable,
  type: ReplyTarget,
  id: number,
  rating: number | null,
): Promise<TakenFloor | undefined> {
  return type === 'post'
    ? q.one<TakenFloor>(
        `UPDATE posts SET floor_count = floor_count + 1, reply_count = reply_count + 1
         WHERE id = $1 RETURNING floor_count AS floor`,
        [id],
      )
    : q.one<TakenFloor>(
        `UPDATE movies SET floor_count = floor_count + 1, comment_count = comment_count + 1,
           rating_sum = rating_sum + coalesce($2::int, 0), rating_count = rating_count + ($2::int IS NOT NULL)::int
         WHERE id = $1 RETURNING floor_count AS floor`,
        [id, rating],
      );
}

export interface NewReply {
  targetType: ReplyTarget;
  targetId: number;
  floor: number;
  authorId: number;
  body: string;
  images: readonly string[];
  quoteId: number | null;
  mentions: readonly number[];
  rating: number | null;
  now: number;
}

export async function insertReply(q: Queryable, reply: NewReply): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO replies (target_type, target_id, floor, author_id, body, images, quote_id, mentions, rating, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::bigint[], $9, $10::timestamptz) RETURNING id`,
    [
      reply.targetType,
      reply.targetId,
      reply.floor,
      reply.authorId,
      reply.body,
      JSON.stringify(reply.images),
      reply.quoteId,
      reply.mentions,
      reply.rating,
      new Date(reply.now).toISOString(),
    ],
  );
  return row!.id;
}

/** The reply quoteId may quote under the target: its author, when it exists there and is neither deleted nor hidden. */
export const quotable = (q: Queryable, type: ReplyTarget, targetId: number, quoteId: number) =>
  q.one<{ authorId: number | null }>(
    `SELECT author_id AS "authorId" FROM replies WHERE id = $1 AND target_type = $2 AND target_id = $3
       AND deleted_at IS NULL AND hidden_at IS NULL`,
    [quoteId, type, targetId],
  );

/** The ids of `ids` that are users of the site. */
export async function usersOfSite(q: Queryable, siteId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await q.query<{ id: number }>('SELECT id FROM users WHERE site_id = $1 AND id = ANY($2::bigint[])', [
    siteId,
    ids,
  ]);
  return new Set(rows.map((row) => row.id));
}

/** Whether the member already has a rated comment (not deleted) under the movie. */
export async function hasRated(q: Queryable, movieId: number, userId: number): Promise<boolean> {
  const row = await q.one(
    `SELECT 1 AS rated FROM replies WHERE target_type = 'movie' AND target_id = $1 AND author_id = $2
       AND rating IS NOT NULL AND deleted_at IS NULL`,
    [movieId, userId],
  );
  return row !== undefined;
}

/** A reply as the like and delete calls need it, locked against a concurrent like or delete. */
export interface LockedReply {
  id: number;
  targetType: ReplyTarget;
  targetId: number;
  floor: number;
  authorId: number | null;
  body: string;
  rating: number | null;
  likes: number;
  deleted: boolean;
  hidden: boolean;
}

export const lockReply = (q: Queryable, id: number): Promise<LockedReply | undefined> =>
  q.one<LockedReply>(
    `SELECT id, target_type AS "targetType", target_id AS "targetId", floor, author_id AS "authorId", body, rating,
       likes, deleted_at IS NOT NULL AS deleted, hidden_at IS NOT NULL AS hidden
     FROM replies WHERE id = $1 FOR NO KEY UPDATE`,
    [id],
  );

/** Clears the reply's text, images and mentions, keeping its floor, and uncounts it on its target. */
export async function markDeleted(q: Queryable, reply: LockedReply): Promise<void> {
  await q.query(
    `UPDATE replies SET deleted_at = now(), body = '', images = '[]'::jsonb, mentions = '{}' WHERE id = $1`,
    [reply.id],
  );
  if (reply.targetType === 'post') {
    await q.query('UPDATE posts SET reply_count = reply_count - 1 WHERE id = $1', [reply.targetId]);
  } else {
    await q.query(
      `UPDATE movies SET comment_count = comment_count - 1, rating_sum = rating_sum - coalesce($2::int, 0),
         rating_count = rating_count - ($2::int IS NOT NULL)::int WHERE id = $1`,
      [reply.targetId, reply.rating],
    );
  }
}

/** Sets the member's like of the (locked) reply; answers its likes and whether this call added a like. */
export async function setReplyLike(
  q: Queryable,
  userId: number,
  reply: LockedReply,
  like: boolean,
): Promise<{ likes: number; added: boolean }> {
  const changed = like
    ? await q.one(
        'INSERT INTO reply_likes (user_id, reply_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1 AS changed',
        [userId, reply.id],
      )
    : await q.one('DELETE FROM reply_likes WHERE user_id = $1 AND reply_id = $2 RETURNING 1 AS changed', [
        userId,
        reply.id,
      ]);
  if (!changed) return { likes: reply.likes, added: false };
  const row = await q.one<{ likes: number }>('UPDATE replies SET likes = likes + $2 WHERE id = $1 RETURNING likes', [
    reply.id,
    like ? 1 : -1,
  ]);
  return { likes: row!.likes, added: like };
}

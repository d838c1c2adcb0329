/**
 * What the notice and push tests share: a post and a movie to reply under, members made through
 * the calls (a guest per device, with a known nickname), replies through /reply/create, and, for
 * cases the calls cannot make, replies written as rows and notices added as the reply engine adds
 * them (addNotices inside Db.tx).
 */
import { randomUUID } from 'node:crypto';
import type { Reply } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import type { ReplyTarget } from '../../contract/enums.ts';
import type { Db } from '../db/db.ts';
import { addNotices, type NewNotice } from '../db/notices.ts';
import { dataOf } from './content-fixture.ts';
import type { Harness } from './harness.ts';

export const NX = {
  category: 7001,
  post: 7101,
  postTitle: '通知测试帖',
  movie: 7201,
  movieTitle: '通知测试片',
} as const;

/** The post and the movie; the post is the author's when one is given (setPostAuthor). */
export async function seedNoticeTargets(db: Db): Promise<void> {
  await db.exec(`
    INSERT INTO categories (id, parent_id, name, route, topic_id, icon, sort, depth)
      VALUES (${NX.category}, NULL, '通知测试', NULL, NULL, NULL, 99, 1);
    INSERT INTO movies (id, title, description, poster, duration_s, category_id, access, year, published_at)
      VALUES (${NX.movie}, '${NX.movieTitle}', '', 'posters/n', 60, ${NX.category}, 'free', 2026, now());
    INSERT INTO episodes (movie_id, number, video, duration_s, state) VALUES (${NX.movie}, 1, 'videos/n', 60, 'ready');
    INSERT INTO posts (id, kind, category_id, author_id, title, body, created_at)
      VALUES (${NX.post}, 'topic', ${NX.category}, NULL, '${NX.postTitle}', '正文', now());`);
}

export async function setPostAuthor(db: Db, userId: number): Promise<void> {
  await db.query('UPDATE posts SET author_id = $1 WHERE id = $2', [userId, NX.post]);
}

export interface Member {
  id: number;
  token: string;
  deviceId: string;
  nickname: string;
}

/** A new member (a guest of a fresh device) with the given nickname. */
export async function newMember(h: Harness, nickname: string): Promise<Member> {
  const guest = await h.client.registerGuest();
  await h.db.query('UPDATE users SET nickname = $2 WHERE id = $1', [guest.info.id, nickname]);
  return { id: guest.info.id, token: guest.token, deviceId: guest.deviceId, nickname };
}

export interface WrittenReply {
  id: number;
  floor: number;
  body: string;
  targetType: ReplyTarget;
  targetId: number;
}

/** A reply row on the target's next floor, its counters raised as the reply engine does. */
export async function writeReply(
  db: Db,
  authorId: number,
  body: string,
  target: { targetType: ReplyTarget; targetId: number } = { targetType: 'post', targetId: NX.post },
): Promise<WrittenReply> {
  const counters =
    target.targetType === 'post'
      ? 'UPDATE posts SET floor_count = floor_count + 1, reply_count = reply_count + 1 WHERE id = $1 RETURNING floor_count AS floor'
      : 'UPDATE movies SET floor_count = floor_count + 1, comment_count = comment_count + 1 WHERE id = $1 RETURNING floor_count AS floor';
  const row = await db.tx(async (q) => {
    const { floor } = (await q.one<{ floor: number }>(counters, [target.targetId]))!;
    return q.one<{ id: number; floor: number }>(
      `INSERT INTO replies (target_type, target_id, floor, author_id, body, created_at)
       VALUES ($1, $2, $3, $4, $5, now()) RETURNING id, floor`,
      [target.targetType, target.targetId, floor, authorId, body],
    );
  });
  return { ...row!, body, ...target };
}

/** The notice of a reply (or a mention or like of it) to `userId`, with the link a client opens. */
export function noticeOf(type: NewNotice['type'], userId: number, actorId: number, reply: WrittenReply): NewNotice {
  const path = reply.targetType === 'post' ? `/topic/${reply.targetId}` : `/movie/${reply.targetId}`;
  return {
    userId,
    type,
    actorId,
    replyId: reply.id,
    targetType: reply.targetType,
    targetId: reply.targetId,
    excerpt: reply.body,
    link: `${path}?floor=${reply.floor}`,
  };
}

export const notify = (db: Db, notices: readonly NewNotice[]): Promise<void> => db.tx((q) => addNotices(q, notices));

/** A reply through /reply/create (to the post unless told otherwise). */
export const replyVia = (
  h: Harness,
  member: Member,
  body: string,
  extra: { targetType?: ReplyTarget; targetId?: number; mentions?: number[]; quoteId?: number } = {},
): Promise<Reply> =>
  dataOf<Reply>(
    h.client,
    API.replyCreate,
    { targetType: 'post', targetId: NX.post, body, idempotencyKey: randomUUID(), ...extra },
    member.token,
  );

/**
 * What the notice and push tests share: a post and a movie to reply under, members made through
 * the calls (a guest per device, with a known nickname), replies written as rows with their
 * floors, and notices added the way the reply engine adds them (addNotices inside Db.tx).
 */
import type { ReplyTarget } from '../../contract/enums.ts';
import type { Db } from '../db/db.ts';
import { addNotices, type NewNotice } from '../db/notices.ts';
import type { Harness } from './harness.ts';

export const NX = {
  category: 7001,
  post: 7101,
  postTitle: '通知测试帖',
  movie: 7201,
  movieTitle: '通知测试片',
} as const;

export async function seedNoticeTargets(db: Db): Promise<void> {
  await db.exec(`
    INSERT INTO categories (id, parent_id, name, route, topic_id, icon, sort, depth)
      VALUES (${NX.category}, NULL, '通知测试', NULL, NULL, NULL, 99, 1);
    INSERT INTO movies (id, title, description, poster, video, duration_s, category_id, access, year, published_at)
      VALUES (${NX.movie}, '${NX.movieTitle}', '', 'posters/n', 'videos/n', 60, ${NX.category}, 'free', 2026, now());
    INSERT INTO posts (id, kind, category_id, author_id, title, body, created_at)
      VALUES (${NX.post}, 'topic', ${NX.category}, NULL, '${NX.postTitle}', '正文', now());`);
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

/** A reply row on the next floor of the target. */
export async function writeReply(
  db: Db,
  authorId: number,
  body: string,
  target: { targetType: ReplyTarget; targetId: number } = { targetType: 'post', targetId: NX.post },
): Promise<WrittenReply> {
  const row = await db.one<{ id: number; floor: number }>(
    `INSERT INTO replies (target_type, target_id, floor, author_id, body, created_at)
     SELECT $1, $2, coalesce(max(floor), 0) + 1, $3, $4, now() FROM replies WHERE target_type = $1 AND target_id = $2
     RETURNING id, floor`,
    [target.targetType, target.targetId, authorId, body],
  );
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

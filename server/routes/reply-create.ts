/**
 * /reply/create: a reply under a post or a comment under a movie, written once per idempotency key
 * in one transaction: the text screened (sensitive words, the same text within a minute), the
 * target's next floor taken and its counters raised, the quote, mentions and rating checked, the
 * row written, a topic's forum counted for today, and the notices (reply to the post's author and
 * to the quoted reply's author, mention to each mentioned user) queued. Any refusal rolls it all back.
 */
import type { z } from 'zod';
import type { replyCreateSchema } from '../../contract/calls/community.ts';
import type { Reply } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { plainText } from '../../contract/rich-text.ts';
import { ApiError, invalidParams } from '../api-error.ts';
import { onceByKey } from '../db/call-keys.ts';
import { sqlState, UNIQUE_VIOLATION, type Db, type Queryable } from '../db/db.ts';
import { countForumWrite } from '../db/forum.ts';
import { addNotices, type NewNotice } from '../db/notices.ts';
import { findTarget, floorLink, replyById, type TargetRow } from '../db/replies.ts';
import { hasRated, insertReply, quotable, takeFloor, usersOfSite } from '../db/reply-writes.ts';
import { siteDay } from '../db/site-day.ts';
import { refuseRepeat, screenText } from '../moderation/text-screen.ts';
import { isStoredImage } from '../uploads/images/image-upload.ts';
import { notFound } from './lookups.ts';

type CreatePayload = z.output<typeof replyCreateSchema>;

const RATED_TWICE = '你已经评过分了';

export const targetNotFound = (type: 'post' | 'movie', id: number): string =>
  type === 'post' ? `内容不存在：${id}` : `影片不存在：${id}`;

/** The images as /topic/publish takes them: urls of stored uploads, duplicates dropped. */
export async function storedImages(images: readonly string[], uploadDir: string): Promise<string[]> {
  const unique = [...new Set(images)];
  for (const url of unique) {
    if (!(await isStoredImage(url, uploadDir))) throw invalidParams(`images 中的图片不存在：${url.slice(0, 80)}`);
  }
  return unique;
}

interface Writer {
  userId: number;
  siteId: number;
  now: number;
}

async function checkRefs(q: Queryable, p: CreatePayload, writer: Writer, mentions: number[]) {
  const quote = p.quoteId === undefined ? undefined : await quotable(q, p.targetType, p.targetId, p.quoteId);
  if (p.quoteId !== undefined && !quote) throw invalidParams(`quoteId 不是这里可引用的回复：${p.quoteId}`);
  const known = await usersOfSite(q, writer.siteId, mentions);
  const unknown = mentions.filter((id) => !known.has(id));
  if (unknown.length > 0) throw invalidParams(`mentions 中的用户不存在：${unknown.join('、')}`);
  if (p.rating !== undefined && (await hasRated(q, p.targetId, writer.userId)))
    throw new ApiError(Code.AlreadyDone, RATED_TWICE);
  return quote;
}

async function write(q: Queryable, p: CreatePayload, writer: Writer, images: string[]): Promise<Reply> {
  const body = await screenText(q, 'reply', p.body);
  await refuseRepeat(q, 'reply', writer.userId, body);
  const rating = p.rating ?? null;
  const target: TargetRow | undefined = await findTarget(q, p.targetType, p.targetId, writer.userId);
  const taken = target && (await takeFloor(q, p.targetType, p.targetId, rating));
  if (!target || !taken) throw notFound(targetNotFound(p.targetType, p.targetId));
  const mentions = [...new Set(p.mentions)];
  const quote = await checkRefs(q, p, writer, mentions);
  const { floor } = taken;
  const id = await insertReply(q, {
    targetType: p.targetType,
    targetId: p.targetId,
    floor,
    authorId: writer.userId,
    body,
    images,
    quoteId: p.quoteId ?? null,
    mentions,
    rating,
    now: writer.now,
  });
  if (target.kind === 'topic' && target.categoryId !== null)
    await countForumWrite(q, target.categoryId, siteDay(writer.now));
  const notice = (userId: number, type: NewNotice['type']): NewNotice => ({
    userId,
    type,
    actorId: writer.userId,
    replyId: id,
    targetType: p.targetType,
    targetId: p.targetId,
    excerpt: plainText(body),
    link: floorLink(target, floor),
  });
  const replied = new Set([target.authorId, quote?.authorId].filter((user): user is number => user != null));
  await addNotices(q, [
    ...[...replied].map((user) => notice(user, 'reply')),
    ...mentions.map((user) => notice(user, 'mention')),
  ]);
  return replyById(q, target, id, writer.userId);
}

export async function createReply(db: Db, p: CreatePayload, writer: Writer, uploadDir: string): Promise<Reply> {
  if (p.rating !== undefined && p.targetType !== 'movie') throw invalidParams('rating 只能用于影片的评论');
  const images = await storedImages(p.images, uploadDir);
  try {
    return await db.tx((q) =>
      onceByKey(q, writer.userId, API.replyCreate, p.idempotencyKey, () => write(q, p, writer, images)),
    );
  } catch (error) {
    // Two rated comments of one member racing: the index replies_one_rating lets one through.
    if (sqlState(error) === UNIQUE_VIOLATION && String(error).includes('replies_one_rating'))
      throw new ApiError(Code.AlreadyDone, RATED_TWICE);
    throw error;
  }
}

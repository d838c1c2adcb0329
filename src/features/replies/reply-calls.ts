/**
 * The calls of replies and movie comments (docs/api.md "Community"; one engine for both, by
 * `targetType`). Pages go by cursor and are never cached: a list must show another member's reply
 * on its next fetch. A new reply and a like carry an idempotency key and are queued by
 * api/offline-queue.ts when there is no network, sent once back online; a queued reply is answered
 * here as `{ queued: true }`.
 */
import { call } from '../../api/client.ts';
import { sendOrQueue } from '../../api/offline-queue.ts';
import type { ReplyPage } from '../../../contract/calls/community.ts';
import type { Reply, UserBrief } from '../../../contract/calls/content.ts';
import type { ReplySort, ReplyTarget } from '../../../contract/enums.ts';
import { API } from '../../../contract/calls/paths.ts';

export interface ReplyTargetRef {
  type: ReplyTarget;
  id: number;
}

export const targetKey = (target: ReplyTargetRef): string => `${target.type}:${target.id}`;

export const getReplyPage = (
  target: ReplyTargetRef,
  sort: ReplySort,
  cursor: string | null,
  pageSize: number,
): Promise<ReplyPage> =>
  call(
    API.replyPage,
    { targetType: target.type, targetId: target.id, sort, pageSize, ...(cursor ? { cursor } : {}) },
    { cache: false, offline: true, toast: false },
  );

/** The cursor that makes a page start at this floor (null: the floor is the first page's). */
export const getFloorCursor = (target: ReplyTargetRef, floor: number): Promise<{ cursor: string | null }> =>
  call(API.replyFloor, { targetType: target.type, targetId: target.id, floor }, { toast: false });

export interface NewReply {
  body: string;
  images: string[];
  quoteId?: number;
  mentions: number[];
  rating?: number;
  idempotencyKey: string;
}

export type SendResult = { queued: false; reply: Reply } | { queued: true };

/** Sends a reply now, or queues it (same key) when the network is down. Refusals reject with the server's msg. */
export async function sendReply(target: ReplyTargetRef, reply: NewReply): Promise<SendResult> {
  const queuedMark = { id: 0 } as Reply;
  const answer = await sendOrQueue(
    API.replyCreate,
    { targetType: target.type, targetId: target.id, ...reply },
    queuedMark,
  );
  return answer === queuedMark ? { queued: true } : { queued: false, reply: answer };
}

/** Sets the viewer's like to `next`; the server's state and count, or `next` when queued offline. */
export const likeReply = (id: number, next: { liked: boolean; likes: number }) =>
  sendOrQueue(API.replyLike, { id, like: next.liked }, next);

export const deleteReply = (id: number): Promise<{ deleted: boolean }> => call(API.replyDelete, { id });

/** Nicknames that start with or contain the keyword, for the @ autocomplete. */
export const suggestUsers = (keyword: string): Promise<UserBrief[]> =>
  call(API.userSuggest, { keyword }, { cache: true, toast: false });

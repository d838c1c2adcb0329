/**
 * Replies of posts and comments of movies: one engine (contract/calls/community.ts). Writing is
 * reply-create.ts; here the page by cursor, the cursor of a floor, likes and deletion. A like and a
 * deletion each run in one transaction with their counters; a like once per idempotency key.
 */
import {
  replyCreateSchema,
  replyDeleteSchema,
  replyFloorSchema,
  replyLikeSchema,
  replyPageSchema,
} from '../../contract/calls/community.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { plainText } from '../../contract/rich-text.ts';
import { ApiError } from '../api-error.ts';
import { onceByKey } from '../db/call-keys.ts';
import { addNotices } from '../db/notices.ts';
import { findTarget, floorLink, hasFloor, pageReplies } from '../db/replies.ts';
import { oldestFrom } from '../db/reply-cursor.ts';
import { lockReply, markDeleted, setReplyLike } from '../db/reply-writes.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { found, notFound } from './lookups.ts';
import { createReply, targetNotFound } from './reply-create.ts';

const replyNotFound = (id: number): string => `回复不存在：${id}`;

export const replyCalls: readonly Call[] = [
  defineCall({
    path: API.replyCreate,
    schema: replyCreateSchema,
    auth: 'user',
    handler: ({ db, payload, user, site, now, config }) =>
      createReply(db, payload, { userId: user.id, siteId: site.id, now }, config.UPLOAD_DIR),
  }),
  defineCall({
    path: API.replyPage,
    schema: replyPageSchema,
    auth: 'optional',
    handler: async ({ db, payload, user }) => {
      const target = found(
        await findTarget(db, payload.targetType, payload.targetId, user?.id ?? null),
        targetNotFound(payload.targetType, payload.targetId),
      );
      return pageReplies(db, target, payload, user?.id ?? null);
    },
  }),
  defineCall({
    path: API.replyFloor,
    schema: replyFloorSchema,
    auth: 'none',
    handler: async ({ db, payload }) => {
      const target = found(
        await findTarget(db, payload.targetType, payload.targetId),
        targetNotFound(payload.targetType, payload.targetId),
      );
      if (!(await hasFloor(db, target, payload.floor))) throw notFound(`楼层不存在：${payload.floor}`);
      return { cursor: oldestFrom(payload.floor) };
    },
  }),
  defineCall({
    path: API.replyLike,
    schema: replyLikeSchema,
    auth: 'user',
    handler: ({ db, payload, user }) =>
      db.tx((q) =>
        onceByKey(q, user.id, API.replyLike, payload.idempotencyKey, async () => {
          const reply = await lockReply(q, payload.id);
          const target = reply && (await findTarget(q, reply.targetType, reply.targetId, user.id));
          const gone = !target || reply.deleted || reply.hidden;
          if (!reply || (payload.like && gone)) throw notFound(replyNotFound(payload.id));
          const { likes, added } = await setReplyLike(q, user.id, reply, payload.like);
          if (added && target && reply.authorId !== null) {
            await addNotices(q, [
              {
                userId: reply.authorId,
                type: 'like',
                actorId: user.id,
                replyId: reply.id,
                targetType: reply.targetType,
                targetId: reply.targetId,
                excerpt: plainText(reply.body),
                link: floorLink(target, reply.floor),
              },
            ]);
          }
          return { liked: payload.like, likes };
        }),
      ),
  }),
  defineCall({
    path: API.replyDelete,
    schema: replyDeleteSchema,
    auth: 'user',
    handler: ({ db, payload, user }) =>
      db.tx(async (q) => {
        const reply = found(await lockReply(q, payload.id), replyNotFound(payload.id));
        if (reply.authorId !== user.id) throw new ApiError(Code.NotAllowed, '只能删除自己的回复');
        if (!reply.deleted) await markDeleted(q, reply);
        return { deleted: true };
      }),
  }),
];

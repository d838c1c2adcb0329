/** The inbox: notices per recipient and their unread counts (contract/calls/community.ts). */
import { emptySchema } from '../../contract/calls/account.ts';
import { noticePageSchema, noticeReadSchema } from '../../contract/calls/community.ts';
import { API } from '../../contract/calls/paths.ts';
import { invalidParams } from '../api-error.ts';
import { markRead, pageNotices, unreadCounts } from '../db/notices.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';

/** A notice cursor is the id the next page starts below. */
function beforeIdOf(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = /^[1-9]\d{0,15}$/.test(cursor) ? Number(cursor) : NaN;
  if (!Number.isSafeInteger(id)) throw invalidParams('cursor 无效');
  return id;
}

export const noticeCalls: readonly Call[] = [
  defineCall({
    path: API.noticePage,
    schema: noticePageSchema,
    auth: 'user',
    handler: ({ db, user, payload }) =>
      pageNotices(db, user.id, {
        type: payload.type,
        beforeId: beforeIdOf(payload.cursor),
        pageSize: payload.pageSize,
      }),
  }),
  defineCall({
    path: API.noticeUnread,
    schema: emptySchema,
    auth: 'user',
    handler: ({ db, user }) => unreadCounts(db, user.id),
  }),
  defineCall({
    path: API.noticeRead,
    schema: noticeReadSchema,
    auth: 'user',
    handler: ({ db, user, payload }) =>
      db.tx(async (q) => {
        await markRead(q, user.id, payload);
        return unreadCounts(q, user.id);
      }),
  }),
];

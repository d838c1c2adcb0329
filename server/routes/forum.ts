/** Forum groups (the children of '/forum', each with a topicId) with their topic counts and 今日 counts. */
import { emptyPayloadSchema, topicIdSchema } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { findForumGroup, forumGroups } from '../db/forum.ts';
import { siteDay } from '../db/site-day.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { found } from './lookups.ts';

export const forumCalls: readonly Call[] = [
  defineCall({
    path: API.forumList,
    schema: emptyPayloadSchema,
    auth: 'none',
    handler: ({ db, now }) => forumGroups(db, siteDay(now)),
  }),
  defineCall({
    path: API.forumDetail,
    schema: topicIdSchema,
    auth: 'none',
    handler: async ({ db, payload, now }) =>
      found(await findForumGroup(db, payload.topicId, siteDay(now)), `版块不存在：${payload.topicId}`),
  }),
];

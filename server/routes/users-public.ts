/** Public user pages of the request's site: the authors list, one user's profile, the @mention suggestions. */
import { userSuggestSchema } from '../../contract/calls/community.ts';
import { idSchema, listPageSchema } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { findProfile, pageAuthors } from '../db/public-users.ts';
import { suggestUsers } from '../db/user-suggest.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { found } from './lookups.ts';

export const publicUserCalls: readonly Call[] = [
  defineCall({
    path: API.userPage,
    schema: listPageSchema,
    auth: 'none',
    handler: ({ db, site, payload }) => pageAuthors(db, site.id, payload),
  }),
  defineCall({
    path: API.userDetail,
    schema: idSchema,
    auth: 'none',
    handler: async ({ db, site, payload }) =>
      found(await findProfile(db, site.id, payload.id), `用户不存在：${payload.id}`),
  }),
  defineCall({
    path: API.userSuggest,
    schema: userSuggestSchema,
    auth: 'none',
    handler: ({ db, site, payload }) => suggestUsers(db, site.id, payload.keyword),
  }),
];

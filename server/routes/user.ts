/** The signed-in user's own record: /current (refresh after a change) and /getUserInfo. */
import { emptySchema } from '../../contract/calls/account.ts';
import { API } from '../../contract/calls/paths.ts';
import { toUserInfo } from '../db/users.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';

export const userCalls: readonly Call[] = [
  defineCall({ path: API.current, schema: emptySchema, auth: 'user', handler: async ({ user }) => toUserInfo(user) }),
  defineCall({
    path: API.getUserInfo,
    schema: emptySchema,
    auth: 'user',
    handler: async ({ user }) => toUserInfo(user),
  }),
];

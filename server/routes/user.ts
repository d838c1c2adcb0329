/** The signed-in user's own record: /current (refresh after a change) and /getUserInfo. */
import { emptySchema } from '../../contract/calls/account.ts';
import { API } from '../../contract/calls/paths.ts';
import { markActiveDeviceOnce } from '../db/daily-stats.ts';
import { siteDay } from '../db/site-day.ts';
import { toUserInfo } from '../db/users.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';

export const userCalls: readonly Call[] = [
  defineCall({
    path: API.current,
    schema: emptySchema,
    auth: 'user',
    // The app asks once per page load: the device counts as active today (daily-stats.ts), written
    // once per process and day.
    handler: async ({ db, user, session, now }) => {
      await markActiveDeviceOnce(db, user.siteId, siteDay(now), session.deviceId ?? `user:${user.id}`, user.id);
      return toUserInfo(user);
    },
  }),
  defineCall({
    path: API.getUserInfo,
    schema: emptySchema,
    auth: 'user',
    handler: async ({ user }) => toUserInfo(user),
  }),
];

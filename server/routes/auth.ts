/**
 * Sign-in calls (docs/api.md): silent device registration and sign-in, account sign-in with
 * an encrypted payload, binding an account and password to the current (guest) user.
 */
import {
  accountCredentialsSchema,
  accountSignInSchema,
  deviceSignInSchema,
  type SignInData,
} from '../../contract/calls/account.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { hashPassword, verifyNothing, verifyPassword } from '../auth/password.ts';
import { markActiveDevice } from '../db/daily-stats.ts';
import { sqlState, UNIQUE_VIOLATION, type Queryable } from '../db/db.ts';
import { openSession } from '../db/sessions.ts';
import { siteDay } from '../db/site-day.ts';
import {
  bindDeviceToUser,
  ensureDeviceUser,
  findUserByAccount,
  findUserByDevice,
  setAccount,
  toUserInfo,
  type User,
} from '../db/users.ts';
import { ApiError, invalidParams } from '../api-error.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';

async function signIn(
  q: Queryable,
  user: User,
  deviceId: string | null,
  ttlSeconds: number,
  now: number,
): Promise<SignInData> {
  const token = await openSession(q, { userId: user.id, siteId: user.siteId, deviceId, ttlSeconds });
  await markActiveDevice(q, user.siteId, siteDay(now), deviceId ?? `user:${user.id}`, user.id);
  return { info: toUserInfo(user), token };
}

const alreadyBound = (account?: string) =>
  new ApiError(Code.AlreadyDone, account ? `已绑定账号 ${account}，不能重复绑定` : '已绑定账号，不能重复绑定');

export const authCalls: readonly Call[] = [
  defineCall({
    path: API.registerDevice,
    schema: deviceSignInSchema,
    auth: 'none',
    // Idempotent: a device that is already registered is simply signed in again.
    handler: ({ payload, site, db, config, now }) =>
      db.tx(async (q) => {
        const user = await ensureDeviceUser(q, site.id, payload.deviceId, siteDay(now));
        return signIn(q, user, payload.deviceId, config.SESSION_TTL_SECONDS, now);
      }),
  }),

  defineCall({
    path: API.loginDevice,
    schema: deviceSignInSchema,
    auth: 'none',
    handler: ({ payload, site, db, config, now }) =>
      db.tx(async (q) => {
        const user = await findUserByDevice(q, site.id, payload.deviceId);
        if (!user) throw new ApiError(Code.NotFound, '设备未注册，请先注册');
        return signIn(q, user, payload.deviceId, config.SESSION_TTL_SECONDS, now);
      }),
  }),

  defineCall({
    path: API.loginAccount,
    schema: accountSignInSchema,
    auth: 'optional',
    handler: async ({ payload, site, session, db, config, now }) => {
      const user = await findUserByAccount(db, site.id, payload.account);
      const valid = user?.passwordHash
        ? await verifyPassword(payload.password, user.passwordHash)
        : await verifyNothing(payload.password);
      if (!user || !valid) throw new ApiError(Code.InvalidParams, '账号或密码错误');
      const deviceId = payload.deviceId ?? session?.deviceId ?? null;
      return db.tx(async (q) => {
        if (deviceId) await bindDeviceToUser(q, site.id, deviceId, user.id);
        return signIn(q, user, deviceId, config.SESSION_TTL_SECONDS, now);
      });
    },
  }),

  defineCall({
    path: API.bindAccount,
    schema: accountCredentialsSchema,
    auth: 'user',
    handler: async ({ payload, user, db }) => {
      if (user.account) throw alreadyBound(user.account);
      const passwordHash = await hashPassword(payload.password);
      try {
        const updated = await setAccount(db, user.id, payload.account, passwordHash);
        if (!updated) throw alreadyBound(); // bound meanwhile by a concurrent call
        return toUserInfo(updated);
      } catch (error) {
        if (sqlState(error) === UNIQUE_VIOLATION) throw invalidParams(`account ${payload.account} 已被占用，请换一个`);
        throw error;
      }
    },
  }),
];

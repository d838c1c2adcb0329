/**
 * Users of a site and the devices that sign in as them. A device signs in as the user in
 * user_devices: the one it registered, or the account's user after it signed in by account.
 */
import type { UserInfo } from '../../contract/calls/account.ts';
import { addStats } from './daily-stats.ts';
import type { Queryable } from './db.ts';
import { guestNickname, storeSkeleton, type CheckedNickname } from './nickname-skeletons.ts';
import { indexUser } from '../search/index-writes.ts';

export interface User {
  id: number;
  siteId: number;
  deviceId: string;
  account: string | null;
  passwordHash: string | null;
  nickname: string;
  avatar: string;
  vipExpireAt: Date | null;
  coins: number;
  points: number;
  createdAt: Date;
}

/** Columns of `users u` as a User. */
export const USER_COLUMNS = `u.id, u.site_id AS "siteId", u.device_id AS "deviceId", u.account,
  u.password_hash AS "passwordHash", u.nickname, u.avatar, u.vip_expire_at AS "vipExpireAt",
  u.coins, u.points, u.created_at AS "createdAt"`;

/** Served from public/ by the PWA build. */
export const DEFAULT_AVATAR = '/avatar/default.svg';

export function toUserInfo(user: User, now: number = Date.now()): UserInfo {
  const vipExpireAt = user.vipExpireAt ? user.vipExpireAt.getTime() : null;
  return {
    id: user.id,
    nickname: user.nickname,
    avatar: user.avatar,
    account: user.account,
    isVip: vipExpireAt !== null && vipExpireAt > now,
    vipExpireAt,
    coins: user.coins,
    points: user.points,
    createdAt: user.createdAt.getTime(),
  };
}

export const findUserByDevice = (q: Queryable, siteId: number, deviceId: string): Promise<User | undefined> =>
  q.one<User>(
    `SELECT ${USER_COLUMNS} FROM user_devices d JOIN users u ON u.id = d.user_id
     WHERE d.site_id = $1 AND d.device_id = $2`,
    [siteId, deviceId],
  );

export const findUserByAccount = (q: Queryable, siteId: number, account: string): Promise<User | undefined> =>
  q.one<User>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.site_id = $1 AND lower(u.account) = lower($2)`, [
    siteId,
    account,
  ]);

/**
 * The user a device signs in as, created as a guest on its first registration. Safe when the same
 * device registers twice at once: the second insert does nothing and both read the same binding.
 * Run it inside a transaction.
 */
export async function ensureDeviceUser(q: Queryable, siteId: number, deviceId: string, day?: string): Promise<User> {
  const bound = await findUserByDevice(q, siteId, deviceId);
  if (bound) return bound;
  const name = await guestNickname(q, siteId);
  const created = await q.one<{ id: number }>(
    `INSERT INTO users (site_id, device_id, nickname, nickname_skeleton, avatar) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (site_id, device_id) DO NOTHING RETURNING id`,
    [siteId, deviceId, name.nickname, name.skeleton, DEFAULT_AVATAR],
  );
  if (created) {
    await q.query(
      `INSERT INTO user_devices (site_id, device_id, user_id) VALUES ($1, $2, $3)
       ON CONFLICT (site_id, device_id) DO NOTHING`,
      [siteId, deviceId, created.id],
    );
    // The dashboard's new users of the day (Asia/Shanghai), in this transaction.
    if (day) await addStats(q, siteId, created.id, [{ day, delta: { new_users: 1 } }]);
    await indexUser(q, created.id);
  }
  const user = await findUserByDevice(q, siteId, deviceId);
  if (!user) throw new Error(`device ${deviceId} has no user after its registration`);
  return user;
}

/** From now on the device signs in as this user. */
export async function bindDeviceToUser(q: Queryable, siteId: number, deviceId: string, userId: number): Promise<void> {
  await q.query(
    `INSERT INTO user_devices (site_id, device_id, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (site_id, device_id) DO UPDATE SET user_id = EXCLUDED.user_id, bound_at = now()`,
    [siteId, deviceId, userId],
  );
}

/**
 * Sets account and password on a user that has none. Returns the updated user, or undefined when
 * the user already has an account. Throws the driver's unique violation when the account is taken.
 */
export const setAccount = (
  q: Queryable,
  userId: number,
  account: string,
  passwordHash: string,
): Promise<User | undefined> =>
  q.one<User>(
    `UPDATE users u SET account = $2, password_hash = $3 WHERE u.id = $1 AND u.account IS NULL
     RETURNING ${USER_COLUMNS}`,
    [userId, account, passwordHash],
  );

/**
 * Changes the nickname (checked by server/names/nicknames.ts checkNickname) and/or the avatar
 * (undefined: unchanged); answers the updated user.
 */
export async function updateProfile(
  q: Queryable,
  userId: number,
  change: { nickname?: CheckedNickname | undefined; avatar?: string | undefined },
): Promise<User | undefined> {
  const user = await q.one<User>(
    `UPDATE users u SET nickname = coalesce($2, u.nickname), avatar = coalesce($3, u.avatar) WHERE u.id = $1
     RETURNING ${USER_COLUMNS}`,
    [userId, change.nickname?.nickname ?? null, change.avatar ?? null],
  );
  if (change.nickname !== undefined) {
    await storeSkeleton(q, userId, change.nickname.skeleton);
    await indexUser(q, userId);
  }
  return user;
}

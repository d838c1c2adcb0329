/** Whether the user's VIP runs now: the server's isVip, unless the expiry passed while the app stayed open. */
import type { UserInfo } from '../../../contract/calls/account.ts';

export const isVipActive = (info: Pick<UserInfo, 'isVip' | 'vipExpireAt'>, now = Date.now()): boolean =>
  info.isVip && (info.vipExpireAt === null || info.vipExpireAt > now);

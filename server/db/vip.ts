/** VIP time: an extension starts at the later of now and the current expiry. */
import type { Queryable } from './db.ts';

/** Adds days of VIP to the user; answers the new expiry. Run it in the transaction that pays for it. */
export async function extendVip(q: Queryable, userId: number, days: number, now: number): Promise<Date> {
  const row = await q.one<{ vipExpireAt: Date }>(
    `UPDATE users SET vip_expire_at = GREATEST(vip_expire_at, $2::timestamptz) + make_interval(days => $3)
     WHERE id = $1 RETURNING vip_expire_at AS "vipExpireAt"`,
    [userId, new Date(now).toISOString(), days],
  );
  if (!row) throw new Error(`user ${userId} not found while extending VIP`);
  return row.vipExpireAt;
}

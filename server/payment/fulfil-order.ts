/**
 * Credits a paid order, exactly once: the conditional pending → paid switch (orders.ts) and the
 * credit (VIP days, or coins through the ledger) in one transaction. A repeated notify finds the
 * order paid and credits nothing.
 */
import { addStats } from '../db/daily-stats.ts';
import type { Queryable } from '../db/db.ts';
import { changeCoins } from '../db/ledger.ts';
import { markOrderPaid } from '../db/orders.ts';
import { siteDay } from '../db/site-day.ts';
import { extendVip } from '../db/vip.ts';

/** True when this call credited the order; false when it was paid before. Run it inside Db.tx. */
export async function fulfilOrder(q: Queryable, orderNo: string, tradeNo: string, now: number): Promise<boolean> {
  const order = await markOrderPaid(q, orderNo, tradeNo, now);
  if (!order) return false;
  // The dashboard: revenue on the day it was paid; the deposit paid on the day it started.
  await addStats(q, order.siteId, order.userId, [
    { day: siteDay(now), delta: { revenue_fen: order.amountFen } },
    { day: siteDay(order.createdAt.getTime()), delta: { deposits_paid: 1 } },
  ]);
  if (order.kind === 'vip') {
    await extendVip(q, order.userId, order.vipDays ?? 0, now);
  } else {
    const delta = (order.coins ?? 0) + (order.bonusCoins ?? 0);
    await changeCoins(q, { userId: order.userId, delta, type: 'deposit', title: order.title, ref: `order:${orderNo}` });
  }
  return true;
}

/** Starting a deposit: the order and the payUrl of its sandbox cashier page, on this server. */
import type { FastifyRequest } from 'fastify';
import type { DepositOrder } from '../../contract/calls/member.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { addStats } from '../db/daily-stats.ts';
import { createOrder, type NewOrder } from '../db/orders.ts';
import { siteDay } from '../db/site-day.ts';
import { baseUrlOf } from './base-url.ts';
import { CASHIER_PREFIX } from './payment-plugin.ts';

export async function startDeposit(
  ctx: { db: Db; config: Config; req: FastifyRequest; now: number },
  order: NewOrder,
): Promise<DepositOrder> {
  const created = await ctx.db.tx(async (q) => {
    const made = await createOrder(q, order, ctx.now);
    await addStats(q, order.siteId, order.userId, [{ day: siteDay(ctx.now), delta: { deposits_created: 1 } }]);
    return made;
  });
  return { orderNo: created.orderNo, payUrl: `${baseUrlOf(ctx.config, ctx.req)}${CASHIER_PREFIX}${created.orderNo}` };
}

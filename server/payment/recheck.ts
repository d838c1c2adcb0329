/**
 * 重新查询 of a pending (or failed) order, for the console and for the member's 查询: ask the
 * gateway (order-query.ts); a paid answer credits through fulfilOrder, the notify's own path, so
 * whatever arrives first (the notify or a recheck) credits and the other finds the order paid; a
 * failed answer marks the order failed. `inTx` runs in the transaction of that outcome (the
 * console's audit row).
 */
import type { RecheckOutcome } from '../../contract/admin/money.ts';
import type { Queryable } from '../db/db.ts';
import { findOrder, markOrderFailed, type Order } from '../db/orders.ts';
import { fulfilOrder } from './fulfil-order.ts';
import { queryGateway, type QueryDeps } from './order-query.ts';

export interface Recheck {
  outcome: RecheckOutcome;
  /** What the gateway said, or why nothing was asked. */
  note: string;
  order: Order;
}

export const RECHECK_MESSAGES: Record<RecheckOutcome, string> = {
  credited: '支付网关确认已支付，订单已入账',
  already: '订单已支付，无需查询',
  unpaid: '支付网关尚未收到这笔订单的付款',
  failed: '支付网关返回支付失败',
  error: '支付网关的应答无法确认，请稍后再试',
};

export async function recheckOrder(
  deps: QueryDeps,
  order: Order,
  inTx: (q: Queryable, outcome: RecheckOutcome, note: string) => Promise<void> = async () => {},
): Promise<Recheck> {
  const { db, now } = deps;
  if (order.status === 'paid' || order.status === 'refunded') {
    await db.tx((q) => inTx(q, 'already', '无需查询'));
    return { outcome: 'already', note: '无需查询', order };
  }
  const reading = await queryGateway(deps, order);
  const outcome = await db.tx(async (q): Promise<RecheckOutcome> => {
    let result: RecheckOutcome = reading.state === 'paid' ? 'already' : reading.state;
    if (reading.state === 'paid') {
      result = (await fulfilOrder(q, order.orderNo, reading.tradeNo, now)) ? 'credited' : 'already';
    } else if (reading.state === 'failed') {
      await markOrderFailed(q, order.orderNo);
    }
    await inTx(q, result, reading.note);
    return result;
  });
  return { outcome, note: reading.note, order: (await findOrder(db, order.orderNo)) ?? order };
}

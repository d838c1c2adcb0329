/**
 * Refunding a paid order, once: in one transaction the order row is locked (a concurrent refund
 * waits, then finds it refunded and answers the first refund again), the user's row too, and what
 * is left of what the order credited is taken back, never below zero:
 * - coins: min(coins + bonus credited, the current balance), a ledger row of type 'refund';
 * - VIP: the order's days not yet used, min(days, expiry − now), so the expiry moves back at most
 *   by the order's days and never before now.
 * The order becomes 'refunded' by a conditional update and a refunds row (unique per order) says
 * what was reversed and the money owed back in proportion (to the nearest fen). The dashboard's
 * refunds count on the day the order was paid, so a day's net revenue is that of its orders. The
 * sandbox moves no money: a real gateway's refund call would send refundFen back to the payer.
 * previewRefund answers the same figures without changing anything, for the console's dialog.
 */
import type { RefundPreview, RefundRecord } from '../../contract/admin/money.ts';
import { vipSpan } from '../../contract/admin/vip-span.ts';
import { addStats } from '../db/daily-stats.ts';
import type { Queryable } from '../db/db.ts';
import { changeCoins } from '../db/ledger.ts';
import { lockOrder, type Order } from '../db/orders.ts';
import { siteDay } from '../db/site-day.ts';
import { fenToYuan } from './money.ts';

const DAY_S = 86_400;

export interface RefundRequest {
  orderNo: string;
  reason: string;
  operatorId: number | null;
  now: number;
}

export type RefundAnswer =
  | { kind: 'missing' }
  | { kind: 'not-paid'; order: Order }
  | { kind: 'done'; order: Order; refund: RefundRecord; replayed: boolean };

type RefundFigures = Pick<RefundRecord, 'unit' | 'credited' | 'reversed' | 'refundFen'>;

/**
 * What the console shows: what comes back, and what does not because it was used; in the past
 * tense once done, in the future for the dialog's preview.
 */
export function refundMessage(r: RefundFigures, tense: 'done' | 'preview' = 'done'): string {
  const money = `应退款 ¥${fenToYuan(r.refundFen)}`;
  const kept = r.credited - r.reversed;
  const will = tense === 'preview';
  if (r.unit === 'coins') {
    const back = will ? '将退回' : '已退回';
    if (r.reversed === 0)
      return `这笔订单的 ${r.credited} 金币已全部被使用，${will ? '不会' : '未'}退回金币，${money}。`;
    if (kept === 0) return `${back} ${r.reversed} 金币，${money}。`;
    return `${back} ${r.reversed} 金币，另有 ${kept} 金币已被使用，不予退回，${money}。`;
  }
  const back = will ? '将收回' : '已收回';
  if (r.reversed === 0)
    return `这笔订单的 ${vipSpan(r.credited)}会员已全部使用，${will ? '不会' : '未'}收回会员时长，${money}。`;
  if (kept === 0) return `${back} ${vipSpan(r.reversed)}会员，${money}。`;
  return `${back} ${vipSpan(r.reversed)}会员，另有 ${vipSpan(kept)}已使用，不予退回，${money}。`;
}

interface RefundRow {
  orderNo: string;
  operatorId: number | null;
  username: string | null;
  reason: string;
  unit: RefundRecord['unit'];
  credited: number;
  reversed: number;
  refundFen: number;
  createdAt: Date;
}

export async function refundOf(q: Queryable, orderNo: string): Promise<RefundRecord | null> {
  const row = await q.one<RefundRow>(
    `SELECT r.order_no AS "orderNo", r.operator_id AS "operatorId", o.username, r.reason, r.unit, r.credited,
            r.reversed, r.refund_fen AS "refundFen", r.created_at AS "createdAt"
       FROM refunds r LEFT JOIN operators o ON o.id = r.operator_id WHERE r.order_no = $1`,
    [orderNo],
  );
  if (!row) return null;
  return {
    orderNo: row.orderNo,
    operator: row.operatorId === null ? null : { id: row.operatorId, username: row.username ?? '' },
    reason: row.reason,
    unit: row.unit,
    credited: row.credited,
    reversed: row.reversed,
    refundFen: row.refundFen,
    partial: row.reversed < row.credited,
    message: refundMessage(row),
    at: row.createdAt.getTime(),
  };
}

/**
 * What a refund of the order would take back now: what is left of its credit, never more than the
 * balance or the VIP time ahead. `lock` takes the user's row for the refund's transaction.
 */
async function planRefund(q: Queryable, order: Order, now: number, lock: boolean): Promise<RefundFigures> {
  const forUpdate = lock ? ' FOR UPDATE' : '';
  const user = await q.one<{ coins: number; vipExpireAt: Date | null }>(
    `SELECT coins, vip_expire_at AS "vipExpireAt" FROM users WHERE id = $1${forUpdate}`,
    [order.userId],
  );
  const [unit, credited, left]: [RefundRecord['unit'], number, number] =
    order.kind === 'coin'
      ? ['coins', (order.coins ?? 0) + (order.bonusCoins ?? 0), user?.coins ?? 0]
      : [
          'vip_seconds',
          (order.vipDays ?? 0) * DAY_S,
          Math.max(0, Math.floor(((user?.vipExpireAt?.getTime() ?? 0) - now) / 1000)),
        ];
  const reversed = Math.min(credited, left);
  const refundFen = credited > 0 ? Math.round((order.amountFen * reversed) / credited) : 0;
  return { unit, credited, reversed, refundFen };
}

/** Takes back what the plan says, in the refund's transaction. */
async function reverse(q: Queryable, order: Order, plan: RefundFigures): Promise<void> {
  if (plan.reversed === 0) return;
  if (plan.unit === 'coins') {
    await changeCoins(q, {
      userId: order.userId,
      delta: -plan.reversed,
      type: 'refund',
      title: `退款：${order.title}`,
      ref: `refund:${order.orderNo}`,
    });
    return;
  }
  await q.query(`UPDATE users SET vip_expire_at = vip_expire_at - $2::bigint * interval '1 second' WHERE id = $1`, [
    order.userId,
    plan.reversed,
  ]);
}

/** The refund's figures as they stand now, changing nothing; null unless the order is paid. */
export async function previewRefund(q: Queryable, order: Order, now: number): Promise<RefundPreview | null> {
  if (order.status !== 'paid') return null;
  const plan = await planRefund(q, order, now, false);
  return { ...plan, partial: plan.reversed < plan.credited, message: refundMessage(plan, 'preview') };
}

/** Run inside Db.tx, with the audit row of the caller in the same transaction. */
export async function refundOrder(q: Queryable, request: RefundRequest): Promise<RefundAnswer> {
  const order = await lockOrder(q, request.orderNo);
  if (!order) return { kind: 'missing' };
  if (order.status === 'refunded') {
    const refund = await refundOf(q, order.orderNo);
    if (refund) return { kind: 'done', order, refund, replayed: true };
  }
  if (order.status !== 'paid') return { kind: 'not-paid', order };
  const plan = await planRefund(q, order, request.now, true);
  await reverse(q, order, plan);
  const { unit, credited, reversed, refundFen } = plan;
  const switched = await q.one<{ status: string }>(
    `UPDATE orders SET status = 'refunded' WHERE order_no = $1 AND status = 'paid' RETURNING status`,
    [order.orderNo],
  );
  if (!switched) throw new Error(`order ${order.orderNo} changed under its lock`);
  if (refundFen > 0) {
    const paidDay = siteDay((order.paidAt ?? order.createdAt).getTime());
    await addStats(q, order.siteId, order.userId, [{ day: paidDay, delta: { refund_fen: refundFen } }]);
  }
  await q.query(
    `INSERT INTO refunds (order_no, user_id, operator_id, reason, unit, credited, reversed, refund_fen, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz)`,
    [
      order.orderNo,
      order.userId,
      request.operatorId,
      request.reason,
      unit,
      credited,
      reversed,
      refundFen,
      new Date(request.now).toISOString(),
    ],
  );
  const refund = (await refundOf(q, order.orderNo))!;
  return { kind: 'done', order: { ...order, status: 'refunded' }, refund, replayed: false };
}

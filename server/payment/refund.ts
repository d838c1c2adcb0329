/**
 * Refunding a paid order, once: in one transaction the order row is locked (a concurrent refund
 * waits, then finds it refunded and answers the first refund again), the user's row too, and what
 * is left of what the order credited is taken back, never below zero:
 * - coins: min(coins + bonus credited, the current balance), a ledger row of type 'refund';
 * - VIP: the order's days not yet used, min(days, expiry − now), so the expiry moves back at most
 *   by the order's days and never before now.
 * The order becomes 'refunded' by a conditional update and a refunds row (unique per order) says
 * what was reversed and the money owed back in proportion (fen, rounded down). The sandbox moves
 * no money: a real gateway's refund call would send refundFen back to the payer.
 */
import type { RefundRecord } from '../../contract/admin/money.ts';
import type { Queryable } from '../db/db.ts';
import { changeCoins } from '../db/ledger.ts';
import { lockOrder, type Order } from '../db/orders.ts';
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

const days = (seconds: number): string => {
  const value = Math.round((seconds / DAY_S) * 10) / 10;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
};

/** What the console shows: what came back, and what did not because it was used. */
export function refundMessage(r: Pick<RefundRecord, 'unit' | 'credited' | 'reversed' | 'refundFen'>): string {
  const money = `应退款 ¥${fenToYuan(r.refundFen)}`;
  const kept = r.credited - r.reversed;
  if (r.unit === 'coins') {
    if (r.reversed === 0) return `这笔订单的 ${r.credited} 金币已全部被使用，未退回金币，${money}。`;
    if (kept === 0) return `已退回 ${r.reversed} 金币，${money}。`;
    return `已退回 ${r.reversed} 金币，另有 ${kept} 金币已被使用，不予退回，${money}。`;
  }
  if (r.reversed === 0) return `这笔订单的 ${days(r.credited)} 天会员已全部使用，未收回会员时长，${money}。`;
  if (kept === 0) return `已收回 ${days(r.reversed)} 天会员，${money}。`;
  return `已收回 ${days(r.reversed)} 天会员，另有 ${days(kept)} 天已使用，不予退回，${money}。`;
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

/** Reverses what is left of the order's credit; returns [unit, credited, reversed]. */
async function reverse(q: Queryable, order: Order, now: number): Promise<[RefundRecord['unit'], number, number]> {
  if (order.kind === 'coin') {
    const credited = (order.coins ?? 0) + (order.bonusCoins ?? 0);
    const user = await q.one<{ coins: number }>('SELECT coins FROM users WHERE id = $1 FOR UPDATE', [order.userId]);
    const reversed = Math.min(credited, user?.coins ?? 0);
    if (reversed > 0) {
      await changeCoins(q, {
        userId: order.userId,
        delta: -reversed,
        type: 'refund',
        title: `退款：${order.title}`,
        ref: `refund:${order.orderNo}`,
      });
    }
    return ['coins', credited, reversed];
  }
  const credited = (order.vipDays ?? 0) * DAY_S;
  const user = await q.one<{ vipExpireAt: Date | null }>(
    'SELECT vip_expire_at AS "vipExpireAt" FROM users WHERE id = $1 FOR UPDATE',
    [order.userId],
  );
  const unused = Math.max(0, Math.floor(((user?.vipExpireAt?.getTime() ?? 0) - now) / 1000));
  const reversed = Math.min(credited, unused);
  if (reversed > 0) {
    await q.query(`UPDATE users SET vip_expire_at = vip_expire_at - $2::bigint * interval '1 second' WHERE id = $1`, [
      order.userId,
      reversed,
    ]);
  }
  return ['vip_seconds', credited, reversed];
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
  const [unit, credited, reversed] = await reverse(q, order, request.now);
  const refundFen = Math.floor((order.amountFen * reversed) / credited);
  const switched = await q.one<{ status: string }>(
    `UPDATE orders SET status = 'refunded' WHERE order_no = $1 AND status = 'paid' RETURNING status`,
    [order.orderNo],
  );
  if (!switched) throw new Error(`order ${order.orderNo} changed under its lock`);
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

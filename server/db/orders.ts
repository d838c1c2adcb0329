/**
 * Deposit orders of the payment sandbox. An order copies what it will credit (VIP days, coins) at
 * creation. markOrderPaid is the conditional pending → paid switch: of any number of concurrent
 * notifies for one order exactly one gets the row back, and only that one credits.
 */
import { randomInt } from 'node:crypto';
import { UNPAID_ORDER_STATUSES, type OrderKind, type OrderStatus, type PayType } from '../../contract/enums.ts';
import type { Queryable } from './db.ts';

export interface Order {
  orderNo: string;
  siteId: number;
  userId: number;
  kind: OrderKind;
  payType: PayType;
  title: string;
  amountFen: number;
  planId: number | null;
  vipDays: number | null;
  packageId: number | null;
  coins: number | null;
  bonusCoins: number | null;
  status: OrderStatus;
  tradeNo: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

const COLUMNS = `order_no AS "orderNo", site_id AS "siteId", user_id AS "userId", kind, pay_type AS "payType", title,
  amount_fen AS "amountFen", plan_id AS "planId", vip_days AS "vipDays", package_id AS "packageId", coins,
  bonus_coins AS "bonusCoins", status, trade_no AS "tradeNo", created_at AS "createdAt", paid_at AS "paidAt"`;

export type NewOrder = Pick<Order, 'siteId' | 'userId' | 'kind' | 'payType' | 'title' | 'amountFen'> &
  (
    | { kind: 'vip'; planId: number; vipDays: number }
    | { kind: 'coin'; packageId: number; coins: number; bonusCoins: number }
  );

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** 'YYYYMMDDHHmmss' (UTC) + V or C + 9 random characters: 24 of [0-9A-Z], sortable by time. */
export function newOrderNo(kind: OrderKind, now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  const tail = Array.from({ length: 9 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${stamp}${kind === 'vip' ? 'V' : 'C'}${tail}`;
}

export async function createOrder(q: Queryable, order: NewOrder, now: number): Promise<Order> {
  const vip = order.kind === 'vip' ? order : null;
  const coin = order.kind === 'coin' ? order : null;
  const row = await q.one<Order>(
    `INSERT INTO orders (order_no, site_id, user_id, kind, pay_type, title, amount_fen, plan_id, vip_days,
                         package_id, coins, bonus_coins, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
    [
      newOrderNo(order.kind, now),
      order.siteId,
      order.userId,
      order.kind,
      order.payType,
      order.title,
      order.amountFen,
      vip?.planId ?? null,
      vip?.vipDays ?? null,
      coin?.packageId ?? null,
      coin?.coins ?? null,
      coin?.bonusCoins ?? null,
      new Date(now).toISOString(),
    ],
  );
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

export const findOrder = (q: Queryable, orderNo: string): Promise<Order | undefined> =>
  q.one<Order>(`SELECT ${COLUMNS} FROM orders WHERE order_no = $1`, [orderNo]);

/**
 * Switches a pending order (or one the gateway had said failed, or one closed unpaid, then paid after
 * all) to paid; undefined when it was none of those (already paid, or refunded).
 */
export const markOrderPaid = (
  q: Queryable,
  orderNo: string,
  tradeNo: string,
  now: number,
): Promise<Order | undefined> =>
  q.one<Order>(
    `UPDATE orders SET status = 'paid', trade_no = $2, paid_at = $3::timestamptz
     WHERE order_no = $1 AND status = ANY($4::text[]) RETURNING ${COLUMNS}`,
    [orderNo, tradeNo, new Date(now).toISOString(), UNPAID_ORDER_STATUSES],
  );

/** Closes a pending order nobody paid in time (the gateway said unpaid); undefined when it was not pending. */
export const markOrderExpired = (q: Queryable, orderNo: string): Promise<Order | undefined> =>
  q.one<Order>(`UPDATE orders SET status = 'expired' WHERE order_no = $1 AND status = 'pending' RETURNING ${COLUMNS}`, [
    orderNo,
  ]);

/**
 * Pending orders made before `dueBefore` and not asked about since then, oldest first: the sweep's
 * next ones to ask the gateway about. Marked as asked at `now` in the same statement.
 */
export const claimOrdersToCheck = (
  q: Queryable,
  { dueBefore, now, limit }: { dueBefore: number; now: number; limit: number },
): Promise<Order[]> =>
  q.query<Order>(
    `UPDATE orders SET checked_at = $2::timestamptz
     WHERE order_no IN (SELECT order_no FROM orders
                        WHERE status = 'pending' AND created_at < $1::timestamptz
                          AND (checked_at IS NULL OR checked_at < $1::timestamptz)
                        ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`,
    [new Date(dueBefore).toISOString(), new Date(now).toISOString(), limit],
  );

/** Switches a pending order to failed (the gateway said so); undefined when it was not pending. */
export const markOrderFailed = (q: Queryable, orderNo: string): Promise<Order | undefined> =>
  q.one<Order>(`UPDATE orders SET status = 'failed' WHERE order_no = $1 AND status = 'pending' RETURNING ${COLUMNS}`, [
    orderNo,
  ]);

/** The order, its row locked until the transaction ends (a refund's first step). */
export const lockOrder = (q: Queryable, orderNo: string): Promise<Order | undefined> =>
  q.one<Order>(`SELECT ${COLUMNS} FROM orders WHERE order_no = $1 FOR UPDATE`, [orderNo]);

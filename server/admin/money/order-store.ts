/**
 * The console's reads of orders: a numbered page in a whitelisted order (made, paid or amount, ties
 * by order_no in the same direction; unpaid orders last by 支付时间) or a keyset page newest first
 * (created_at, then order_no: the cursor is the last row's order number), filtered by status, site,
 * user, kind and Shanghai days (of the order's making or of its payment), limited to the operator's
 * sites, with a numbered page the sums of everything the filters match; one order with its user,
 * its notifies and its refund.
 */
import {
  ORDER_LIMITS,
  type OrderDateBy,
  type OrderDetail,
  type OrderPage,
  type OrderRow,
  type OrderSort,
  type OrderSummary,
  type SortDir,
  type UserSummary,
} from '../../../contract/admin/money.ts';
import type { OrderKind, OrderStatus } from '../../../contract/enums.ts';
import type { Queryable } from '../../db/db.ts';
import { Filter } from '../../db/paging.ts';
import { notifiesOf } from '../../payment/notify-log.ts';
import { refundOf } from '../../payment/refund.ts';
import { dayAfter, dayStart } from './money-input.ts';

export interface OrderFilters {
  status?: OrderStatus;
  siteId?: number;
  userId?: number;
  kind?: OrderKind;
  from?: string;
  to?: string;
  dateBy?: OrderDateBy;
  /** Rows a page (ORDER_LIMITS.page unless asked). */
  limit?: number;
  cursor?: string;
  /** A numbered page (1 unless asked); ignored after a cursor. */
  page?: number;
  sort?: { column: OrderSort; dir: SortDir };
  /** The operator's sites; null: every site. */
  siteIds: number[] | null;
}

interface Row {
  orderNo: string;
  siteId: number;
  siteTitle: string;
  userId: number;
  nickname: string;
  kind: OrderKind;
  payType: OrderRow['payType'];
  title: string;
  amountFen: number;
  status: OrderStatus;
  tradeNo: string | null;
  createdAt: Date;
  paidAt: Date | null;
  coins: number | null;
  bonusCoins: number | null;
  vipDays: number | null;
}

const COLUMNS = `o.order_no AS "orderNo", o.site_id AS "siteId", s.title AS "siteTitle", o.user_id AS "userId", u.nickname, o.kind,
  o.pay_type AS "payType", o.title, o.amount_fen AS "amountFen", o.status, o.trade_no AS "tradeNo",
  o.created_at AS "createdAt", o.paid_at AS "paidAt", o.coins, o.bonus_coins AS "bonusCoins", o.vip_days AS "vipDays"`;

const toOrderRow = (row: Row): OrderRow => ({
  orderNo: row.orderNo,
  siteId: row.siteId,
  siteTitle: row.siteTitle,
  userId: row.userId,
  nickname: row.nickname,
  kind: row.kind,
  payType: row.payType,
  title: row.title,
  amountFen: row.amountFen,
  status: row.status,
  tradeNo: row.tradeNo,
  createdAt: row.createdAt.getTime(),
  paidAt: row.paidAt?.getTime() ?? null,
  coins: row.kind === 'coin' ? (row.coins ?? 0) + (row.bonusCoins ?? 0) : null,
  vipDays: row.kind === 'vip' ? row.vipDays : null,
});

const FROM = 'orders o JOIN users u ON u.id = o.user_id JOIN sites s ON s.id = o.site_id';

/** The filters' conditions without the cursor. */
function filterOf(f: OrderFilters): Filter {
  const at = f.dateBy === 'paid' ? 'o.paid_at' : 'o.created_at';
  return new Filter()
    .addIf('o.status = $?', f.status)
    .addIf('o.site_id = $?', f.siteId)
    .addIf('o.user_id = $?', f.userId)
    .addIf('o.kind = $?', f.kind)
    .addIf(`${at} >= $?::timestamptz`, f.from && dayStart(f.from))
    .addIf(`${at} < $?::timestamptz`, f.to && dayAfter(f.to))
    .addIf('o.site_id = ANY($?::int[])', f.siteIds ?? undefined);
}

interface SummaryRow {
  count: string;
  paidCount: string;
  revenueFen: string | null;
  refundFen: string | null;
}

async function summaryOf(q: Queryable, f: OrderFilters): Promise<OrderSummary> {
  const filter = filterOf(f);
  const row = (await q.one<SummaryRow>(
    `SELECT count(*) AS count, count(o.paid_at) AS "paidCount",
            sum(o.amount_fen) FILTER (WHERE o.paid_at IS NOT NULL) AS "revenueFen", sum(r.refund_fen) AS "refundFen"
       FROM orders o LEFT JOIN refunds r ON r.order_no = o.order_no ${filter.where}`,
    filter.params,
  ))!;
  const revenueFen = Number(row.revenueFen ?? 0);
  const refundFen = Number(row.refundFen ?? 0);
  return {
    count: Number(row.count),
    paidCount: Number(row.paidCount),
    revenueFen,
    refundFen,
    netFen: revenueFen - refundFen,
  };
}

const SORT_COLUMNS: Record<OrderSort, string> = {
  createdAt: 'o.created_at',
  paidAt: 'o.paid_at',
  amount: 'o.amount_fen',
};

/** The ORDER BY of a sort: whitelisted columns only, never the caller's text. */
function orderByOf(sort: OrderFilters['sort'] = { column: 'createdAt', dir: 'desc' }): string {
  const dir = sort.dir === 'asc' ? 'ASC' : 'DESC';
  const nulls = sort.column === 'paidAt' ? ' NULLS LAST' : '';
  return `${SORT_COLUMNS[sort.column]} ${dir}${nulls}, o.order_no ${dir}`;
}

export async function listOrders(q: Queryable, f: OrderFilters): Promise<OrderPage> {
  const newestFirst = !f.sort || (f.sort.column === 'createdAt' && f.sort.dir === 'desc');
  const filter = filterOf(f).addIf(
    '(o.created_at, o.order_no) < (SELECT c.created_at, c.order_no FROM orders c WHERE c.order_no = $?)',
    f.cursor,
  );
  const size = f.limit ?? ORDER_LIMITS.page;
  const offset = f.cursor ? 0 : ((f.page ?? 1) - 1) * size;
  const rows = await q.query<Row>(
    `SELECT ${COLUMNS} FROM ${FROM} ${filter.where} ORDER BY ${f.cursor ? orderByOf() : orderByOf(f.sort)}
      LIMIT ${size + 1} OFFSET ${offset}`,
    filter.params,
  );
  const list = rows.slice(0, size).map(toOrderRow);
  const summary = f.cursor ? null : await summaryOf(q, f);
  return {
    list,
    nextCursor: rows.length > size && (f.cursor || newestFirst) ? list.at(-1)!.orderNo : null,
    summary,
    total: summary?.count ?? null,
  };
}

export async function findOrderRow(q: Queryable, orderNo: string): Promise<OrderRow | undefined> {
  const row = await q.one<Row>(`SELECT ${COLUMNS} FROM ${FROM} WHERE o.order_no = $1`, [orderNo]);
  return row && toOrderRow(row);
}

export async function userSummary(q: Queryable, userId: number): Promise<UserSummary | undefined> {
  const row = await q.one<UserSummary & { createdAt: Date }>(
    `SELECT id, site_id AS "siteId", nickname, account, avatar, created_at AS "createdAt" FROM users WHERE id = $1`,
    [userId],
  );
  return row && { ...row, createdAt: row.createdAt.getTime() };
}

export async function orderDetail(q: Queryable, order: OrderRow): Promise<OrderDetail> {
  return {
    order,
    user: (await userSummary(q, order.userId))!,
    notifies: await notifiesOf(q, order.orderNo),
    refund: await refundOf(q, order.orderNo),
  };
}

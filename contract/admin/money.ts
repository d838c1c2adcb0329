/**
 * The console's money (docs/admin-api.md, "Money"): orders with the notifies each received,
 * 重新查询, refunds, users with their coin and points ledgers, manual adjustments. Types and the
 * fixed lists only; the server validates with zod of its own. Money in integer fen, coins and
 * points as integers, times in ms since epoch.
 */
import type { LedgerType, OrderKind, OrderStatus, PayType } from '../enums.ts';

export interface OrderRow {
  orderNo: string;
  siteId: number;
  siteTitle: string;
  userId: number;
  nickname: string;
  kind: OrderKind;
  payType: PayType;
  title: string;
  amountFen: number;
  status: OrderStatus;
  tradeNo: string | null;
  createdAt: number;
  paidAt: number | null;
  /** kind 'coin': coins + bonus coins credited when paid. */
  coins: number | null;
  /** kind 'vip': days of VIP credited when paid. */
  vipDays: number | null;
}

/** Which time the list's day range applies to: when the order was made, or when it was paid. */
export const ORDER_DATE_BY = ['created', 'paid'] as const;
export type OrderDateBy = (typeof ORDER_DATE_BY)[number];

/**
 * Every order the filters match, summed: the money taken (orders paid, whether refunded since or
 * not), the money owed back by their refunds and the difference. With the range on the day of
 * payment these are the dashboard's 收入, 退款 and 净收入 of the same days and site.
 */
export interface OrderSummary {
  count: number;
  paidCount: number;
  revenueFen: number;
  refundFen: number;
  netFen: number;
}

/**
 * Rows of an order page (`limit` up to pageMax, for the console's CSV export of at most exportMax);
 * `page` up to pages; at most bulk orders in one 批量重新查询.
 */
export const ORDER_LIMITS = { page: 50, pageMax: 500, exportMax: 10_000, pages: 10_000, bulk: 100 } as const;

/** How a list may be sorted: `sort=column:dir` (dir asc or desc), ties broken by the row's id in the same direction. */
export const SORT_DIRS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRS)[number];
/** The order list's columns to sort by (default createdAt:desc). */
export const ORDER_SORTS = ['createdAt', 'paidAt', 'amount'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
/** The user list's columns to sort by (default createdAt:desc); coins and points only for roles that see balances. */
export const USER_SORTS = ['createdAt', 'coins', 'points'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/**
 * GET /admin-api/orders: `limit` a page (50 unless asked), in `sort`'s order (newest first unless
 * asked), page `page` (1 unless asked), or after `cursor` (newest first only: nextCursor is the last
 * row's orderNo, null in any other order). Without a cursor: summary and total (= summary.count),
 * the sums of everything the filters match; with one, both null.
 */
export interface OrderPage {
  list: OrderRow[];
  nextCursor: string | null;
  summary: OrderSummary | null;
  total: number | null;
}

/** A notify the payment endpoint received, or an answer of the gateway's order query (重新查询). */
export interface NotifyRecord {
  id: number;
  source: 'notify' | 'query';
  params: Record<string, string>;
  signValid: boolean;
  /** notify: 'success' or 'fail' as answered; query: 'paid', 'unpaid', 'failed' or 'error'. */
  result: string;
  /** Why, in a few words (e.g. 已入账, 重复通知, 签名错误, 金额不符). */
  note: string;
  at: number;
}

export interface RefundRecord {
  orderNo: string;
  operator: { id: number; username: string } | null;
  reason: string;
  unit: 'coins' | 'vip_seconds';
  /** What the order credited: coins, or VIP seconds (days × 86400). */
  credited: number;
  /** What was taken back: never more than was left. */
  reversed: number;
  /** Money owed back to the payer, in proportion to what was reversed. */
  refundFen: number;
  partial: boolean;
  /** e.g. 已退回 300 金币，另有 200 金币已被使用，不予退回，应退款 ¥30.00。 */
  message: string;
  at: number;
}

export interface OrderDetail {
  order: OrderRow;
  user: UserSummary;
  notifies: NotifyRecord[];
  refund: RefundRecord | null;
}

/** POST /admin-api/orders/:orderNo/recheck: what the gateway said and what came of it. */
export type RecheckOutcome =
  /** Paid at the gateway; credited now, once. */
  | 'credited'
  /** Already paid (or refunded) here: nothing asked, nothing credited. */
  | 'already'
  /** The gateway has no payment for it. */
  | 'unpaid'
  /** The gateway says the payment failed; the order is now failed. */
  | 'failed'
  /** The gateway's answer could not be trusted (bad sign, wrong amount) or it did not answer. */
  | 'error';

export interface RecheckResult {
  outcome: RecheckOutcome;
  message: string;
  order: OrderRow;
}

/**
 * POST /admin-api/orders/recheck {orderNos} (at most ORDER_LIMITS.bulk): each pending order asked at
 * the gateway as 重新查询 asks one, in the order given; an order not pending is `skipped`.
 */
export interface BulkRecheckResult {
  results: Array<{ orderNo: string; outcome: RecheckOutcome | 'skipped'; order: OrderRow }>;
}

/** GET /admin-api/orders/:orderNo/refund-preview: what 退款 would do now, before the operator confirms. */
export type RefundPreview = Pick<RefundRecord, 'unit' | 'credited' | 'reversed' | 'refundFen' | 'partial' | 'message'>;

/** POST /admin-api/orders/:orderNo/refund: replayed when the order had been refunded before. */
export interface RefundResult {
  refund: RefundRecord;
  replayed: boolean;
  /** e.g. 已退回 300 金币，另有 200 金币已被使用，不予退回。 */
  message: string;
  order: OrderRow;
}

export interface UserSummary {
  id: number;
  siteId: number;
  nickname: string;
  account: string | null;
  avatar: string;
  createdAt: number;
}

export type UserRow = UserSummary & { coins: number | null; points: number | null; vipExpireAt: number | null };

/** Rows of a user page (`limit` up to pageMax, for the CSV export of at most exportMax); `page` up to pages. */
export const USER_LIMITS = { page: 50, pageMax: 500, exportMax: 10_000, pages: 10_000 } as const;

/**
 * GET /admin-api/users: `limit` a page (50 unless asked) in `sort`'s order (newest first unless
 * asked), page `page`, or after `cursor` (newest first only; nextCursor null in any other order);
 * total: every member the search matches.
 */
export interface UserPage {
  list: UserRow[];
  nextCursor: string | null;
  total: number;
}

export interface UserDetail extends UserSummary {
  siteTitle: string;
  /** null for a role that sees no balances (审核). */
  coins: number | null;
  points: number | null;
  vipExpireAt: number | null;
  devices: number;
  /** Mutes and bans in force (the moderation area's); null when the store keeps none. */
  sanctions: Array<{ kind: 'mute' | 'ban'; until: number | null; reason: string }> | null;
}

/**
 * GET /admin-api/users/:id/vip: how the member's VIP time came and went, newest first (at most
 * VIP_HISTORY_MAX): VIP orders paid, points exchanged for VIP days, VIP taken back by refunds.
 */
export interface VipEvent {
  source: 'order' | 'exchange' | 'refund';
  title: string;
  /** Seconds of VIP given (positive) or taken back (negative). */
  seconds: number;
  /** The order number (order, refund) or the exchange id. */
  ref: string;
  at: number;
}

export const VIP_HISTORY_MAX = 100;

export const LEDGER_ASSETS = ['coins', 'points'] as const;
export type LedgerAsset = (typeof LEDGER_ASSETS)[number];

export interface AdminLedgerEntry {
  id: number;
  type: LedgerType;
  title: string;
  delta: number;
  balanceAfter: number;
  ref: string | null;
  createdAt: number;
}

export interface AdminLedgerPage {
  list: AdminLedgerEntry[];
  nextCursor: string | null;
}

/** POST /admin-api/users/:id/adjust {asset, delta, reason}: the balance after. */
export interface AdjustResult {
  asset: LedgerAsset;
  delta: number;
  balance: number;
}

/** Largest |delta| of one manual adjustment. */
export const ADJUST_MAX = 10_000_000;
/** Longest refund or adjustment reason. */
export const REASON_MAX = 200;

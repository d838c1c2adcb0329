/** How a balance change and an order's and a member's CSV row read in the console (money: components/console-money.ts). */
import type { OrderRow, UserRow } from '../../../contract/admin/money.ts';
import { yuanText } from '../../components/console-money.ts';
import { consoleTime } from '../../components/console-time.ts';
import { moneyText } from './money-messages.ts';

export const formatDelta = (delta: number): string => (delta > 0 ? `+${delta}` : String(delta));

const columns = moneyText.orders.columns;

/** 导出 CSV of 订单: the table's columns and what the panel adds (支付时间, 交易号, 到账内容). */
export const ORDER_CSV_HEADER = [
  columns.orderNo,
  columns.createdAt,
  moneyText.order.paidAt,
  moneyText.orders.userId,
  columns.user,
  columns.site,
  columns.kind,
  columns.title,
  moneyText.orders.amountYuan,
  moneyText.order.credit,
  columns.payType,
  columns.status,
  moneyText.order.tradeNo,
];

export const orderCsvRow = (order: OrderRow): Array<string | number> => [
  order.orderNo,
  consoleTime(order.createdAt, true),
  order.paidAt === null ? '' : consoleTime(order.paidAt, true),
  order.userId,
  order.nickname,
  order.siteTitle,
  moneyText.kinds[order.kind],
  order.title,
  yuanText(order.amountFen),
  order.coins !== null ? moneyText.order.coins(order.coins) : moneyText.order.vipDays(order.vipDays ?? 0),
  moneyText.payTypes[order.payType],
  moneyText.statuses[order.status],
  order.tradeNo ?? '',
];

const userColumns = moneyText.users.columns;

/** 导出 CSV of 用户: the table's columns (金币 and 积分 only for a role that sees balances). */
export const userCsvHeader = (balances: boolean): string[] => [
  userColumns.id,
  userColumns.nickname,
  userColumns.account,
  userColumns.site,
  ...(balances ? [userColumns.coins, userColumns.points] : []),
  userColumns.vip,
  userColumns.createdAt,
];

export const userCsvRow =
  (balances: boolean, siteTitle: (siteId: number) => string) =>
  (user: UserRow): Array<string | number> => [
    user.id,
    user.nickname,
    user.account ?? '',
    siteTitle(user.siteId),
    ...(balances ? [user.coins ?? 0, user.points ?? 0] : []),
    user.vipExpireAt && user.vipExpireAt > Date.now() ? consoleTime(user.vipExpireAt, true) : '',
    consoleTime(user.createdAt, true),
  ];

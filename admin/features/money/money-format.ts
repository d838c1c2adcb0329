/** How a balance change and an order's CSV row read in the console (money: components/console-money.ts). */
import type { OrderRow } from '../../../contract/admin/money.ts';
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
  moneyText.orders.user,
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

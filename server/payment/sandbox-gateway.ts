/**
 * The payment sandbox's gateway side: its own record of the payments made (or failed) at its
 * cashier (sandbox_payments, written before the notify is sent, so a lost notify leaves the payment
 * known), and its epay-style order query, `/pay/api.php?act=order&pid=&out_trade_no=&sign=`:
 * signed like a notify, answered as signed JSON
 *   {code: '1', msg, pid, out_trade_no, trade_no, type, name, money, status: '1' paid | '0' not,
 *    trade_status: TRADE_SUCCESS | WAIT_BUYER_PAY | TRADE_FAILED, sign, sign_type}
 * or {code: '-1', msg} for a bad request. A real gateway keeps such records on its side.
 */
import type { Config } from '../config.ts';
import type { Queryable } from '../db/db.ts';
import { findOrder, type Order } from '../db/orders.ts';
import { verifyEpaySign, withSign, type PayParams } from './epay-sign.ts';
import { fenToYuan } from './money.ts';

export type SandboxStatus = 'paid' | 'failed';

export interface SandboxPayment {
  orderNo: string;
  tradeNo: string;
  amountFen: number;
  status: SandboxStatus;
  createdAt: Date;
}

const COLUMNS = `order_no AS "orderNo", trade_no AS "tradeNo", amount_fen AS "amountFen", status, created_at AS "createdAt"`;

/** The sandbox's trade number of an order. */
export const sandboxTradeNo = (orderNo: string): string => `SB${orderNo}`;

export const findSandboxPayment = (q: Queryable, orderNo: string): Promise<SandboxPayment | undefined> =>
  q.one<SandboxPayment>(`SELECT ${COLUMNS} FROM sandbox_payments WHERE order_no = $1`, [orderNo]);

/** Records a payment (or a failed one) at the cashier; the first record of an order stays. */
export async function recordSandboxPayment(
  q: Queryable,
  order: Pick<Order, 'orderNo' | 'amountFen'>,
  status: SandboxStatus,
  now: number,
): Promise<SandboxPayment> {
  await q.query(
    `INSERT INTO sandbox_payments (order_no, trade_no, amount_fen, status, created_at)
     VALUES ($1, $2, $3, $4, $5::timestamptz) ON CONFLICT (order_no) DO NOTHING`,
    [order.orderNo, sandboxTradeNo(order.orderNo), order.amountFen, status, new Date(now).toISOString()],
  );
  return (await findSandboxPayment(q, order.orderNo))!;
}

const refused = (msg: string): PayParams => ({ code: '-1', msg });

const shanghai = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

/** The gateway's answer to an order query. */
export async function answerOrderQuery(
  q: Queryable,
  config: Pick<Config, 'PAY_KEY' | 'PAY_PID'>,
  params: PayParams,
): Promise<PayParams> {
  if (params.act !== 'order') return refused('不支持的 act');
  if (params.pid !== config.PAY_PID || !verifyEpaySign(params, config.PAY_KEY)) return refused('商户号或签名错误');
  const orderNo = params.out_trade_no ?? '';
  const order = /^[0-9A-Z]{20,32}$/.test(orderNo) ? await findOrder(q, orderNo) : undefined;
  if (!order) return refused('订单不存在');
  const payment = await findSandboxPayment(q, orderNo);
  const paid = payment?.status === 'paid';
  const answer: PayParams = {
    code: '1',
    msg: 'succ',
    pid: config.PAY_PID,
    out_trade_no: orderNo,
    trade_no: payment?.tradeNo ?? '',
    type: order.payType,
    name: order.title,
    money: fenToYuan(payment?.amountFen ?? order.amountFen),
    status: paid ? '1' : '0',
    trade_status: paid ? 'TRADE_SUCCESS' : payment?.status === 'failed' ? 'TRADE_FAILED' : 'WAIT_BUYER_PAY',
    addtime: shanghai(order.createdAt),
    endtime: payment ? shanghai(payment.createdAt) : '',
  };
  return withSign(answer, config.PAY_KEY);
}

/**
 * Asking the gateway about one order (重新查询): the signed epay query, the signed answer checked
 * (merchant, sign, order number, amount in fen) and read as paid, unpaid or failed; anything that
 * cannot be trusted reads as 'error'. Every answer is recorded with the order's notifies. The
 * transport is the sandbox gateway in this process by default; a real gateway's would GET its
 * /api.php with the same params.
 */
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { Order } from '../db/orders.ts';
import { verifyEpaySign, withSign, type PayParams } from './epay-sign.ts';
import { yuanToFen } from './money.ts';
import { recordNotify } from './notify-log.ts';
import { answerOrderQuery } from './sandbox-gateway.ts';

export type GatewayTransport = (params: PayParams) => Promise<unknown>;

export interface GatewayReading {
  state: 'paid' | 'unpaid' | 'failed' | 'error';
  /** state 'paid': the gateway's trade number. */
  tradeNo: string;
  /** Why, for the record and the console. */
  note: string;
}

export interface QueryDeps {
  db: Db;
  config: Pick<Config, 'PAY_KEY' | 'PAY_PID'>;
  now: number;
  transport?: GatewayTransport;
}

/** The sandbox gateway of this server, called in process. */
export const sandboxTransport =
  (q: Queryable, config: Pick<Config, 'PAY_KEY' | 'PAY_PID'>): GatewayTransport =>
  (params) =>
    answerOrderQuery(q, config, params);

function asParams(value: unknown): PayParams | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const params: PayParams = {};
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'number') params[key] = String(field);
    else if (typeof field === 'string') params[key] = field;
    else return undefined;
  }
  return params;
}

function read(
  answer: PayParams | undefined,
  order: Order,
  config: QueryDeps['config'],
): GatewayReading & { signValid: boolean } {
  const error = (note: string, signValid = false) => ({ state: 'error' as const, tradeNo: '', note, signValid });
  if (!answer) return error('网关应答格式错误');
  if (answer.code !== '1') return error(`网关拒绝查询：${answer.msg ?? answer.code ?? '无说明'}`);
  if (answer.pid !== config.PAY_PID || !verifyEpaySign(answer, config.PAY_KEY)) return error('网关应答签名错误');
  if (answer.out_trade_no !== order.orderNo) return error('网关应答的订单号不符', true);
  const ok = (state: GatewayReading['state'], note: string, tradeNo = '') => ({
    state,
    tradeNo,
    note,
    signValid: true,
  });
  if (answer.status === '1' && answer.trade_status === 'TRADE_SUCCESS') {
    const tradeNo = answer.trade_no ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(tradeNo)) return error('网关应答的交易号格式错误', true);
    if (yuanToFen(answer.money) !== order.amountFen) return error(`金额不符（网关 ${answer.money ?? '空'} 元）`, true);
    return ok('paid', '网关确认已支付', tradeNo);
  }
  if (answer.trade_status === 'TRADE_FAILED') return ok('failed', '网关返回支付失败');
  return ok('unpaid', '网关未收到付款');
}

export async function queryGateway(deps: QueryDeps, order: Order): Promise<GatewayReading> {
  const transport = deps.transport ?? sandboxTransport(deps.db, deps.config);
  const params = withSign(
    {
      act: 'order',
      pid: deps.config.PAY_PID,
      out_trade_no: order.orderNo,
      timestamp: String(Math.floor(deps.now / 1000)),
    },
    deps.config.PAY_KEY,
  );
  let answer: PayParams | undefined;
  let reading: GatewayReading & { signValid: boolean };
  try {
    answer = asParams(await transport(params));
    reading = read(answer, order, deps.config);
  } catch {
    reading = { state: 'error', tradeNo: '', note: '网关无应答', signValid: false };
  }
  await recordNotify(deps.db, {
    source: 'query',
    orderNo: order.orderNo,
    params: answer ?? {},
    signValid: reading.signValid,
    result: reading.state,
    note: reading.note,
    at: deps.now,
  });
  return { state: reading.state, tradeNo: reading.tradeNo, note: reading.note };
}

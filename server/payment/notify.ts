/**
 * The epay-style payment notify: verify the merchant (pid) and the sign, then the order and its
 * amount in fen, then credit once. Answers the plain text the gateway expects: `success` when the
 * notify is handled (also for a repeat of a credited order, so the gateway stops retrying), `fail`
 * for a bad sign, an unknown order, a wrong amount or an error; a failed notify credits nothing.
 * Every notify is recorded with its answer and why (notify-log.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { findOrder } from '../db/orders.ts';
import { verifyEpaySign, type PayParams } from './epay-sign.ts';
import { fulfilOrder } from './fulfil-order.ts';
import { fenToYuan, yuanToFen } from './money.ts';
import { recordNotify } from './notify-log.ts';

export type NotifyAnswer = 'success' | 'fail';

export interface NotifyDeps {
  db: Db;
  config: Pick<Config, 'PAY_KEY' | 'PAY_PID'>;
  log: FastifyBaseLogger;
  now: number;
}

interface Handled {
  answer: NotifyAnswer;
  note: string;
  signValid: boolean;
}

async function handle(params: PayParams, { db, config, log, now }: NotifyDeps): Promise<Handled> {
  const orderNo = params.out_trade_no ?? '';
  const signValid = params.pid === config.PAY_PID && verifyEpaySign(params, config.PAY_KEY);
  if (!signValid) {
    log.warn({ orderNo }, 'payment notify refused: bad pid or sign');
    return { answer: 'fail', note: '商户号或签名错误', signValid };
  }
  const done = (answer: NotifyAnswer, note: string): Handled => ({ answer, note, signValid });
  if (params.trade_status !== 'TRADE_SUCCESS')
    return done('success', `交易状态 ${params.trade_status ?? '空'}，未入账`);
  const tradeNo = params.trade_no ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(tradeNo)) return done('fail', '交易号格式错误');
  const order = await findOrder(db, orderNo);
  if (!order) {
    log.warn({ orderNo }, 'payment notify for an unknown order');
    return done('fail', '订单不存在');
  }
  const fen = yuanToFen(params.money);
  if (fen !== order.amountFen) {
    log.warn({ orderNo, money: params.money, amountFen: order.amountFen }, 'payment notify refused: wrong amount');
    return done('fail', `金额不符（通知 ${params.money ?? '空'} 元，订单 ${fenToYuan(order.amountFen)} 元）`);
  }
  try {
    const credited = await db.tx((q) => fulfilOrder(q, orderNo, tradeNo, now));
    log.info({ orderNo, tradeNo, credited }, 'payment notify handled');
    return done('success', credited ? '已入账' : '重复通知，此前已入账');
  } catch (error) {
    log.error({ err: error, orderNo }, 'payment notify failed');
    return done('fail', '入账失败');
  }
}

export async function handleNotify(params: PayParams, deps: NotifyDeps): Promise<NotifyAnswer> {
  const handled = await handle(params, deps);
  try {
    await recordNotify(deps.db, {
      source: 'notify',
      orderNo: params.out_trade_no ?? '',
      params,
      signValid: handled.signValid,
      result: handled.answer,
      note: handled.note,
      at: deps.now,
    });
  } catch (error) {
    deps.log.error({ err: error }, 'payment notify not recorded');
  }
  return handled.answer;
}

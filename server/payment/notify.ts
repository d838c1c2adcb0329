/**
 * The epay-style payment notify: verify the merchant (pid) and the sign, then the order and its
 * amount in fen, then credit once. Answers the plain text the gateway expects: `success` when the
 * notify is handled (also for a repeat of a credited order, so the gateway stops retrying), `fail`
 * for a bad sign, an unknown order, a wrong amount or an error; a failed notify credits nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { findOrder } from '../db/orders.ts';
import { verifyEpaySign, type PayParams } from './epay-sign.ts';
import { fulfilOrder } from './fulfil-order.ts';
import { yuanToFen } from './money.ts';

export type NotifyAnswer = 'success' | 'fail';

export interface NotifyDeps {
  db: Db;
  config: Pick<Config, 'PAY_KEY' | 'PAY_PID'>;
  log: FastifyBaseLogger;
  now: number;
}

export async function handleNotify(params: PayParams, { db, config, log, now }: NotifyDeps): Promise<NotifyAnswer> {
  const orderNo = params.out_trade_no ?? '';
  if (params.pid !== config.PAY_PID || !verifyEpaySign(params, config.PAY_KEY)) {
    log.warn({ orderNo }, 'payment notify refused: bad pid or sign');
    return 'fail';
  }
  if (params.trade_status !== 'TRADE_SUCCESS') return 'success';
  const tradeNo = params.trade_no ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(tradeNo)) return 'fail';
  const order = await findOrder(db, orderNo);
  if (!order) {
    log.warn({ orderNo }, 'payment notify for an unknown order');
    return 'fail';
  }
  const fen = yuanToFen(params.money);
  if (fen !== order.amountFen) {
    log.warn({ orderNo, money: params.money, amountFen: order.amountFen }, 'payment notify refused: wrong amount');
    return 'fail';
  }
  try {
    const credited = await db.tx((q) => fulfilOrder(q, orderNo, tradeNo, now));
    log.info({ orderNo, tradeNo, credited }, 'payment notify handled');
    return 'success';
  } catch (error) {
    log.error({ err: error, orderNo }, 'payment notify failed');
    return 'fail';
  }
}

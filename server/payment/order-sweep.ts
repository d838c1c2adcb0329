/**
 * The pending orders nobody comes back to (docs/operations.md "Payments"): epay sends no notify for
 * a failed payment and a notify can be lost, so, in the process that runs the job workers, every
 * minute the pending orders at least ORDER_CHECK_MINUTES old and not asked about for as long are
 * asked about at the gateway (recheck.ts: paid credits, failed reads 支付失败), and one still unpaid
 * once ORDER_EXPIRE_MINUTES old is closed ('expired', 已关闭). At most BATCH orders a round, oldest
 * first; several processes share them (each order claimed by one: claimOrdersToCheck).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { claimOrdersToCheck, markOrderExpired } from '../db/orders.ts';
import type { GatewayTransport } from './order-query.ts';
import { recheckOrder } from './recheck.ts';
import { Rounds } from '../jobs/rounds.ts';

const MINUTE_MS = 60_000;
/** A round every minute. */
const ROUND_MS = MINUTE_MS;
const BATCH = 50;

export type SweepSettings = Pick<Config, 'ORDER_CHECK_MINUTES' | 'ORDER_EXPIRE_MINUTES' | 'PAY_KEY' | 'PAY_PID'>;

/** What one round did, by order number. */
export interface SweepRound {
  credited: string[];
  failed: string[];
  expired: string[];
}

export class OrderSweep {
  private readonly rounds = new Rounds(
    ROUND_MS,
    (now) => this.round(now),
    (error) => this.log.error({ err: error }, 'order sweep failed'),
  );

  constructor(
    private readonly db: Db,
    private readonly settings: SweepSettings,
    private readonly log: FastifyBaseLogger,
    private readonly transport?: GatewayTransport,
  ) {}

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round at `now`: asks the gateway about the orders due, closes the ones past their time. */
  async round(now: number): Promise<SweepRound> {
    const dueBefore = now - this.settings.ORDER_CHECK_MINUTES * MINUTE_MS;
    const orders = await claimOrdersToCheck(this.db, { dueBefore, now, limit: BATCH });
    const done: SweepRound = { credited: [], failed: [], expired: [] };
    for (const order of orders) {
      const { outcome } = await recheckOrder(
        { db: this.db, config: this.settings, now, transport: this.transport },
        order,
      );
      if (outcome === 'credited') done.credited.push(order.orderNo);
      else if (outcome === 'failed') done.failed.push(order.orderNo);
      else if (
        outcome === 'unpaid' &&
        now - order.createdAt.getTime() >= this.settings.ORDER_EXPIRE_MINUTES * MINUTE_MS &&
        (await markOrderExpired(this.db, order.orderNo))
      ) {
        done.expired.push(order.orderNo);
      }
    }
    if (orders.length > 0) this.log.info({ asked: orders.length, ...done }, 'pending orders swept');
    return done;
  }
}

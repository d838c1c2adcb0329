/**
 * The push job (docs/architecture.md "Community"): in each server process, every PUSH_POLL_MS it
 * claims the due push_deliveries (server/db/push.ts: a lease under FOR UPDATE SKIP LOCKED, so
 * processes never send one twice at once) and sends them (push-send.ts).
 * - A success marks the delivery sent.
 * - 404 or 410 (the subscription expired) drops the subscription with its deliveries; so does an
 *   endpoint no longer allowed (server/net/outbound.ts: HTTPS on a public host), unsent.
 * - A delivery with nothing to tell any more (the notice read, its reply deleted or hidden, its
 *   type no longer wanted) is dropped unsent.
 * - A request the service will never take (400, 401, 403, 413) fails at once; anything else is
 *   retried with exponential backoff and fails for good after MAX_ATTEMPTS, its last error kept.
 *
 * Deliveries done are swept after KEEP_DONE_DAYS.
 *
 * The calls that write notices never wait for it: they only insert rows. Tests drive it with
 * wake() (a pass now) and idle() (until no pass runs).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { Outbound } from '../net/outbound.ts';
import {
  claimDue,
  dropDelivery,
  dropSubscription,
  markFailed,
  markSent,
  sweepDeliveries,
  type DueDelivery,
} from '../db/push.ts';
import type { NoticeType } from '../../contract/enums.ts';
import type { PushPayload } from '../../contract/push-payload.ts';
import { PUSH_TITLES } from './push-messages.ts';
import { sendPush, type PushSender, type Urgency } from './push-send.ts';
import { vapidKeys } from './vapid-keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's push job (server/app.ts). */
    pushJobs: PushJobs;
  }
}

export const MAX_ATTEMPTS = 5;
/** The wait after the first failed attempt; doubled after each further one, at most RETRY_MAX_MS. */
export const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3600_000;
/** How long a claimed delivery is left to its process before another may take it. */
const LEASE_MS = 60_000;
const BATCH = 20;
/** Deliveries done are kept this long (for a look at what was sent), swept hourly. */
export const KEEP_DONE_DAYS = 7;
const SWEEP_EVERY_MS = 3600_000;
/** Answers after which sending again cannot succeed. */
const PERMANENT = new Set([400, 401, 403, 413]);

const URGENCY: Record<NoticeType, Urgency> = { reply: 'normal', mention: 'normal', like: 'low', system: 'normal' };

/**
 * What became of a due delivery (counted by the metrics): sent; expired (404/410: subscription
 * dropped); refused (endpoint no longer allowed: subscription dropped unsent); stale (nothing to
 * tell any more: dropped unsent); retry (failed, tried again later); failed (failed for good).
 */
export type PushOutcome = 'sent' | 'expired' | 'refused' | 'stale' | 'retry' | 'failed';

/** The wait before the next attempt after `attempts` failed ones. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

/** What the service worker shows (contract/push-payload.ts): the title and text, where a click goes, the badge. */
export function pushPayload(d: DueDelivery): string {
  const payload: PushPayload = {
    title: PUSH_TITLES[d.type](d.actorNickname),
    body: d.excerpt,
    link: d.link,
    type: d.type,
    noticeId: d.noticeId,
    unread: d.unread,
  };
  return JSON.stringify(payload);
}

export class PushJobs {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** Polling (start); wake() works without it. */
  private polling = false;
  private closed = false;
  private sweptAt = 0;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    /** The outbound guard every push goes through. */
    private readonly outbound: Outbound,
    /** Told what became of each due delivery (the metrics). */
    private readonly counted: (outcome: PushOutcome) => void = () => {},
  ) {}

  /** Polls from now on (unless PUSH_JOBS=off). */
  start(): void {
    if (this.config.PUSH_JOBS === 'off') return;
    this.polling = true;
    this.schedule();
  }

  /** Stops polling and waits for the pass under way. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.idle();
  }

  /** Runs a pass now (or right after the one under way). */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
      this.schedule();
    });
  }

  /** Resolves once no pass is running. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.polling || this.closed) return;
    this.timer = setTimeout(() => this.wake(), this.config.PUSH_POLL_MS);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.pass();
      } catch (err) {
        this.log.warn({ err }, 'push job pass failed');
      }
    } while (this.again && !this.closed);
  }

  /** Deletes the deliveries done more than KEEP_DONE_DAYS ago. */
  async sweep(): Promise<number> {
    this.sweptAt = Date.now();
    return sweepDeliveries(this.db, KEEP_DONE_DAYS);
  }

  /** Sends every due delivery, a batch at a time (and sweeps, hourly). */
  private async pass(): Promise<void> {
    if (Date.now() - this.sweptAt >= SWEEP_EVERY_MS) await this.sweep();
    for (;;) {
      const due = await claimDue(this.db, BATCH, LEASE_MS);
      if (due.length === 0) return;
      const keys = await vapidKeys(this.db, this.config);
      const sender: PushSender = {
        ...keys,
        subject: this.config.VAPID_SUBJECT,
        outbound: this.outbound,
      };
      await Promise.all(due.map((d) => this.deliver(d, sender)));
    }
  }

  private async deliver(d: DueDelivery, sender: PushSender): Promise<void> {
    this.counted(await this.settle(d, sender));
  }

  private async settle(d: DueDelivery, sender: PushSender): Promise<PushOutcome> {
    if (d.stale) {
      await dropDelivery(this.db, d.id);
      return 'stale';
    }
    const { url: endpoint } = this.outbound.check(d.endpoint, true);
    if (!endpoint) {
      this.log.warn({ subscription: d.subscriptionId }, 'push endpoint not allowed: subscription dropped');
      await dropSubscription(this.db, d.subscriptionId);
      return 'refused';
    }
    const outcome = await sendPush(
      { endpoint, p256dh: d.p256dh, auth: d.auth },
      pushPayload(d),
      sender,
      URGENCY[d.type],
    );
    const { status } = outcome;
    if (status !== null && status >= 200 && status < 300) {
      await markSent(this.db, d.id);
      return 'sent';
    }
    if (status === 404 || status === 410) {
      await dropSubscription(this.db, d.subscriptionId);
      return 'expired';
    }
    const final = d.attempts >= MAX_ATTEMPTS || (status !== null && PERMANENT.has(status));
    if (final) this.log.warn({ delivery: d.id, status, error: outcome.error }, 'push delivery failed for good');
    await markFailed(this.db, d.id, outcome.error, final ? null : retryDelayMs(d.attempts));
    return final ? 'failed' : 'retry';
  }
}

/**
 * Web Push rows (migration 006): subscriptions (one per device: the endpoint is unique, and a new
 * one from a session's device replaces that user's older ones), the deliveries the push job sends,
 * and the VAPID key pair the server keeps for itself when the environment gives none.
 *
 * Deliveries are claimed by a lease rather than a transaction held over the network: one
 * statement moves due rows' next_at past the lease under FOR UPDATE SKIP LOCKED, so processes
 * polling together never take one row twice, and a row of a process that died is due again later.
 */
import type { NoticeType } from '../../contract/enums.ts';
import type { Queryable } from './db.ts';
import { replaceServerKey, storedServerKey } from './server-keys.ts';

/** Subscriptions a user may keep; the oldest beyond it are dropped (each notice fans out to all). */
export const SUBSCRIPTIONS_PER_USER = 10;

export interface NewSubscription {
  userId: number;
  deviceId: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  types: readonly NoticeType[];
}

/** Saves the device's subscription; its endpoint taken from another user starts anew, with nothing queued. */
export async function saveSubscription(q: Queryable, sub: NewSubscription): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id <> $2', [sub.endpoint, sub.userId]);
  await q.query(
    `INSERT INTO push_subscriptions (user_id, device_id, endpoint, p256dh, auth, types)
     VALUES ($1, $2, $3, $4, $5, $6::text[])
     ON CONFLICT (endpoint) DO UPDATE
       SET device_id = excluded.device_id, p256dh = excluded.p256dh, auth = excluded.auth, types = excluded.types`,
    [sub.userId, sub.deviceId, sub.endpoint, sub.p256dh, sub.auth, sub.types],
  );
  if (sub.deviceId !== null) {
    await q.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND device_id = $2 AND endpoint <> $3', [
      sub.userId,
      sub.deviceId,
      sub.endpoint,
    ]);
  }
  await q.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN
       (SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
    [sub.userId, SUBSCRIPTIONS_PER_USER],
  );
}

export async function removeSubscription(q: Queryable, userId: number, endpoint: string): Promise<boolean> {
  const rows = await q.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2 RETURNING id', [
    userId,
    endpoint,
  ]);
  return rows.length > 0;
}

/** Drops a subscription (expired, or an endpoint no longer allowed); its deliveries go with it. */
export async function dropSubscription(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The name the VAPID pair is kept under in server_keys. */
export const VAPID_KEY_NAME = 'vapid';

/**
 * The stored VAPID pair, made by `generate` when there is none. Every process and restart shares
 * the first one stored: a process that loses the race reads the winner's.
 */
export async function storedVapidKeys(q: Queryable, generate: () => VapidKeys): Promise<VapidKeys> {
  return (await storedServerKey(q, VAPID_KEY_NAME, generate)).value;
}

/** A new VAPID pair for good, and no subscription left: they were made for the old public key. */
export async function replaceVapidKeys(q: Queryable, keys: VapidKeys): Promise<number> {
  await replaceServerKey(q, VAPID_KEY_NAME, keys);
  return (await q.query('DELETE FROM push_subscriptions RETURNING id')).length;
}

/** A claimed delivery with what sending it needs. */
export interface DueDelivery {
  id: number;
  attempts: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  noticeId: number;
  type: NoticeType;
  excerpt: string;
  link: string;
  actorNickname: string | null;
  /** The recipient's unread notices now (the app icon's badge). */
  unread: number;
  /**
   * Nothing to tell any more: the notice was read, its reply deleted or hidden, or the
   * subscription no longer wants its type.
   */
  stale: boolean;
}

/** Claims up to `limit` due deliveries for `leaseMs` (counting the attempt). */
export function claimDue(q: Queryable, limit: number, leaseMs: number): Promise<DueDelivery[]> {
  return q.query<DueDelivery>(
    `WITH due AS (
       SELECT id FROM push_deliveries WHERE state = 'pending' AND next_at <= now()
       ORDER BY next_at, id LIMIT $1 FOR UPDATE SKIP LOCKED),
     claimed AS (
       UPDATE push_deliveries d SET attempts = d.attempts + 1, next_at = now() + make_interval(secs => $2::float8)
       FROM due WHERE d.id = due.id
       RETURNING d.id, d.attempts, d.subscription_id, d.notice_id)
     SELECT c.id, c.attempts, s.id AS "subscriptionId", s.endpoint, s.p256dh, s.auth, n.id AS "noticeId",
       n.type, n.excerpt, n.link, u.nickname AS "actorNickname",
       (SELECT count(*) FROM notices x WHERE x.user_id = n.user_id AND x.read_at IS NULL)::int AS unread,
       (n.read_at IS NOT NULL OR r.deleted_at IS NOT NULL OR r.hidden_at IS NOT NULL OR NOT n.type = ANY (s.types))
         AS stale
     FROM claimed c
       JOIN push_subscriptions s ON s.id = c.subscription_id
       JOIN notices n ON n.id = c.notice_id
       LEFT JOIN users u ON u.id = n.actor_id
       LEFT JOIN replies r ON r.id = n.reply_id
     ORDER BY c.id`,
    [limit, leaseMs / 1000],
  );
}

/** Drops a delivery with nothing to tell any more. */
export async function dropDelivery(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM push_deliveries WHERE id = $1', [id]);
}

export async function markSent(q: Queryable, id: number): Promise<void> {
  await q.query(`UPDATE push_deliveries SET state = 'sent', last_error = NULL WHERE id = $1`, [id]);
}

/** A failed attempt: due again after `retryInMs`, or failed for good when `retryInMs` is null. */
export async function markFailed(q: Queryable, id: number, error: string, retryInMs: number | null): Promise<void> {
  await q.query(
    `UPDATE push_deliveries
     SET last_error = $2,
         state = CASE WHEN $3::float8 IS NULL THEN 'failed' ELSE 'pending' END,
         next_at = CASE WHEN $3::float8 IS NULL THEN next_at ELSE now() + make_interval(secs => $3::float8) END
     WHERE id = $1`,
    [id, error.slice(0, 500), retryInMs === null ? null : retryInMs / 1000],
  );
}

/** Deletes deliveries done (sent or failed) more than `keepDays` ago; answers how many. */
export async function sweepDeliveries(q: Queryable, keepDays: number): Promise<number> {
  const rows = await q.query(
    `DELETE FROM push_deliveries WHERE state <> 'pending' AND created_at < now() - make_interval(days => $1::int)
     RETURNING id`,
    [keepDays],
  );
  return rows.length;
}

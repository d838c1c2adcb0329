/**
 * The dashboard's daily aggregates (015-daily-stats.sql), kept as the events happen: each writer
 * adds to its site's counters of the Asia/Shanghai day with one upsert, in the transaction of the
 * event where there is one. Counters live in up to DAILY_SHARDS rows per site and day (the shard
 * comes from the user id) so a busy day's events do not queue on one row; readers sum the shards.
 *
 * Who calls what: registration (new_users), sign-ins and /current (active_devices, once per device
 * and day), /movie/play (plays and the movie's count), heartbeats (watch_seconds), post details
 * (the post's count), deposits (deposits_created) and their payment (revenue_fen on the pay day,
 * deposits_paid on the day the deposit started), refunds (refund_fen on the order's pay day).
 */
import type { Queryable } from './db.ts';

export const DAILY_SHARDS = 8;

export const STAT_FIELDS = [
  'active_devices',
  'new_users',
  'plays',
  'watch_seconds',
  'revenue_fen',
  'refund_fen',
  'deposits_created',
  'deposits_paid',
] as const;
export type StatField = (typeof STAT_FIELDS)[number];
export type StatDelta = Partial<Record<StatField, number>>;

/** The shard row of a user's events (any integer key; ids spread evenly). */
export const shardOf = (key: number): number => Math.abs(Math.trunc(key)) % DAILY_SHARDS;

export interface StatRow {
  day: string;
  delta: StatDelta;
}

/**
 * Adds the deltas to the site's counters in one statement; rows of the same day are merged first
 * (an upsert may not touch one row twice). Field names come from STAT_FIELDS, never from input.
 */
export async function addStats(
  q: Queryable,
  siteId: number,
  shardKey: number,
  rows: readonly StatRow[],
): Promise<void> {
  const byDay = new Map<string, StatDelta>();
  for (const { day, delta } of rows) {
    const merged = byDay.get(day) ?? {};
    for (const field of STAT_FIELDS) if (delta[field]) merged[field] = (merged[field] ?? 0) + delta[field];
    byDay.set(day, merged);
  }
  const days = [...byDay].filter(([, delta]) => Object.keys(delta).length > 0);
  if (days.length === 0) return;
  const params: unknown[] = [siteId, shardOf(shardKey)];
  const values = days.map(([day, delta]) => {
    params.push(day);
    const dayParam = `$${params.length}::date`;
    const counts = STAT_FIELDS.map((field) => {
      params.push(delta[field] ?? 0);
      return `$${params.length}::bigint`;
    });
    return `($1, ${dayParam}, $2, ${counts.join(', ')})`;
  });
  await q.query(
    `INSERT INTO daily_stats (site_id, day, shard, ${STAT_FIELDS.join(', ')}) VALUES ${values.join(', ')}
     ON CONFLICT (site_id, day, shard) DO UPDATE SET
       ${STAT_FIELDS.map((f) => `${f} = daily_stats.${f} + EXCLUDED.${f}`).join(', ')}`,
    params,
  );
}

/**
 * Notes the device as seen on the day; the first time that day it counts one active device. One
 * statement: the counter moves only when the device_days row was inserted.
 */
export async function markActiveDevice(
  q: Queryable,
  siteId: number,
  day: string,
  device: string,
  shardKey: number,
): Promise<void> {
  await q.query(
    `WITH seen AS (
       INSERT INTO device_days (site_id, day, device) VALUES ($1, $2::date, $3) ON CONFLICT DO NOTHING RETURNING 1
     )
     INSERT INTO daily_stats (site_id, day, shard, active_devices) SELECT $1, $2::date, $4, 1 FROM seen
     ON CONFLICT (site_id, day, shard) DO UPDATE SET active_devices = daily_stats.active_devices + 1`,
    [siteId, day, device.slice(0, 128), shardOf(shardKey)],
  );
}

/** A play started: the day's plays and the movie's count, in one statement. */
export async function countPlay(q: Queryable, siteId: number, day: string, movieId: number, shardKey: number) {
  await q.query(
    `WITH top AS (
       INSERT INTO daily_top (site_id, day, item_type, item_id, count) VALUES ($1, $2::date, 'movie', $3, 1)
       ON CONFLICT (site_id, item_type, day, item_id) DO UPDATE SET count = daily_top.count + 1
     )
     INSERT INTO daily_stats (site_id, day, shard, plays) VALUES ($1, $2::date, $4, 1)
     ON CONFLICT (site_id, day, shard) DO UPDATE SET plays = daily_stats.plays + 1`,
    [siteId, day, movieId, shardOf(shardKey)],
  );
}

/** A post's detail was opened (a counted view). */
export async function countPostView(q: Queryable, siteId: number, day: string, postId: number): Promise<void> {
  await q.query(
    `INSERT INTO daily_top (site_id, day, item_type, item_id, count) VALUES ($1, $2::date, 'post', $3, 1)
     ON CONFLICT (site_id, item_type, day, item_id) DO UPDATE SET count = daily_top.count + 1`,
    [siteId, day, postId],
  );
}

/** Devices this process already marked, per database and day: a repeat /current skips the write. */
const marked = new WeakMap<Queryable, Set<string>>();
const MARKED_MAX = 100_000;

/**
 * markActiveDevice once per process for a device and day (the app asks /current on every start).
 * Another process may write it again: the statement is idempotent, the memo only saves the trip.
 */
export async function markActiveDeviceOnce(
  db: Queryable,
  siteId: number,
  day: string,
  device: string,
  shardKey: number,
): Promise<void> {
  let seen = marked.get(db);
  if (!seen || seen.size >= MARKED_MAX) marked.set(db, (seen = new Set()));
  const key = `${siteId}|${day}|${device}`;
  if (seen.has(key)) return;
  await markActiveDevice(db, siteId, day, device, shardKey);
  seen.add(key);
}

/**
 * The demo's dashboard history: 90 days of plausible daily aggregates for the demo site (a weekly
 * rhythm, slow growth, today only partly over) and its top movies and posts, written once per store
 * (seed_state 'demo-daily-stats'), so the console's 数据看板 has something to show on a fresh demo.
 * Live events then add to the same counters (server/db/daily-stats.ts). Shard 0 holds the history.
 */
import type { Queryable } from '../db/db.ts';
import { addDays } from '../db/day-math.ts';
import { siteDay } from '../db/site-day.ts';

const DAYS = 90;
const STATE = 'demo-daily-stats';

/** Writes the history unless it was written before; answers whether it wrote. */
export async function seedDemoDailyStats(q: Queryable, siteId: number, now: number): Promise<boolean> {
  const first = await q.one(
    `INSERT INTO seed_state (name, version) VALUES ($1, 1) ON CONFLICT (name) DO NOTHING RETURNING 1 AS first`,
    [STATE],
  );
  if (!first) return false;
  const today = siteDay(now);
  const from = addDays(today, -(DAYS - 1));
  // i: 0 (oldest) .. 89 (today); growth from 0.7 to 1; weekends busier; today about half over.
  await q.query(
    `WITH d AS (
       SELECT i, $2::date + i AS day,
              (0.7 + 0.3 * i / ${DAYS - 1}) * (CASE WHEN extract(isodow FROM $2::date + i) >= 6 THEN 1.25 ELSE 1 END)
                * (CASE WHEN i = ${DAYS - 1} THEN 0.45 ELSE 1 END) * (0.9 + 0.2 * random()) AS f
         FROM generate_series(0, ${DAYS - 1}) i
     ), c AS (
       SELECT day, round(1800 * f)::int AS active, round(110 * f * (0.8 + 0.4 * random()))::int AS fresh,
              round(4300 * f * (0.9 + 0.2 * random()))::int AS plays,
              round(65 * f * (0.85 + 0.3 * random()))::int AS created
         FROM d
     )
     INSERT INTO daily_stats (site_id, day, shard, active_devices, new_users, plays, watch_seconds, revenue_fen,
                              refund_fen, deposits_created, deposits_paid)
     SELECT $1, day, 0, active, fresh, plays, watch, revenue,
            -- about one day in four has a refund of some 5-15 % of its revenue
            CASE WHEN random() < 0.25 THEN round(revenue * (0.05 + 0.1 * random()))::bigint ELSE 0 END, created, paid
       FROM (SELECT p.*, round(plays * (1100 + 500 * random()))::bigint AS watch,
                    paid * (2000 + round(2500 * random()))::bigint AS revenue
               FROM (SELECT c.*, round(created * (0.35 + 0.2 * random()))::int AS paid FROM c) p) r
     ON CONFLICT DO NOTHING`,
    [siteId, from],
  );
  // Top lists: 20 movies and 20 posts, each with its own popularity, every day of the period.
  for (const [type, table] of [
    ['movie', 'movies'],
    ['post', 'posts'],
  ] as const) {
    await q.query(
      `WITH items AS (
         SELECT id, row_number() OVER (ORDER BY random()) AS rank FROM (SELECT id FROM ${table} ORDER BY random() LIMIT 20) s
       )
       INSERT INTO daily_top (site_id, day, item_type, item_id, count)
       SELECT $1, $2::date + i, $3, items.id,
              greatest(1, round((${type === 'movie' ? 420 : 160} / items.rank) * (0.6 + 0.8 * random())
                * (0.7 + 0.3 * i / ${DAYS - 1}) * (CASE WHEN i = ${DAYS - 1} THEN 0.45 ELSE 1 END)))::int
         FROM generate_series(0, ${DAYS - 1}) i CROSS JOIN items
       ON CONFLICT DO NOTHING`,
      [siteId, from, type],
    );
  }
  return true;
}

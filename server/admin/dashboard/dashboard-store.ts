/**
 * What GET /admin-api/dashboard reads: the daily aggregates of one site over the period and the
 * period before (a range scan of daily_stats' primary key, at most 8 shard rows a day), and the top
 * movies and posts summed from daily_top. Nothing here touches raw event rows, so the answer costs
 * the same whatever the number of users, plays or orders.
 */
import type {
  DashboardData,
  DashboardDay,
  DashboardPeriod,
  DashboardTopItem,
  DashboardTotals,
} from '../../../contract/admin/dashboard.ts';
import type { SiteChoice } from '../../../contract/admin/session.ts';
import type { Queryable } from '../../db/db.ts';
import { addDays } from '../../db/day-math.ts';

interface SumRow {
  day: string;
  activeDevices: number;
  newUsers: number;
  plays: number;
  watchSeconds: number;
  revenueFen: number;
  refundFen: number;
  depositsCreated: number;
  depositsPaid: number;
}

const ratio = (paid: number, created: number): number | null =>
  created > 0 ? Math.round((paid / created) * 10_000) / 10_000 : null;

function toDay(day: string, row: SumRow | undefined): DashboardDay {
  const r = row ?? {
    activeDevices: 0,
    newUsers: 0,
    plays: 0,
    watchSeconds: 0,
    revenueFen: 0,
    refundFen: 0,
    depositsCreated: 0,
    depositsPaid: 0,
  };
  return {
    day,
    activeDevices: Number(r.activeDevices),
    newUsers: Number(r.newUsers),
    plays: Number(r.plays),
    watchHours: Math.round(Number(r.watchSeconds) / 360) / 10,
    revenueYuan: Number(r.revenueFen) / 100,
    refundsYuan: Number(r.refundFen) / 100,
    netYuan: (Number(r.revenueFen) - Number(r.refundFen)) / 100,
    depositsCreated: Number(r.depositsCreated),
    depositsPaid: Number(r.depositsPaid),
    conversion: ratio(Number(r.depositsPaid), Number(r.depositsCreated)),
  };
}

const yuan = (value: number): number => Math.round(value * 100) / 100;

function totalsOf(days: readonly DashboardDay[]): DashboardTotals {
  const sum = (pick: (d: DashboardDay) => number) => days.reduce((total, d) => total + pick(d), 0);
  const depositsCreated = sum((d) => d.depositsCreated);
  const depositsPaid = sum((d) => d.depositsPaid);
  return {
    activeDevices: days.length ? Math.round(sum((d) => d.activeDevices) / days.length) : 0,
    newUsers: sum((d) => d.newUsers),
    plays: sum((d) => d.plays),
    watchHours: Math.round(sum((d) => d.watchHours) * 10) / 10,
    revenueYuan: yuan(sum((d) => d.revenueYuan)),
    refundsYuan: yuan(sum((d) => d.refundsYuan)),
    netYuan: yuan(sum((d) => d.netYuan)),
    depositsCreated,
    depositsPaid,
    conversion: ratio(depositsPaid, depositsCreated),
  };
}

const TOP_SQL: Record<'movie' | 'post', string> = {
  movie: 'movies',
  post: 'posts',
};

async function topOf(
  q: Queryable,
  siteId: number,
  type: 'movie' | 'post',
  from: string,
  to: string,
): Promise<DashboardTopItem[]> {
  const rows = await q.query<{ id: number; title: string | null; count: number }>(
    `SELECT t.item_id AS id, i.title, t.count
       FROM (SELECT item_id, sum(count)::bigint AS count FROM daily_top
              WHERE site_id = $1 AND item_type = $2 AND day BETWEEN $3::date AND $4::date
              GROUP BY item_id ORDER BY sum(count) DESC, item_id LIMIT 10) t
       LEFT JOIN ${TOP_SQL[type]} i ON i.id = t.item_id
      ORDER BY t.count DESC, t.item_id`,
    [siteId, type, from, to],
  );
  return rows.map((row) => ({ id: row.id, title: row.title ?? `#${row.id}`, count: Number(row.count) }));
}

export async function readDashboard(
  q: Queryable,
  input: { siteId: number; days: DashboardPeriod; today: string; sites: SiteChoice[] },
): Promise<DashboardData> {
  const { siteId, days, today } = input;
  const from = addDays(today, -(days - 1));
  const previousFrom = addDays(from, -days);
  const rows = await q.query<SumRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(active_devices)::bigint AS "activeDevices",
            sum(new_users)::bigint AS "newUsers", sum(plays)::bigint AS plays,
            sum(watch_seconds)::bigint AS "watchSeconds", sum(revenue_fen)::bigint AS "revenueFen",
            sum(refund_fen)::bigint AS "refundFen",
            sum(deposits_created)::bigint AS "depositsCreated", sum(deposits_paid)::bigint AS "depositsPaid"
       FROM daily_stats WHERE site_id = $1 AND day BETWEEN $2::date AND $3::date
      GROUP BY day`,
    [siteId, previousFrom, today],
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const range = (start: string) => Array.from({ length: days }, (_, i) => addDays(start, i));
  const series = range(from).map((day) => toDay(day, byDay.get(day)));
  const previous = range(previousFrom).map((day) => toDay(day, byDay.get(day)));
  const [topMovies, topPosts] = await Promise.all([
    topOf(q, siteId, 'movie', from, today),
    topOf(q, siteId, 'post', from, today),
  ]);
  return {
    siteId,
    days,
    from,
    to: today,
    sites: input.sites,
    series,
    today: series.at(-1)!,
    totals: totalsOf(series),
    previousTotals: totalsOf(previous),
    topMovies,
    topPosts,
  };
}

/**
 * The console's dashboard: the daily aggregates move with the visitors' events (registration,
 * sign-in, /current, play, heartbeats, post views, deposits and their payment), GET
 * /admin-api/dashboard answers the series, totals and top lists of a seeded fixture, and roles and
 * site limits hold (PGlite, and PostgreSQL with DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '../../contract/admin/dashboard.ts';
import type { OrderPage } from '../../contract/admin/money.ts';
import type { AdminError } from '../../contract/admin/session.ts';
import type { DepositOrder } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { addDays } from '../db/day-math.ts';
import { siteDay } from '../db/site-day.ts';
import { signInOperator, type SignedInOperator } from './admin-fixture.ts';
import { dataOf, FX } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { idOf, notifyParams, seedMember, sendNotify } from './member-fixture.ts';

describe.each(DB_KINDS)('the dashboard on %s', (kind) => {
  let h: Harness;
  let offsetMs = 0;
  let superOp: SignedInOperator;
  let otherSite = 0;

  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember, now: () => Date.now() + offsetMs });
    superOp = await signInOperator(h, { role: 'super' });
    otherSite = (await h.db.one<{ id: number }>(`SELECT id FROM sites WHERE account_id = '10002'`))!.id;
  });
  afterAll(() => h?.close());

  const dashboard = async (op: SignedInOperator, query = '') => {
    const res = await op.call('GET', `/admin-api/dashboard${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DashboardData>();
  };

  const watchSeconds = async (day: string) =>
    (await h.db.one<{ s: number }>(
      `SELECT coalesce(sum(watch_seconds), 0)::int AS s FROM daily_stats WHERE site_id = 1 AND day = $1::date`,
      [day],
    ))!.s;

  it('moves the day’s figures with registration, sign-in, plays, watch time, post views and paid deposits', async () => {
    const before = await dashboard(superOp, '?days=7');
    expect(before.siteId).toBe(1);
    expect(before.series).toHaveLength(7);
    expect(before.to).toBe(siteDay(Date.now()));
    const watchBefore = await watchSeconds(before.to);

    const guest = await h.client.registerGuest();
    await h.client.call(API.current, {}, { token: guest.token }); // the same device: counted once
    await dataOf(h.client, API.moviePlay, { id: FX.freeMovie }, guest.token);
    await dataOf(h.client, API.moviePlay, { id: FX.freeMovie }, guest.token);
    offsetMs = 0;
    await dataOf(h.client, API.movieHeartbeat, { movieId: FX.freeMovie, position: 0, playing: true }, guest.token);
    offsetMs = 25_000;
    await dataOf(h.client, API.movieHeartbeat, { movieId: FX.freeMovie, position: 25, playing: false }, guest.token);
    offsetMs = 0;
    await dataOf(h.client, API.topicDetail, { id: FX.topicWithReplies }, guest.token);
    const packageId = await idOf(h.db, 'coin_packages', 'c680');
    const order = await dataOf<DepositOrder>(h.client, API.depositCoin, { packageId, payType: 'alipay' }, guest.token);
    await dataOf<DepositOrder>(h.client, API.depositCoin, { packageId, payType: 'wxpay' }, guest.token); // never paid
    expect((await sendNotify(h, notifyParams(h.config, { orderNo: order.orderNo, amountFen: 6800 }))).text).toBe(
      'success',
    );
    // A repeated notify credits nothing and counts nothing.
    await sendNotify(h, notifyParams(h.config, { orderNo: order.orderNo, amountFen: 6800 }));

    const after = await dashboard(superOp, '?days=7');
    const t0 = before.today;
    const t1 = after.today;
    // Refunded, the order's money counts on the day it was paid as a refund: net back where it was.
    const refunded = await superOp.call('POST', `/admin-api/orders/${order.orderNo}/refund`, { reason: '测试退款' });
    expect(refunded.statusCode).toBe(200);
    const t2 = (await dashboard(superOp, '?days=7')).today;
    expect(t2.revenueYuan).toBe(t1.revenueYuan);
    expect(t2.refundsYuan - t1.refundsYuan).toBe(68);
    expect(t2.netYuan).toBe(t0.netYuan);
    // 订单 by the day of payment sums to the dashboard's figures of the day.
    const orders = (
      await superOp.call('GET', `/admin-api/orders?siteId=1&dateBy=paid&from=${after.to}&to=${after.to}`)
    ).json<OrderPage>();
    expect(orders.summary).toMatchObject({
      revenueFen: Math.round(t2.revenueYuan * 100),
      refundFen: Math.round(t2.refundsYuan * 100),
      netFen: Math.round(t2.netYuan * 100),
    });
    expect(t1.newUsers - t0.newUsers).toBe(1);
    expect(t1.activeDevices - t0.activeDevices).toBe(1);
    expect(t1.plays - t0.plays).toBe(2);
    expect(t1.revenueYuan - t0.revenueYuan).toBe(68);
    expect(t1.netYuan - t0.netYuan).toBe(68);
    expect(t1.depositsCreated - t0.depositsCreated).toBe(2);
    expect(t1.depositsPaid - t0.depositsPaid).toBe(1);
    expect((await watchSeconds(after.to)) - watchBefore).toBe(25);
    const movie = after.topMovies.find((item) => item.id === FX.freeMovie);
    expect(movie?.count).toBe((before.topMovies.find((item) => item.id === FX.freeMovie)?.count ?? 0) + 2);
    expect(movie?.title).toBeTruthy();
    expect(after.topPosts.find((item) => item.id === FX.topicWithReplies)?.count).toBeGreaterThanOrEqual(1);
    // The other site saw none of it.
    const other = await dashboard(superOp, `?siteId=${otherSite}&days=7`);
    expect(other.today.newUsers).toBe(0);
    expect(other.today.plays).toBe(0);
  });

  it('answers the series, totals against the previous period and the top lists of a seeded fixture', async () => {
    const today = siteDay(Date.now());
    const site = otherSite;
    // Two shard rows today, one 2 days ago, one 8 days ago (previous 7-day period), one 20 days ago.
    await h.db.query(
      `INSERT INTO daily_stats (site_id, day, shard, active_devices, new_users, plays, watch_seconds, revenue_fen,
                               refund_fen, deposits_created, deposits_paid)
       VALUES ($1, $2::date, 1, 100, 10, 300, 7200, 12345, 2345, 8, 2), ($1, $2::date, 5, 20, 2, 30, 1800, 655, 0, 2, 1),
              ($1, $3::date, 0, 60, 6, 100, 3600, 1000, 0, 0, 0), ($1, $4::date, 0, 70, 7, 50, 0, 5000, 0, 4, 4),
              ($1, $5::date, 0, 999, 99, 999, 0, 0, 0, 0, 0)`,
      [site, today, addDays(today, -2), addDays(today, -8), addDays(today, -20)],
    );
    await h.db.query(
      `INSERT INTO daily_top (site_id, day, item_type, item_id, count) VALUES
         ($1, $2::date, 'movie', 11, 5), ($1, $3::date, 'movie', 11, 4), ($1, $2::date, 'movie', 21, 7),
         ($1, $4::date, 'movie', 1, 100), ($1, $2::date, 'post', 101, 3)`,
      [site, today, addDays(today, -1), addDays(today, -10)],
    );
    const week = await dashboard(superOp, `?siteId=${site}&days=7`);
    expect(week.from).toBe(addDays(today, -6));
    expect(week.series.map((d) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)));
    expect(week.today).toEqual({
      day: today,
      activeDevices: 120,
      newUsers: 12,
      plays: 330,
      watchHours: 2.5,
      revenueYuan: 130,
      refundsYuan: 23.45,
      netYuan: 106.55,
      depositsCreated: 10,
      depositsPaid: 3,
      conversion: 0.3,
    });
    expect(week.series[4]).toMatchObject({
      activeDevices: 60,
      plays: 100,
      watchHours: 1,
      revenueYuan: 10,
      conversion: null,
    });
    expect(week.series[0]).toMatchObject({ activeDevices: 0, plays: 0, conversion: null });
    expect(week.totals).toEqual({
      activeDevices: Math.round(180 / 7),
      newUsers: 18,
      plays: 430,
      watchHours: 3.5,
      revenueYuan: 140,
      refundsYuan: 23.45,
      netYuan: 116.55,
      depositsCreated: 10,
      depositsPaid: 3,
      conversion: 0.3,
    });
    expect(week.previousTotals).toMatchObject({
      activeDevices: 10,
      newUsers: 7,
      plays: 50,
      revenueYuan: 50,
      conversion: 1,
    });
    expect(week.topMovies.map((m) => [m.id, m.count])).toEqual([
      [11, 9],
      [21, 7],
    ]);
    expect(week.topMovies[0]!.title).toBe(
      (await h.db.one<{ title: string }>('SELECT title FROM movies WHERE id = 11'))!.title,
    );
    expect(week.topPosts.map((p) => [p.id, p.count])).toEqual([[101, 3]]);

    const quarter = await dashboard(superOp, `?siteId=${site}&days=90`);
    expect(quarter.series).toHaveLength(90);
    expect(quarter.totals.newUsers).toBe(12 + 6 + 7 + 99);
    expect(quarter.topMovies[0]).toMatchObject({ id: 1, count: 100 });
  });

  it('opens to 超级管理员, 运营 and 财务 only, and to a site-limited operator only on its sites', async () => {
    const finance = await signInOperator(h, { role: 'finance' });
    expect((await dashboard(finance)).sites.length).toBeGreaterThanOrEqual(2);
    const moderator = await signInOperator(h, { role: 'moderator' });
    expect((await moderator.call('GET', '/admin-api/dashboard')).statusCode).toBe(403);

    const limited = await signInOperator(h, { role: 'ops', siteIds: [otherSite] });
    const own = await dashboard(limited);
    expect(own.siteId).toBe(otherSite);
    expect(own.sites.map((s) => s.id)).toEqual([otherSite]);
    const refused = await limited.call('GET', '/admin-api/dashboard?siteId=1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<AdminError>().message).toBe('没有该站点的权限');

    const bad = async (query: string, field: string) => {
      const res = await superOp.call('GET', `/admin-api/dashboard${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<AdminError>().field).toBe(field);
    };
    await bad('?days=14', 'days');
    await bad('?days=abc', 'days');
    await bad('?siteId=0', 'siteId');
    await bad('?siteId=1;drop', 'siteId');
    expect((await superOp.call('GET', '/admin-api/dashboard?siteId=99999')).statusCode).toBe(404);
  });
});

/**
 * A role limited to site A reads and changes nothing of site B, whatever the area: orders and
 * users (财务), settings, hot words and the dashboard (运营), sanctions and the moderation queue
 * (审核), nor gives its own site a host that would take another site's visitors (an address, a
 * loopback name, another site's host or a name around it). Site B is added the way an operator
 * adds one (POST /admin-api/settings/sites), its member and order written as the app would leave
 * them. Each area's own tests hold the details; this one walks every site-scoped read and change
 * in one place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteChoice } from '../../contract/admin/session.ts';
import type { SettingsSite } from '../../contract/admin/settings.ts';
import { signInOperator, type SignedInOperator } from './admin-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

describe.each(DB_KINDS)('site limits across the console on %s', (kind) => {
  let h: Harness;
  let siteB: number;
  let memberB: number;
  let memberA: number;
  let orderB: string;
  let finance: SignedInOperator;
  let ops: SignedInOperator;
  let moderator: SignedInOperator;

  beforeAll(async () => {
    h = await createHarness(kind);
    const root = await signInOperator(h, { role: 'super' });
    const made = await root.call('POST', '/admin-api/settings/sites', {
      host: `b-${kind}.example.com`,
      title: '乙站',
      primaryColor: '#3366ff',
    });
    expect(made.statusCode, made.body).toBe(200);
    siteB = made.json<SettingsSite>().id;
    const insertUser = (siteId: number, device: string) =>
      h.db.one<{ id: number }>(
        `INSERT INTO users (site_id, device_id, nickname, avatar) VALUES ($1, $2, $3, '') RETURNING id`,
        [siteId, device, `会员${device}`],
      );
    memberB = (await insertUser(siteB, `scope-b-${kind}`))!.id;
    memberA = (await insertUser(1, `scope-a-${kind}`))!.id;
    const pack = await h.db.one<{ id: number }>(
      `INSERT INTO coin_packages (site_id, code, coins, price_fen) VALUES ($1, 'scope60', 60, 600) RETURNING id`,
      [siteB],
    );
    orderB = `2026112500000000SCOPE${kind.toUpperCase()}`;
    await h.db.query(
      `INSERT INTO orders (order_no, site_id, user_id, kind, pay_type, title, amount_fen, package_id, coins, bonus_coins)
       VALUES ($1, $2, $3, 'coin', 'alipay', '金币', 600, $4, 60, 0)`,
      [orderB, siteB, memberB, pack!.id],
    );
    finance = await signInOperator(h, { role: 'finance', siteIds: [1] });
    ops = await signInOperator(h, { role: 'ops', siteIds: [1] });
    moderator = await signInOperator(h, { role: 'moderator', siteIds: [1] });
  });
  afterAll(() => h?.close());

  const status = async (who: SignedInOperator, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    (await who.call(method, url, body)).statusCode;

  it('财务 of site A: no order, member, ledger or dashboard of site B; its own site still answers', async () => {
    expect(await status(finance, 'GET', `/admin-api/orders?siteId=${siteB}`)).toBe(403);
    expect(await status(finance, 'GET', `/admin-api/orders/${orderB}`)).toBe(403);
    expect(await status(finance, 'POST', `/admin-api/orders/${orderB}/refund`, { reason: '测试' })).toBe(403);
    expect(await status(finance, 'POST', `/admin-api/orders/${orderB}/recheck`)).toBe(403);
    const listed = await finance.call('GET', '/admin-api/orders');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(orderB);
    expect(await status(finance, 'GET', `/admin-api/users/${memberB}`)).toBe(403);
    expect(await status(finance, 'GET', `/admin-api/users/${memberB}/ledger?asset=coins`)).toBe(403);
    expect(await status(finance, 'GET', `/admin-api/users/${memberB}/vip`)).toBe(403);
    expect(await status(finance, 'GET', `/admin-api/orders/${orderB}/refund-preview`)).toBe(403);
    // Its site pickers offer site A only; a 超级管理员's offer both, by name.
    expect((await finance.call('GET', '/admin-api/session/sites')).json<{ list: SiteChoice[] }>().list).toEqual([
      { id: 1, title: expect.any(String) },
    ]);
    const root = await signInOperator(h, { role: 'super' });
    expect((await root.call('GET', '/admin-api/session/sites')).json<{ list: SiteChoice[] }>().list).toContainEqual({
      id: siteB,
      title: '乙站',
    });
    expect(
      await status(finance, 'POST', `/admin-api/users/${memberB}/adjust`, { asset: 'coins', delta: 5, reason: '补偿' }),
    ).toBe(403);
    expect(await status(finance, 'GET', `/admin-api/dashboard?siteId=${siteB}`)).toBe(403);
    expect(await status(finance, 'GET', `/admin-api/users/${memberA}`)).toBe(200);
    expect(await status(finance, 'GET', '/admin-api/dashboard?siteId=1')).toBe(200);
  });

  it('运营 of site A: no settings, hot words or dashboard of site B, and site B is not in its list', async () => {
    const sites = (await ops.call('GET', '/admin-api/settings/sites')).json<
      SettingsSite[] | { list: SettingsSite[] }
    >();
    const ids = (Array.isArray(sites) ? sites : sites.list).map((site) => site.id);
    expect(ids).toEqual([1]);
    for (const list of ['banners', 'cdn-lines', 'vip-plans', 'coin-packages', 'goods']) {
      expect(await status(ops, 'GET', `/admin-api/settings/sites/${siteB}/${list}`), list).toBe(403);
      expect(await status(ops, 'GET', `/admin-api/settings/sites/1/${list}`), list).toBe(200);
    }
    expect(await status(ops, 'PATCH', `/admin-api/settings/sites/${siteB}`, { title: '改名' })).toBe(403);
    expect(await status(ops, 'GET', `/admin-api/settings/sites/${siteB}/cdn-lines/health`)).toBe(403);
    expect(await status(ops, 'GET', `/admin-api/taxonomy/hot-words?siteId=${siteB}`)).toBe(403);
    expect(await status(ops, 'POST', '/admin-api/taxonomy/hot-words', { siteId: siteB, word: '越权' })).toBe(403);
    expect(await status(ops, 'GET', `/admin-api/dashboard?siteId=${siteB}`)).toBe(403);
  });

  it("运营 of site B: changes its own site's host only to a name that reaches no other site", async () => {
    const root = await signInOperator(h, { role: 'super' });
    const siteC = await root.call('POST', '/admin-api/settings/sites', {
      host: `c-${kind}.example.org`,
      title: '丙站',
      primaryColor: '#22aa66',
    });
    expect(siteC.statusCode, siteC.body).toBe(200);
    const opsB = await signInOperator(h, { role: 'ops', siteIds: [siteB] });
    const setHost = (who: SignedInOperator, host: string) =>
      who.call('PATCH', `/admin-api/settings/sites/${siteB}`, { host });
    // Names the default site answers (an address, loopback), another site's, or a name around one.
    const refused = [
      '127.0.0.1',
      '10.0.0.8',
      '2130706433',
      '0x7f000001',
      'localhost',
      'app.localhost',
      `c-${kind}.example.org`,
      `www.c-${kind}.example.org`,
      'example.org',
    ];
    for (const host of refused) {
      const res = await setHost(opsB, host);
      expect(res.statusCode, host).toBe(400);
      expect(res.json<{ field: string }>().field, host).toBe('host');
    }
    const fetchTitle = async (host: string) =>
      (await h.app.inject({ method: 'GET', url: '/api/fetch-data', headers: { host } })).json<{
        siteInfo: { title: string };
      }>().siteInfo.title;
    expect(await fetchTitle('127.0.0.1')).toBe('影视社区');
    // A name of its own is fine.
    const own = await setHost(opsB, `b2-${kind}.example.net`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<SettingsSite>().host).toBe(`b2-${kind}.example.net`);
    // The host of a site beyond its sites is not its to change, nor is an address for anyone.
    expect((await ops.call('PATCH', `/admin-api/settings/sites/${siteB}`, { host: 'x.example.net' })).statusCode).toBe(
      403,
    );
    expect((await setHost(root, '127.0.0.1')).statusCode).toBe(400);
    expect((await setHost(root, `b-${kind}.example.com`)).statusCode).toBe(200);
    // Unchanged, the seeded demo's localhost is kept when its form is saved as a whole.
    const demo = await root.call('PATCH', '/admin-api/settings/sites/1', { host: 'localhost', title: '影视社区' });
    expect(demo.statusCode, demo.body).toBe(200);
  });

  it('审核 of site A: cannot read or set sanctions of a site-B member, nor open site B in the queue', async () => {
    expect(await status(moderator, 'GET', `/admin-api/users/${memberB}/sanctions`)).toBe(403);
    const until = Date.now() + 86_400_000;
    expect(await status(moderator, 'POST', `/admin-api/users/${memberB}/mute`, { until, reason: '刷屏' })).toBe(403);
    expect(await status(moderator, 'POST', `/admin-api/users/${memberB}/ban`, { until, reason: '广告' })).toBe(403);
    expect(await status(moderator, 'GET', `/admin-api/moderation/user:${memberB}`)).toBe(403);
    expect(await status(moderator, 'GET', `/admin-api/users/${memberA}/sanctions`)).toBe(200);
    // Nor any of the 财务 and 运营 areas, whatever the site.
    expect(await status(moderator, 'GET', '/admin-api/orders')).toBe(403);
    expect(await status(moderator, 'GET', '/admin-api/settings/sites')).toBe(403);
  });
});

/**
 * 站点设置 of the console: each kind's validation (400 naming the field), CRUD and audit; banners
 * outside their window and disabled CDN lines kept from the app; the health probe of a dead line
 * (lines on private addresses: cdn-line-guard.test.ts); roles and sites (403); a new site
 * answering its own title; and freshness across two server processes on one store within
 * READ_CACHE_MS.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_COOKIE, CSRF_HEADER, type AdminSession, type OperatorRole } from '../../contract/admin/session.ts';
import type {
  AdminBanner,
  AdminCdnLine,
  AdminCoinPackage,
  AdminGoods,
  AdminVipPlan,
  LineHealth,
  SettingsSite,
} from '../../contract/admin/settings.ts';
import type { AppInit, Banner, CdnLine, HomeData } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { createOperator } from '../admin/operators.ts';
import { totpCode } from '../admin/totp.ts';
import { buildApp } from '../app.ts';
import { configWith } from '../config.ts';
import type { Db } from '../db/db.ts';
import { createTestClient } from './test-client.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

let serial = 0;

async function seedSites(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO sites (account_id, app_id, host, title, primary_color) VALUES ('10002', 'tv', 'tv.example.com', '电视站', '#1677ff')`,
  );
  await db.query(`INSERT INTO cdn_lines (id, site_id, name, url, sort) VALUES (1, 1, '线路一', '/cdn/1', 1), (2, 1, '线路二', '/cdn/2', 2),
    (3, 2, '电视线路', '/cdn/1', 1)`);
  await db.query(
    `INSERT INTO vip_plans (site_id, code, name, days, price_fen, original_price_fen) VALUES (1, 'month', '月卡', 30, 2500, 3000)`,
  );
  await db.query(`INSERT INTO coin_packages (site_id, code, coins, price_fen) VALUES (1, 'c100', 100, 1000)`);
}

interface Operator {
  header: Record<string, string>;
}

async function signIn(
  app: Harness['app'],
  db: Db,
  role: OperatorRole,
  siteIds: number[] | null = null,
): Promise<Operator> {
  const made = await createOperator(db, { username: `set_${role}_${++serial}`, role, siteIds });
  const res = await app.inject({
    method: 'POST',
    url: '/admin-api/session',
    payload: {
      username: made.operator.username,
      password: made.password,
      totp: await totpCode(made.totpSecret, Date.now()),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = /admin_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
  return { header: { cookie: `${ADMIN_COOKIE}=${token}`, [CSRF_HEADER]: res.json<AdminSession>().csrfToken } };
}

describe.each(DB_KINDS)('站点设置 on %s', (kind) => {
  let h: Harness;
  let ops: Operator;
  let root: Operator;

  beforeAll(async () => {
    h = await createHarness(kind, {
      seed: seedSites,
      // Test mode of the outbound guard: the dead line below is on 127.0.0.1.
      config: { UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'settings-')), OUTBOUND_TEST_HOSTS: 'loopback' },
    });
    ops = await signIn(h.app, h.db, 'ops');
    root = await signIn(h.app, h.db, 'super');
  });
  afterAll(() => h?.close());

  const send = (who: Operator, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url: `/admin-api${url}`, headers: who.header, payload });
  const ok = <T>(res: LightMyRequestResponse): T => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const fails = (res: LightMyRequestResponse, status: number, field?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    if (field) expect(res.json<{ field: string }>().field).toBe(field);
  };
  const home = async () => (await h.client.call<HomeData>(API.home)).envelope.data.banners as Banner[];
  const auditOf = (action: string) =>
    h.db.query<{ before: unknown; after: unknown }>(
      'SELECT before, after FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    );

  it('adds, edits, reorders and deletes banners; the visitor home shows only those inside their window', async () => {
    const base = '/settings/sites/1/banners';
    fails(await send(ops, 'POST', base, { title: '', image: 'banners/a.webp', link: '/movie' }), 400, 'title');
    fails(
      await send(ops, 'POST', base, { title: 'x', image: 'banners/a.webp', link: 'javascript:alert(1)' }),
      400,
      'link',
    );
    fails(await send(ops, 'POST', base, { title: 'x', image: '../etc/passwd.png', link: '/movie' }), 400, 'image');
    const hour = 3_600_000;
    fails(
      await send(ops, 'POST', base, {
        title: 'x',
        image: 'banners/a.webp',
        link: '/',
        startsAt: Date.now(),
        endsAt: Date.now() - hour,
      }),
      400,
      'endsAt',
    );
    const open = ok<AdminBanner>(
      await send(ops, 'POST', base, { title: '开放', image: 'banners/a.webp', link: '/movie', sort: 2 }),
    );
    const past = ok<AdminBanner>(
      await send(ops, 'POST', base, { title: '已结束', image: 'banners/b.webp', link: '/', endsAt: Date.now() - hour }),
    );
    const future = ok<AdminBanner>(
      await send(ops, 'POST', base, {
        title: '未开始',
        image: 'banners/c.webp',
        link: '/',
        startsAt: Date.now() + hour,
      }),
    );
    expect(open).toMatchObject({ title: '开放', link: '/movie', startsAt: null, endsAt: null, clicks: 0 });
    expect(open.id).toBeGreaterThan(10_000);
    expect((await home()).map((b) => b.title)).toEqual(['开放']);

    // Into the window: the edit shows at once (no read cache in the harness).
    ok(await send(ops, 'PATCH', `${base}/${future.id}`, { startsAt: Date.now() - hour, title: '已开始' }));
    // Added without a sort, it went after the others.
    expect((await home()).map((b) => b.title)).toEqual(['开放', '已开始']);
    fails(await send(ops, 'PATCH', `${base}/${future.id}`, { endsAt: Date.now() - 2 * hour }), 400, 'endsAt');

    fails(await send(ops, 'POST', `${base}/order`, { ids: [open.id] }), 400, 'ids');
    const { list } = ok<{ list: AdminBanner[] }>(
      await send(ops, 'POST', `${base}/order`, { ids: [future.id, open.id, past.id] }),
    );
    expect(list.map((b) => b.id)).toEqual([future.id, open.id, past.id]);
    expect((await home()).map((b) => b.title)).toEqual(['已开始', '开放']);

    ok(await send(ops, 'DELETE', `${base}/${open.id}`));
    fails(await send(ops, 'DELETE', `${base}/${open.id}`), 404);
    expect((await home()).map((b) => b.title)).toEqual(['已开始']);
    const [update] = await auditOf('banner.update');
    expect(update).toMatchObject({ before: { title: '未开始', siteId: 1 }, after: { title: '已开始', siteId: 1 } });
    expect((await auditOf('banner.delete'))[0]).toMatchObject({ before: { title: '开放' }, after: null });
  });

  it('refuses a banner link a browser would take to another site, saying what a link may be', async () => {
    const base = '/settings/sites/1/banners';
    const offSite = [
      '/\\evil.example/path',
      '//evil',
      '\\\\evil',
      '/%5Cevil',
      '/\t/evil',
      '/a\nb',
      'javascript:alert(1)',
    ];
    for (const link of offSite) {
      const res = await send(ops, 'POST', base, { title: 'x', image: 'banners/a.webp', link });
      fails(res, 400, 'link');
      expect(res.json<{ message: string }>().message, JSON.stringify(link)).toMatch(/站内路径/);
    }
    const made = ok<{ id: number }>(
      await send(ops, 'POST', base, { title: '站内', image: 'banners/a.webp', link: '/movie/1' }),
    );
    fails(await send(ops, 'PATCH', `${base}/${made.id}`, { link: '/\\evil.example/path' }), 400, 'link');
    ok(await send(ops, 'DELETE', `${base}/${made.id}`));
  });

  it('keeps disabled CDN lines from the app and at least one line enabled', async () => {
    const base = '/settings/sites/1/cdn-lines';
    fails(await send(ops, 'POST', base, { name: '坏线路', url: 'ftp://x' }), 400, 'url');
    // A line saved enabled is probed first: this path of the app answers (a dead one: the next test).
    const added = ok<AdminCdnLine>(await send(ops, 'POST', base, { name: '线路三', url: '/cdn/3/', sort: 3 }));
    expect(added).toEqual({ id: expect.any(Number), name: '线路三', url: '/cdn/3', sort: 3, enabled: true });
    ok(await send(ops, 'PATCH', `${base}/2`, { enabled: false, name: '线路二（停用）' }));
    const offered = (await h.client.call<CdnLine[]>(API.cdnLines)).envelope.data.map((line) => line.cdnLine);
    expect(offered).toEqual(['/cdn/1', '/cdn/3']);
    const init = (await h.client.call<AppInit>(API.init)).envelope.data;
    expect(init.cdnLines.map((line) => line.id)).toEqual([1, added.id]);

    ok(await send(ops, 'PATCH', `${base}/1`, { enabled: false }));
    const last = await send(ops, 'PATCH', `${base}/${added.id}`, { enabled: false });
    fails(last, 400, 'enabled');
    expect(last.json<{ message: string }>().message).toContain('至少保留一条');
    fails(await send(ops, 'DELETE', `${base}/${added.id}`), 400, 'enabled');
    const { list } = ok<{ list: AdminCdnLine[] }>(await send(ops, 'GET', base));
    expect(list.filter((line) => line.enabled).map((line) => line.id)).toEqual([added.id]);
    ok(await send(ops, 'PATCH', `${base}/1`, { enabled: true }));
    ok(await send(ops, 'PATCH', `${base}/2`, { enabled: true }));
  });

  it('probes each line: a live one answers, one on a closed port is 不可达', async () => {
    const closed = await closedPort();
    const dead = ok<AdminCdnLine>(
      await send(ops, 'POST', '/settings/sites/2/cdn-lines', { name: '死线路', url: `http://127.0.0.1:${closed}/cdn` }),
    );
    // The path line is asked of the app itself: no listening socket needed.
    const { list } = ok<{ list: LineHealth[] }>(await send(ops, 'GET', '/settings/sites/2/cdn-lines/health?refresh=1'));
    expect(list.find((line) => line.id === 3)).toMatchObject({ state: 'ok', error: null });
    expect(list.find((line) => line.id === 3)!.ms).toBeGreaterThanOrEqual(0);
    expect(list.find((line) => line.id === dead.id)).toMatchObject({ state: 'down', ms: null, error: '连接被拒绝' });
  });

  it('saves a line that probes 不可达 as 停用 and says why; will not switch one on, nor leave a site no live line', async () => {
    const base = '/settings/sites/2/cdn-lines';
    const deadUrl = `http://127.0.0.1:${await closedPort()}/cdn`;
    const downSaved = { notice: '线路不可达，已保存为停用：连接被拒绝' };
    const dead = ok<AdminCdnLine & { notice?: string }>(
      await send(ops, 'POST', base, { name: '坏线路', url: deadUrl }),
    );
    expect(dead).toMatchObject({ url: deadUrl, enabled: false, ...downSaved });
    expect((await auditOf('cdnLine.create')).at(-1)?.after).toMatchObject({ id: dead.id, enabled: false });
    // The probe's answer is kept for the health column.
    const { list } = ok<{ list: LineHealth[] }>(await send(ops, 'GET', `${base}/health`));
    expect(list.find((line) => line.id === dead.id)).toMatchObject({ state: 'down', error: '连接被拒绝' });
    const app = { accountId: '10002', appId: 'tv' };
    const offered = async () =>
      (await h.client.call<CdnLine[]>(API.cdnLines, {}, app)).envelope.data.map((line) => line.cdnLine);
    expect(await offered()).not.toContain(deadUrl);

    // Switched on as it is: refused, naming 启用; saved 停用 on purpose: not probed, no word.
    const on = await send(ops, 'PATCH', `${base}/${dead.id}`, { enabled: true });
    fails(on, 400, 'enabled');
    expect(on.json<{ message: string }>().message).toBe('线路不可达，未启用：连接被拒绝');
    expect(ok(await send(ops, 'POST', base, { name: '备用', url: deadUrl, enabled: false }))).not.toHaveProperty(
      'notice',
    );
    // A live address switches it on; moved back to the dead one, it is saved 停用 again.
    const live = ok<AdminCdnLine>(await send(ops, 'PATCH', `${base}/${dead.id}`, { url: '/cdn/7', enabled: true }));
    expect(live).toEqual({ id: dead.id, name: '坏线路', url: '/cdn/7', sort: expect.any(Number), enabled: true });
    expect(await offered()).toContain('/cdn/7');
    expect(ok(await send(ops, 'PATCH', `${base}/${dead.id}`, { url: deadUrl }))).toMatchObject({
      enabled: false,
      ...downSaved,
    });
    // A rename of an enabled line is not probed.
    ok(await send(ops, 'PATCH', `${base}/3`, { name: '电视线路' }));

    // The site's only enabled line moved to a dead address: refused, the line unchanged.
    const last = await send(ops, 'PATCH', `${base}/3`, { url: deadUrl });
    fails(last, 400, 'url');
    expect(last.json<{ message: string }>().message).toBe(
      '线路不可达，未保存：连接被拒绝（每个站点至少保留一条启用的线路）',
    );
    expect(await offered()).toEqual(['/cdn/1']);
  });

  it('validates VIP plans and coin packages; a past order keeps what it copied', async () => {
    const plans = '/settings/sites/1/vip-plans';
    fails(
      await send(ops, 'POST', plans, { name: '季卡', days: 0, priceFen: 6000, originalPriceFen: 9000 }),
      400,
      'days',
    );
    fails(
      await send(ops, 'POST', plans, { name: '季卡', days: 90, priceFen: 0, originalPriceFen: 9000 }),
      400,
      'priceFen',
    );
    fails(
      await send(ops, 'POST', plans, { name: '季卡', days: 90, priceFen: 6000, originalPriceFen: 5000 }),
      400,
      'originalPriceFen',
    );
    fails(
      await send(ops, 'POST', plans, { code: 'month', name: '季卡', days: 90, priceFen: 6000, originalPriceFen: 9000 }),
      400,
      'code',
    );
    const made = ok<AdminVipPlan>(
      await send(ops, 'POST', plans, { name: '季卡', days: 90, priceFen: 6000, originalPriceFen: 9000 }),
    );
    expect(made).toMatchObject({ name: '季卡', enabled: true, badge: null });
    expect(made.code).toMatch(/^vip-/);
    fails(await send(ops, 'PATCH', `${plans}/${made.id}`, { priceFen: 9500 }), 400, 'originalPriceFen');

    const user = await h.client.registerGuest();
    await h.db.query(
      `INSERT INTO orders (order_no, site_id, user_id, kind, pay_type, title, amount_fen, plan_id, vip_days)
       VALUES ('T1', 1, $1, 'vip', 'alipay', '季卡', 6000, $2, 90)`,
      [user.info.id, made.id],
    );
    ok(await send(ops, 'PATCH', `${plans}/${made.id}`, { priceFen: 7000, days: 100, enabled: false }));
    expect(await h.db.one('SELECT amount_fen, vip_days FROM orders WHERE order_no = $1', ['T1'])).toEqual({
      amount_fen: 6000,
      vip_days: 90,
    });
    const offered = (await h.client.call<{ id: number }[]>(API.vipPlans, {}, { token: user.token })).envelope.data;
    expect(offered.map((plan) => plan.id)).not.toContain(made.id);
    fails(await send(ops, 'DELETE', `${plans}/${made.id}`), 404);

    const packages = '/settings/sites/1/coin-packages';
    fails(await send(ops, 'POST', packages, { coins: 0, priceFen: 100 }), 400, 'coins');
    fails(await send(ops, 'POST', packages, { coins: 10, priceFen: 100, bonusCoins: -1 }), 400, 'bonusCoins');
    const pack = ok<AdminCoinPackage>(
      await send(ops, 'POST', packages, { coins: 500, bonusCoins: 50, priceFen: 4500 }),
    );
    ok(await send(ops, 'PATCH', `${packages}/${pack.id}`, { enabled: false }));
    expect((await auditOf('coinPackage.update'))[0]).toMatchObject({
      before: { enabled: true },
      after: { enabled: false },
    });
  });

  it('edits goods and their stock, never below zero', async () => {
    const base = '/settings/sites/1/goods';
    fails(
      await send(ops, 'POST', base, { name: '会员7天', kind: 'vip_days', value: 0, pointsCost: 100, stock: 5 }),
      400,
      'value',
    );
    fails(
      await send(ops, 'POST', base, { name: '会员7天', kind: 'vip_days', value: 7, pointsCost: 100, stock: -1 }),
      400,
      'stock',
    );
    fails(
      await send(ops, 'POST', base, { name: '会员7天', kind: 'gift', value: 7, pointsCost: 100, stock: 1 }),
      400,
      'kind',
    );
    fails(
      await send(ops, 'POST', base, {
        name: '会员7天',
        kind: 'vip_days',
        value: 7,
        pointsCost: 100,
        stock: 1,
        perUserLimit: 0,
      }),
      400,
      'perUserLimit',
    );
    const made = ok<AdminGoods>(
      await send(ops, 'POST', base, {
        name: '会员7天',
        kind: 'vip_days',
        value: 7,
        pointsCost: 100,
        stock: 5,
        perUserLimit: 1,
      }),
    );
    const stock = `${base}/${made.id}/stock`;
    expect(ok<AdminGoods>(await send(ops, 'POST', stock, { delta: 3 })).stock).toBe(8);
    fails(await send(ops, 'POST', stock, { delta: -9 }), 400, 'delta');
    fails(await send(ops, 'POST', stock, { delta: 1, set: 2 }), 400);
    expect(ok<AdminGoods>(await send(ops, 'POST', stock, { set: 2 })).stock).toBe(2);
    const edited = ok<AdminGoods>(
      await send(ops, 'PATCH', `${base}/${made.id}`, { perUserLimit: null, enabled: false }),
    );
    expect(edited).toMatchObject({ perUserLimit: null, enabled: false, stock: 2 });
    expect((await auditOf('goods.stock')).map((row) => (row.after as { stock: number }).stock)).toEqual([8, 2]);
  });

  it('edits the shared dictionary; a site-limited operator reads it but cannot change it', async () => {
    fails(await send(ops, 'POST', '/settings/dictionary', { type: 'region', key: 'hk', label: '' }), 400, 'label');
    fails(await send(ops, 'POST', '/settings/dictionary', { type: '地区', key: 'hk', label: '香港' }), 400, 'type');
    ok(await send(ops, 'POST', '/settings/dictionary', { type: 'region', key: 'hk', label: '香港', sort: 2 }));
    fails(await send(ops, 'POST', '/settings/dictionary', { type: 'region', key: 'hk', label: '香港' }), 400, 'key');
    ok(await send(ops, 'PATCH', '/settings/dictionary/region/hk', { label: '中国香港' }));
    const { list, types } = ok<{ list: { label: string }[]; types: string[] }>(
      await send(ops, 'GET', '/settings/dictionary?type=region'),
    );
    expect(types).toContain('region');
    expect(list.map((row) => row.label)).toEqual(['中国香港']);
    const limited = await signIn(h.app, h.db, 'ops', [2]);
    ok(await send(limited, 'GET', '/settings/dictionary'));
    fails(await send(limited, 'PATCH', '/settings/dictionary/region/hk', { label: 'x' }), 403);
    ok(await send(ops, 'DELETE', '/settings/dictionary/region/hk'));
    fails(await send(ops, 'DELETE', '/settings/dictionary/region/hk'), 404);
  });

  it('keeps a site-limited operator to its sites, and moderators and finance out', async () => {
    const limited = await signIn(h.app, h.db, 'ops', [2]);
    const sites = ok<{ list: SettingsSite[] }>(await send(limited, 'GET', '/settings/sites'));
    expect(sites.list.map((site) => site.id)).toEqual([2]);
    ok(await send(limited, 'GET', '/settings/sites/2/banners'));
    fails(await send(limited, 'GET', '/settings/sites/1/banners'), 403);
    fails(await send(limited, 'GET', '/settings/sites/1/cdn-lines/health'), 403);
    fails(await send(limited, 'POST', '/settings/sites/1/cdn-lines', { name: 'x', url: '/cdn/9' }), 403);
    fails(await send(limited, 'PATCH', '/settings/sites/1', { title: '改' }), 403);
    fails(await send(limited, 'PATCH', '/settings/sites/1/vip-plans/1', { name: '改' }), 403);
    fails(
      await send(limited, 'POST', '/settings/sites', { host: 'a.example.com', title: 'A', primaryColor: '#000000' }),
      403,
    );
    for (const role of ['moderator', 'finance'] as const) {
      const other = await signIn(h.app, h.db, role);
      fails(await send(other, 'GET', '/settings/sites'), 403);
      fails(await send(other, 'GET', '/settings/sites/1/banners'), 403);
      fails(await send(other, 'POST', '/settings/sites/1/banners', { title: 'x', image: 'a.webp', link: '/' }), 403);
    }
    fails(await send(ops, 'GET', '/settings/sites/99/banners'), 404);
    expect(await h.db.one('SELECT title FROM sites WHERE id = 1')).toEqual({ title: '影视社区' });
  });

  it('adds a branded site (super only) that answers its own title and works at once', async () => {
    const body = { host: 'Film.Example.com', title: '电影站', primaryColor: '#12AB34' };
    fails(await send(ops, 'POST', '/settings/sites', body), 403);
    fails(await send(root, 'POST', '/settings/sites', { ...body, host: 'bad host' }), 400, 'host');
    fails(await send(root, 'POST', '/settings/sites', { ...body, primaryColor: 'red' }), 400, 'primaryColor');
    fails(await send(root, 'POST', '/settings/sites', { ...body, host: 'TV.example.com' }), 400, 'host');
    const site = ok<SettingsSite>(await send(root, 'POST', '/settings/sites', body));
    expect(site).toMatchObject({
      host: 'film.example.com',
      title: '电影站',
      primaryColor: '#12ab34',
      accountId: '10003',
      appId: 'site10003',
    });

    const info = await h.app.inject({ method: 'GET', url: '/api/fetch-data', headers: { host: 'film.example.com' } });
    expect(info.json()).toMatchObject({ siteInfo: { title: '电影站', primaryColor: '#12ab34', accountId: '10003' } });
    const call = { accountId: site.accountId, appId: site.appId };
    const lines = (await h.client.call<CdnLine[]>(API.cdnLines, {}, call)).envelope.data;
    expect(lines.map((line) => line.cdnLine)).toEqual(['/cdn/1']);
    const guest = await h.client.call<{ token: string }>(
      API.registerDevice,
      { deviceId: 'a'.repeat(24), deviceType: 3 },
      call,
    );
    expect(guest.envelope.code, guest.envelope.msg).toBe(0);
    const plans = (await h.client.call<AdminVipPlan[]>(API.vipPlans, {}, { ...call, token: guest.envelope.data.token }))
      .envelope.data;
    expect(plans.map((plan) => plan.name)).toEqual(['月卡']);

    fails(await send(ops, 'PATCH', `/settings/sites/${site.id}`, { host: 'localhost' }), 400, 'host');
    ok(await send(ops, 'PATCH', `/settings/sites/${site.id}`, { title: '电影站·新' }));
    const again = await h.app.inject({ method: 'GET', url: '/api/fetch-data', headers: { host: 'film.example.com' } });
    expect(again.json()).toMatchObject({ siteInfo: { title: '电影站·新' } });
    expect((await auditOf('site.update'))[0]).toMatchObject({
      before: { title: '电影站' },
      after: { title: '电影站·新' },
    });
  });

  it('turns a site’s MacCMS feed on with the levels it lists and a key; off until then, and for a new site', async () => {
    await h.db.exec(`
      INSERT INTO categories (id, parent_id, name, route, sort, depth) VALUES (1, NULL, '电影', '/movie', 1, 1), (11, 1, '动作', NULL, 1, 2);
      INSERT INTO movies (id, title, description, poster, duration_s, category_id, access, trial_s, year, published_at)
      VALUES (1, '免费片', '', 'posters/m1', 60, 11, 'free', 0, 2024, now() - interval '1 day'),
             (2, '会员片', '', 'posters/m2', 60, 11, 'vip', 30, 2024, now() - interval '1 day');`);
    const feed = async (key = '') => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api.php/provide/vod?ac=list${key}`,
        headers: { host: 'tv.example.com' },
      });
      return { status: res.statusCode, body: res.json<{ code: number; total?: number }>() };
    };
    const before = ok<{ list: SettingsSite[] }>(await send(ops, 'GET', '/settings/sites')).list.find(
      (site) => site.id === 2,
    )!;
    expect(before).toMatchObject({ feedEnabled: false, feedAccess: 'free', feedKey: null });
    expect((await feed()).status).toBe(404);

    fails(await send(ops, 'PATCH', '/settings/sites/2', { feedAccess: 'vip' }), 400, 'feedAccess');
    fails(await send(ops, 'PATCH', '/settings/sites/2', { feedKey: 'short' }), 400, 'feedKey');
    fails(await send(ops, 'PATCH', '/settings/sites/2', { feedKey: 'has space in it' }), 400, 'feedKey');
    const on = ok<SettingsSite>(await send(ops, 'PATCH', '/settings/sites/2', { feedEnabled: true }));
    expect(on).toMatchObject({ feedEnabled: true, feedAccess: 'free', feedKey: null, title: '电视站' });
    expect(await feed()).toMatchObject({ status: 200, body: { code: 1, total: 1 } });

    const keyed = ok<SettingsSite>(
      await send(ops, 'PATCH', '/settings/sites/2', { feedAccess: 'free,vip', feedKey: ' tv-feed_2026 ' }),
    );
    expect(keyed).toMatchObject({ feedEnabled: true, feedAccess: 'free,vip', feedKey: 'tv-feed_2026' });
    expect((await feed()).status).toBe(403);
    expect(await feed('&key=tv-feed_2026')).toMatchObject({ status: 200, body: { total: 2 } });
    // A blank key is none; the demo site's feed is its own.
    ok(await send(ops, 'PATCH', '/settings/sites/2', { feedKey: '' }));
    expect(await feed()).toMatchObject({ status: 200, body: { total: 2 } });
    expect((await auditOf('site.update')).at(-1)).toMatchObject({
      before: { feedKey: 'tv-feed_2026' },
      after: { feedKey: null, feedAccess: 'free,vip' },
    });
    const made = ok<SettingsSite>(
      await send(root, 'POST', '/settings/sites', {
        host: 'feed.example.com',
        title: '新站',
        primaryColor: '#123456',
        feedEnabled: true,
      }),
    );
    expect(made).toMatchObject({ feedEnabled: false, feedAccess: 'free' });
  });

  it('stores uploaded banner images and site icons at their sizes', async () => {
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const upload = (url: string, data: Buffer, type = 'image/png') =>
      h.app.inject({
        method: 'POST',
        url: `/admin-api${url}`,
        headers: { ...ops.header, 'content-type': type },
        payload: data,
      });
    const image = ok<{ url: string; width: number; height: number }>(
      await upload('/settings/images?purpose=banner', png),
    );
    expect(image).toMatchObject({ width: 1200, height: 480 });
    expect((await h.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
    fails(await upload('/settings/images?purpose=banner', Buffer.from('not an image')), 400, 'file');
    fails(await upload('/settings/images?purpose=poster', png), 400, 'purpose');
    const wide = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    fails(await upload('/settings/sites/1/icon', wide), 400, 'file');
    const site = ok<SettingsSite>(await upload('/settings/sites/1/icon', png));
    const meta = await sharp((await h.app.inject({ method: 'GET', url: site.icons!['192'] })).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([192, 192]);
    ok(await send(ops, 'POST', '/settings/sites/1/banners', { title: '上传的', image: image.url, link: '/' }));
  });
});

describe.each(DB_KINDS)('freshness across processes on %s', (kind) => {
  it('shows a banner change and a new site on a second process within READ_CACHE_MS', async () => {
    const READ_CACHE_MS = 400;
    const h = await createHarness(kind, { seed: seedSites, config: { READ_CACHE_MS } });
    const other = await buildApp({ config: configWith({ ...h.config }), db: h.db });
    try {
      const ops = await signIn(h.app, h.db, 'super');
      const visitor = createTestClient(other, h.config);
      const titles = async () => (await visitor.call<HomeData>(API.home)).envelope.data.banners.map((b) => b.title);
      expect(await titles()).toEqual([]);
      await h.app.inject({ method: 'GET', url: '/api/fetch-data', headers: { host: 'new.example.com' } });
      expect(
        (await other.inject({ method: 'GET', url: '/api/fetch-data', headers: { host: 'new.example.com' } })).json(),
      ).toMatchObject({
        siteInfo: { accountId: '10001' },
      });

      const made = await h.app.inject({
        method: 'POST',
        url: '/admin-api/settings/sites/1/banners',
        headers: ops.header,
        payload: { title: '新横幅', image: 'banners/n.webp', link: '/' },
      });
      expect(made.statusCode, made.body).toBe(200);
      const site = await h.app.inject({
        method: 'POST',
        url: '/admin-api/settings/sites',
        headers: ops.header,
        payload: { host: 'new.example.com', title: '新站', primaryColor: '#000000' },
      });
      expect(site.statusCode, site.body).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, READ_CACHE_MS + 50));
      // The other process answers the change once the read cache's time has passed.
      expect(await titles()).toEqual(['新横幅']);
      const info = await other.inject({ method: 'GET', url: '/api/fetch-data', headers: { host: 'new.example.com' } });
      expect(info.json()).toMatchObject({ siteInfo: { title: '新站' } });
    } finally {
      await other.close();
      await h.close();
    }
  });
});

/** A port nothing listens on (taken, then freed). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

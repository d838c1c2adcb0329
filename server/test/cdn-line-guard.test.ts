/**
 * CDN lines and the outbound guard (server/net/outbound.ts): a line whose host is not a public
 * address is refused on save (400 `url` 线路地址必须是公网地址) whatever the spelling of the address,
 * and the health check of such a line (one stored before the rule, or a name that resolves to a
 * private address) sends nothing there and shows neither a status nor a time. A redirect to a private
 * address is not followed. Every request of these tests goes to a recording server on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineHealth } from '../../contract/admin/settings.ts';
import { signInOperator, type SignedInOperator } from './admin-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { RecordingServer, stubResolver } from './outbound-fixture.ts';

const REFUSED = '线路地址必须是公网地址';

/** Ways of writing this host (each reaches 127.0.0.1 when dialled), and other private addresses. */
const loopbackSpellings = (port: number): string[] => [
  `http://127.0.0.1:${port}/admin-api/operators#`,
  `http://[::ffff:127.0.0.1]:${port}/cdn`,
  `http://[::ffff:7f00:1]:${port}/cdn`,
  `http://2130706433:${port}/cdn`,
  `http://0x7f000001:${port}/cdn`,
  `http://0177.0.0.1:${port}/cdn`,
  `http://0x7f.1:${port}/cdn`,
  `http://127.1:${port}/cdn`,
  `http://127.0.0.1.:${port}/cdn`,
  `http://１２７.０.０.１:${port}/cdn`,
  `http://cdn.example.com@127.0.0.1:${port}/cdn`,
  `http://0.0.0.0:${port}/cdn`,
  `http://0:${port}/cdn`,
  `http://localhost:${port}/cdn`,
  `http://LOCALHOST.:${port}/cdn`,
  `http://[::1]:${port}/cdn`,
  `http://[::]:${port}/cdn`,
];
const otherPrivate = [
  'http://10.0.0.1/cdn',
  'http://172.16.5.4/cdn',
  'http://192.168.1.1/cdn',
  'http://169.254.169.254/latest/meta-data',
  'http://100.100.100.200/latest',
  'http://[fd00:ec2::254]/latest',
  'http://[fe80::1]/cdn',
  'http://[::127.0.0.1]/cdn',
  'http://[64:ff9b::a00:1]/cdn',
  'http://[2002:a00:1::]/cdn',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/cdn',
  'http://media.internal/cdn',
  'http://nas.local/cdn',
  'http://intranet/cdn',
  'https://cdn.example.com:443@10.0.0.1/cdn',
];

describe.each(DB_KINDS)('CDN lines on private addresses on %s', (kind) => {
  let h: Harness;
  let recorder: RecordingServer;
  let limitedOps: SignedInOperator;

  beforeAll(async () => {
    recorder = await RecordingServer.start();
    h = await createHarness(kind, {
      seed: async (db) => {
        await db.query(`INSERT INTO cdn_lines (site_id, name, url, sort) VALUES (1, '线路一', '/cdn/1', 1)`);
      },
      resolve: stubResolver({ 'cdn.rebind.example': ['127.0.0.1'] }),
    });
    limitedOps = await signInOperator(h, { role: 'ops', siteIds: [1] });
  });
  afterAll(async () => {
    await h?.close();
    await recorder?.close();
  });

  const base = '/admin-api/settings/sites/1/cdn-lines';

  it('refuses to save a line on a private address, however it is written', async () => {
    for (const url of [...loopbackSpellings(recorder.port), ...otherPrivate]) {
      const res = await limitedOps.call('POST', base, { name: '内网', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ field: 'url', message: expect.stringMatching(/公网|线路地址/) });
    }
    // The address itself (not its form) is what is refused, on an edit too.
    for (const url of [`http://2130706433:${recorder.port}/cdn`, 'http://[::ffff:10.0.0.1]/cdn']) {
      const res = await limitedOps.call('PATCH', `${base}/1`, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ field: 'url', message: REFUSED });
    }
    // Forms that are not a base to append a path to.
    for (const url of ['https://cdn.example.com/media?x=1', 'https://cdn.example.com/media#x', '//cdn.example.com/x']) {
      const res = await limitedOps.call('POST', base, { name: '坏格式', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ field: string }>().field).toBe('url');
    }
    const fine = await limitedOps.call('POST', base, { name: '公网', url: 'https://cdn3.example.com/media/' });
    expect(fine.statusCode, fine.body).toBe(200);
    const rows = await h.db.query<{ url: string }>('SELECT url FROM cdn_lines WHERE site_id = 1 ORDER BY id');
    expect(rows.map((row) => row.url)).toEqual(['/cdn/1', 'https://cdn3.example.com/media']);
    expect(recorder.hits).toEqual([]);
  });

  it('checks the health of a stored line on a private address without sending anything there', async () => {
    // Lines stored before the rule (or by hand) are refused all the same, and so is a public-looking
    // name whose address is private (a name is resolved when it is asked, not when it is saved).
    const urls = [...loopbackSpellings(recorder.port), `http://cdn.rebind.example:${recorder.port}/cdn`];
    // Saved enabled, it is probed through the guard at once: refused, so it is saved 停用.
    const named = await limitedOps.call('POST', base, { name: '域名', url: urls.at(-1) });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ enabled: false, notice: `线路不可达，已保存为停用：${REFUSED}` });
    await h.db.query(
      `INSERT INTO cdn_lines (site_id, name, url, sort) SELECT 1, '旧线路', u, 100 FROM unnest($1::text[]) AS u`,
      [urls.slice(0, -1)],
    );
    const res = await limitedOps.call('GET', `${base}/health?refresh=1`);
    expect(res.statusCode, res.body).toBe(200);
    const health = new Map(res.json<{ list: LineHealth[] }>().list.map((line) => [line.id, line]));
    const stored = await h.db.query<{ id: number; url: string }>(
      'SELECT id, url FROM cdn_lines WHERE site_id = 1 ORDER BY id',
    );
    let refused = 0;
    for (const { id, url } of stored) {
      if (url.startsWith('/')) {
        // A path of this server (as the demo's lines are): asked of the app itself.
        expect(health.get(id), url).toMatchObject({ state: 'ok', error: null });
      } else if (urls.includes(url)) {
        expect(health.get(id), url).toEqual({
          id,
          state: 'down',
          ms: null,
          error: REFUSED,
          checkedAt: expect.any(Number),
        });
        refused += 1;
      }
    }
    expect(refused).toBe(urls.length);
    expect(recorder.hits).toEqual([]);
  });
});

describe.each(DB_KINDS)('CDN line health and redirects on %s', (kind) => {
  let h: Harness;
  let recorder: RecordingServer;
  let ops: SignedInOperator;

  beforeAll(async () => {
    recorder = await RecordingServer.start();
    // Test mode: lines on http://127.0.0.1 (the recording server) are let through.
    h = await createHarness(kind, { config: { OUTBOUND_TEST_HOSTS: 'loopback' } });
    ops = await signInOperator(h, { role: 'ops', siteIds: [1] });
  });
  afterAll(async () => {
    await h?.close();
    await recorder?.close();
  });

  it('does not follow a redirect to a private address, and follows one to an allowed host', async () => {
    const targets = [
      `http://localhost:${recorder.port}/secret/a`,
      `http://[::ffff:127.0.0.1]:${recorder.port}/secret/b`,
      `http://0.0.0.0:${recorder.port}/secret/c`,
      `/secret/d`, // relative: the same host, allowed; its own redirect goes on to a private address
    ];
    recorder.answer('/secret/d', { status: 302, headers: { location: `http://localhost:${recorder.port}/secret/e` } });
    // First a line that answers (probed as it is saved): the site's one enabled line.
    recorder.answer('/hop/ok/ping', { status: 301, headers: { location: '/fine' } });
    const fine = await ops.call('POST', '/admin-api/settings/sites/1/cdn-lines', {
      name: '跳转到公网',
      url: `${recorder.origin}/hop/ok`,
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json()).toMatchObject({ enabled: true });
    const lines: { id: number; hop: number }[] = [];
    for (const [i, target] of targets.entries()) {
      recorder.answer(`/hop/${i}/ping`, { status: 302, headers: { location: target } });
      const res = await ops.call('POST', '/admin-api/settings/sites/1/cdn-lines', {
        name: `跳转 ${i}`,
        url: `${recorder.origin}/hop/${i}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      // Probed as it is saved: the redirect is refused, so the line is saved 停用.
      expect(res.json()).toMatchObject({ enabled: false, notice: expect.stringContaining('重定向的目标不是公网地址') });
      lines.push({ id: res.json<{ id: number }>().id, hop: i });
    }

    const res = await ops.call('GET', '/admin-api/settings/sites/1/cdn-lines/health?refresh=1');
    expect(res.statusCode, res.body).toBe(200);
    const health = new Map(res.json<{ list: LineHealth[] }>().list.map((line) => [line.id, line]));
    for (const { id, hop } of lines) {
      expect(health.get(id), targets[hop]).toMatchObject({
        state: 'down',
        ms: null,
        error: '重定向的目标不是公网地址',
      });
    }
    expect(health.get(fine.json<{ id: number }>().id)).toMatchObject({ state: 'ok', error: null });
    expect(recorder.hitsUnder('/secret/').filter((hit) => !hit.endsWith('/secret/d'))).toEqual([]);
    expect(recorder.hits).toContain('HEAD /fine');
  });
});

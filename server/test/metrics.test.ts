/**
 * The Prometheus metrics as docs/operations.md "Metrics and health" promises them: /metrics in the
 * text format (checked by a strict parser), its series moving with traffic (requests by route
 * pattern and status with their times, product calls by path and envelope code, the store's
 * statements, pg-boss's queues, push deliveries, Redis), and never public: nothing without
 * METRICS_PORT or METRICS_TOKEN, the bearer on the app's port, or a listener of its own.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { newServerSecret } from '../config.ts';
import { MEMBER_VIDEO_QUEUE } from '../media/video-jobs.ts';
import { dataOf } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { newMember, noticeOf, notify, seedNoticeTargets, setPostAuthor, writeReply } from './notice-fixture.ts';
import { parsePrometheusText, sampleValue, type Family } from './prometheus-text.ts';
import { FakePushService, newSubscriber } from './push-service.ts';

describe('the test parser of the Prometheus text format', () => {
  const good = [
    '# HELP a_total Things.',
    '# TYPE a_total counter',
    'a_total{path="/x",code="0"} 3',
    '# TYPE h histogram',
    'h_bucket{le="0.1"} 1',
    'h_bucket{le="+Inf"} 2',
    'h_sum 0.3',
    'h_count 2',
    '',
  ].join('\n');

  it('reads families, types, labels and values', () => {
    const families = parsePrometheusText(good);
    expect(families.get('a_total')).toMatchObject({ type: 'counter', help: 'Things.' });
    expect(sampleValue(families, 'a_total', { path: '/x', code: '0' })).toBe(3);
    expect(sampleValue(families, 'h_count')).toBe(2);
  });

  it.each([
    ['a sample without a value', 'a_total{path="/x"}\n'],
    ['a bad metric name', '1a 3\n'],
    ['an unquoted label value', 'a{b=c} 1\n'],
    ['a bad value', 'a 1,5\n'],
    ['a TYPE after the samples', 'a 1\n# TYPE a gauge\n'],
    ['a series twice', 'a{b="1"} 1\na{b="1"} 2\n'],
    ['a family split in two', 'a 1\nb 1\na{c="1"} 1\n'],
    ['a histogram whose +Inf bucket is not its count', good.replace('h_count 2', 'h_count 3')],
    ['no newline at the end', 'a 1'],
  ])('refuses %s', (_what, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});

async function scrape(h: Harness, headers: Record<string, string>): Promise<Map<string, Family>> {
  const res = await h.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(res.body);
}

describe.each(DB_KINDS)('metrics on %s', (kind) => {
  describe('without METRICS_PORT or METRICS_TOKEN', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness(kind);
    });
    afterAll(() => h?.close());

    it('has no /metrics: a 404 like any path that is not a file', async () => {
      for (const headers of [{}, { authorization: 'Bearer anything-at-all-123' }]) {
        const res = await h.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toMatch(/station_|process_/);
      }
      expect(h.app.metrics).toBeNull();
      expect(await h.app.metricsListener.listen()).toBeNull();
    });
  });

  describe('with METRICS_TOKEN', () => {
    const token = newServerSecret();
    const bearer = { authorization: `Bearer ${token}` };
    let h: Harness;
    beforeAll(async () => {
      // JOBS=off: the queued job below stays queued.
      h = await createHarness(kind, { config: { METRICS_TOKEN: token, JOBS: 'off' } });
    });
    afterAll(() => h?.close());

    it('refuses a scrape without the bearer or with another one (401)', async () => {
      for (const headers of [
        {},
        { authorization: `Bearer ${newServerSecret()}` },
        { authorization: `Bearer ${token}x` },
        { authorization: `Basic ${Buffer.from(`metrics:${token}`).toString('base64')}` },
        { authorization: token },
      ]) {
        const res = await h.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.body).not.toMatch(/station_|process_/);
      }
    });

    it('serves every family in the text format, with HELP and TYPE', async () => {
      const families = await scrape(h, bearer);
      for (const name of [
        'station_http_requests_total',
        'station_http_request_duration_seconds',
        'station_api_calls_total',
        'station_db_query_duration_seconds',
        'station_db_transaction_duration_seconds',
        'station_push_deliveries_total',
        'station_jobs',
        'process_cpu_user_seconds_total',
        'nodejs_eventloop_lag_seconds',
      ]) {
        const family = families.get(name);
        expect(family, name).toBeDefined();
        expect(family!.help, name).toBeTruthy();
      }
      expect(families.get('station_http_request_duration_seconds')!.type).toBe('histogram');
      expect(families.get('station_api_calls_total')!.type).toBe('counter');
      // PGlite is one connection: the pool's figures are PostgreSQL's.
      expect(families.has('station_db_pool_connections')).toBe(kind === 'postgres');
      // Redis only when REDIS_URL is set.
      expect(families.has('station_redis_up')).toBe(false);
    });

    it('counts requests by route pattern and status, calls by path and code, and statements', async () => {
      const route = { method: 'POST', route: `/api${API.registerDevice}`, status: '200' };
      const before = await scrape(h, bearer);
      await h.client.registerGuest();
      await h.client.registerGuest();
      // Bad input and an unknown call: codes 2 and 6, the unknown path under one label.
      expect((await h.client.call(API.registerDevice, { deviceId: 'short', deviceType: 3 })).envelope.code).toBe(
        Code.InvalidParams,
      );
      const unknownPath = `/no/such/call/${randomBytes(4).toString('hex')}`;
      expect((await h.client.call(unknownPath)).envelope.code).toBe(Code.NotFound);
      // A page that is no route: counted under one label, never its URL.
      await h.app.inject({ method: 'GET', url: `/nowhere/${randomBytes(4).toString('hex')}.js` });
      const after = await scrape(h, bearer);

      const grew = (name: string, labels: Record<string, string>) =>
        sampleValue(after, name, labels) - sampleValue(before, name, labels);
      expect(grew('station_http_requests_total', route)).toBe(3);
      expect(grew('station_http_request_duration_seconds_count', route)).toBe(3);
      expect(sampleValue(after, 'station_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
      expect(grew('station_api_calls_total', { path: API.registerDevice, code: '0' })).toBe(2);
      expect(grew('station_api_calls_total', { path: API.registerDevice, code: String(Code.InvalidParams) })).toBe(1);
      expect(grew('station_api_calls_total', { path: '(unknown)', code: String(Code.NotFound) })).toBe(1);
      expect(grew('station_http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' })).toBe(1);
      expect(grew('station_db_query_duration_seconds_count', { statement: 'select' })).toBeGreaterThan(0);
      expect(grew('station_db_transaction_duration_seconds_count', { outcome: 'commit' })).toBeGreaterThan(0);
      // The scrape before this one was counted too, under its route.
      expect(sampleValue(after, 'station_http_requests_total', { route: '/metrics', status: '200' })).toBeGreaterThan(
        0,
      );
      // No URL made it into a label.
      const labels = [...after.values()].flatMap((f) => f.samples.flatMap((s) => Object.values(s.labels)));
      expect(labels.filter((value) => value.includes('/no/such') || value.includes('/nowhere'))).toEqual([]);
    });

    it("reads pg-boss's queues when scraped", async () => {
      const queue = { queue: MEMBER_VIDEO_QUEUE };
      const before = sampleValue(await scrape(h, bearer), 'station_jobs', { ...queue, state: 'queued' });
      await h.app.jobWorkers.jobs.send(MEMBER_VIDEO_QUEUE, { uploadId: 0 });
      const after = await scrape(h, bearer);
      expect(sampleValue(after, 'station_jobs', { ...queue, state: 'queued' })).toBe(before + 1);
      expect(sampleValue(after, 'station_jobs', { ...queue, state: 'active' })).toBe(0);
      expect(after.get('station_jobs')!.samples.some((s) => s.labels.state === 'failed')).toBe(true);
    });

    it.runIf(kind === 'postgres')("reads the PostgreSQL pool's figures when scraped", async () => {
      const families = await scrape(h, bearer);
      expect(sampleValue(families, 'station_db_pool_connections')).toBeGreaterThan(0);
      expect(sampleValue(families, 'station_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(families, 'station_db_pool_waiting_requests')).toBe(0);
    });
  });

  describe('with METRICS_PORT', () => {
    let h: Harness;
    let base: string;
    beforeAll(async () => {
      h = await createHarness(kind, { config: { METRICS_PORT: 0, METRICS_HOST: '127.0.0.1' } });
      const at = await h.app.metricsListener.listen();
      base = `http://127.0.0.1:${at!.port}`;
    });
    afterAll(() => h?.close());

    it('serves /metrics on its own listener, and not on the app port', async () => {
      await h.client.registerGuest();
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      const families = parsePrometheusText(await res.text());
      expect(sampleValue(families, 'station_api_calls_total', { path: API.registerDevice, code: '0' })).toBe(1);
      expect((await fetch(`${base}/healthz`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
      const onApp = await h.app.inject({ method: 'GET', url: '/metrics' });
      expect(onApp.statusCode).toBe(404);
    });

    it('closes its listener with the app', async () => {
      await h.close();
      await expect(fetch(`${base}/metrics`)).rejects.toThrow();
    });
  });

  describe('with METRICS_PORT and METRICS_TOKEN', () => {
    const token = newServerSecret();
    let h: Harness;
    let base: string;
    beforeAll(async () => {
      h = await createHarness(kind, { config: { METRICS_PORT: 0, METRICS_HOST: '127.0.0.1', METRICS_TOKEN: token } });
      base = `http://127.0.0.1:${(await h.app.metricsListener.listen())!.port}`;
    });
    afterAll(() => h?.close());

    it('asks for the bearer on its own listener, and has no /metrics on the app port', async () => {
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const served = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(served.status).toBe(200);
      parsePrometheusText(await served.text());
      const onApp = await h.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(onApp.statusCode).toBe(404);
    });
  });

  describe('push deliveries', () => {
    const token = newServerSecret();
    let h: Harness;
    let service: FakePushService;
    beforeAll(async () => {
      service = await FakePushService.start();
      h = await createHarness(kind, {
        seed: seedNoticeTargets,
        config: { METRICS_TOKEN: token, OUTBOUND_TEST_HOSTS: 'loopback', PUSH_JOBS: 'off' },
      });
    });
    afterAll(async () => {
      await h?.close();
      await service?.close();
    });

    it('counts each delivery by outcome', async () => {
      const [owner, replier] = [await newMember(h, '楼主'), await newMember(h, '回复者')];
      await setPostAuthor(h.db, owner.id);
      const endpoint = service.endpoint();
      const subscriber = newSubscriber();
      await dataOf(h.client, API.pushSubscribe, { endpoint, keys: subscriber.keys }, owner.token);
      const reply = await writeReply(h.db, replier.id, '说得好');
      await notify(h.db, [noticeOf('reply', owner.id, replier.id, reply)]);
      h.app.pushJobs.wake();
      await h.app.pushJobs.idle();
      expect(await service.waitFor(endpoint)).toHaveLength(1);
      const families = await scrape(h, { authorization: `Bearer ${token}` });
      expect(sampleValue(families, 'station_push_deliveries_total', { outcome: 'sent' })).toBe(1);
    });
  });

  describe.runIf(process.env.REDIS_URL)('with REDIS_URL', () => {
    const token = newServerSecret();
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness(kind, {
        config: {
          METRICS_TOKEN: token,
          REDIS_URL: process.env.REDIS_URL,
          REDIS_PREFIX: `metrics-${randomBytes(4).toString('hex')}:`,
        },
      });
    });
    afterAll(() => h?.close());

    it('says Redis answers', async () => {
      const families = await scrape(h, { authorization: `Bearer ${token}` });
      expect(sampleValue(families, 'station_redis_up')).toBe(1);
    });
  });
});

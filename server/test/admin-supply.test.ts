/**
 * 资源采集 of the console (docs/admin-api.md, "Collection") on both stores: sources' CRUD and their
 * checks (a private, loopback or non-http URL refused as it is saved, a name taken, a bad schedule),
 * roles (审核 and 财务 get 403; a 运营 limited to some sites reads but changes nothing), the preview of
 * a source's classes read from a small MacCMS feed on 127.0.0.1 (and from a dead port: the reason,
 * never a 5xx), the mapping (only movie categories), and runs: refused while the source is disabled,
 * unmapped or busy; started and followed to 完成 with its log; paused and resumed; audit rows.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type {
  RunItemPage,
  SourceClasses,
  SupplyRun,
  SupplyRunPage,
  SupplySource,
} from '../../contract/admin/supply.ts';
import type { Db } from '../db/db.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { signInOperator, type SignedInOperator } from './admin-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

async function seedCategories(db: Db): Promise<void> {
  await db.query(`INSERT INTO categories (id, parent_id, name, route, sort, depth) VALUES
    (1, NULL, '影视', '/movie', 1, 1), (11, 1, '电影', NULL, 1, 2), (12, 1, '电视剧', NULL, 2, 2),
    (2, NULL, '论坛', '/forum', 2, 1)`);
}

/** A MacCMS v10 JSON feed of a few titles in three classes, as resource sites answer (numbers as strings too). */
async function startFeed(): Promise<{ server: Server; url: string; hits: string[] }> {
  const poster = await sharp({ create: { width: 300, height: 420, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  const classes = [
    { type_id: 1, type_name: '电影' },
    { type_id: 2, type_name: '电视剧' },
    { type_id: '3', type_name: '综艺' },
  ];
  const hits: string[] = [];
  let base = '';
  const videos = Array.from({ length: 5 }, (_, i) => {
    const id = i + 1;
    const type = id <= 3 ? 1 : 2;
    return {
      vod_id: id,
      vod_name: `采集影片${id}`,
      type_id: type,
      type_name: type === 1 ? '电影' : '电视剧',
      vod_en: `caiji${id}`,
      vod_time: '2024-05-01 12:00:00',
      vod_remarks: type === 1 ? 'HD' : '更新至第2集',
      vod_play_from: 'ffm3u8',
      vod_pic: '',
      vod_actor: '演员甲,演员乙',
      vod_director: '导演',
      vod_content: `<p>第${id}部的<b>简介</b></p>`,
      vod_blurb: '',
      vod_area: '大陆',
      vod_lang: '国语',
      vod_year: '2024',
      vod_score: '8.0',
      vod_class: '剧情',
      vod_total: type === 1 ? 1 : 2,
      vod_serial: type === 1 ? '0' : '2',
      vod_isend: 1,
      vod_play_server: 'no',
      vod_play_note: '',
      vod_play_url:
        type === 1
          ? `正片$https://cdn.example.com/v${id}/index.m3u8`
          : `第01集$https://cdn.example.com/v${id}/1.m3u8#第02集$https://cdn.example.com/v${id}/2.m3u8`,
    };
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    hits.push(url.search);
    if (url.pathname === '/poster.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(poster);
    const ac = url.searchParams.get('ac') ?? 'list';
    const t = Number(url.searchParams.get('t') || 0);
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean).map(Number);
    const pg = Math.max(1, Number(url.searchParams.get('pg') || 1));
    const limit = 2;
    const matching = videos.filter((v) => (!t || v.type_id === t) && (ids.length === 0 || ids.includes(v.vod_id)));
    const pageItems = matching
      .slice((pg - 1) * limit, pg * limit)
      .map((v) => ({ ...v, vod_pic: `${base}/poster.jpg` }));
    const list =
      ac === 'list'
        ? pageItems.map(({ vod_id, vod_name, type_id, type_name, vod_en, vod_time, vod_remarks, vod_play_from }) => ({
            vod_id,
            vod_name,
            type_id,
            type_name,
            vod_en,
            vod_time,
            vod_remarks,
            vod_play_from,
          }))
        : pageItems;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(
      JSON.stringify({
        code: 1,
        msg: '数据列表',
        page: String(pg),
        pagecount: Math.max(1, Math.ceil(matching.length / limit)),
        limit: String(limit),
        total: matching.length,
        list,
        class: classes,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url: `${base}/api.php/provide/vod/`, hits };
}

describe.each(DB_KINDS)('资源采集 console on %s', (kind) => {
  let h: Harness;
  let ops: SignedInOperator;
  let feed: Awaited<ReturnType<typeof startFeed>>;

  beforeAll(async () => {
    feed = await startFeed();
    h = await createHarness(kind, {
      seed: seedCategories,
      // The fixture feed is on 127.0.0.1: the outbound guard's test mode lets that address through.
      config: { OUTBOUND_TEST_HOSTS: 'loopback', JOBS_POLL_SECONDS: 0.5 },
    });
    ops = await signInOperator(h, { role: 'ops' });
  });
  afterAll(async () => {
    await h?.close();
    feed?.server.close();
  });

  const ok = <T>(res: LightMyRequestResponse): T => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const fails = (res: LightMyRequestResponse, status: number, field?: string): string => {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json<{ message: string; field?: string }>();
    if (field) expect(body.field).toBe(field);
    return body.message;
  };
  const newSource = async (name: string, extra: object = {}) =>
    ok<SupplySource>(
      await ops.call('POST', '/admin-api/supply/sources', { name, apiUrl: feed.url, format: 'json', ...extra }),
    );
  const audited = (action: string) =>
    h.db.query<{ target_id: string }>('SELECT target_id FROM audit_log WHERE action = $1 ORDER BY id', [action]);

  /** Polls the run until it has stopped (done, failed or paused), within 30 s. */
  async function settled(runId: number): Promise<SupplyRun> {
    let run: SupplyRun | undefined;
    await expect
      .poll(
        async () => {
          run = ok<SupplyRun>(await ops.call('GET', `/admin-api/supply/runs/${runId}`));
          return ['done', 'failed', 'paused'].includes(run.state);
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    return run!;
  }

  it('refuses 审核 and 财务, and changes by a 运营 limited to some sites', async () => {
    for (const role of ['moderator', 'finance'] as const) {
      const other = await signInOperator(h, { role });
      fails(await other.call('GET', '/admin-api/supply/sources'), 403);
      fails(
        await other.call('POST', '/admin-api/supply/sources', { name: 'x', apiUrl: feed.url, format: 'json' }),
        403,
      );
      fails(await other.call('GET', '/admin-api/supply/runs'), 403);
    }
    const limited = await signInOperator(h, { role: 'ops', siteIds: [1] });
    ok(await limited.call('GET', '/admin-api/supply/sources'));
    fails(
      await limited.call('POST', '/admin-api/supply/sources', { name: 'x', apiUrl: feed.url, format: 'json' }),
      403,
    );
  });

  it('adds, edits and deletes sources, refusing private URLs, a name taken and bad fields', async () => {
    const base = { name: '源站甲', format: 'json' };
    for (const apiUrl of [
      'http://10.0.0.5/api.php/provide/vod',
      'http://localhost:8080/api.php/provide/vod',
      'http://127.0.0.2/api.php/provide/vod',
      'http://[::1]/api.php/provide/vod',
      'ftp://example.com/vod',
      'file:///etc/passwd',
    ]) {
      const message = fails(await ops.call('POST', '/admin-api/supply/sources', { ...base, apiUrl }), 400, 'apiUrl');
      expect(message).toBe('源站地址必须是公网的 http(s) 地址');
    }
    fails(await ops.call('POST', '/admin-api/supply/sources', { ...base, apiUrl: 'not a url' }), 400, 'apiUrl');
    fails(
      await ops.call('POST', '/admin-api/supply/sources', { ...base, apiUrl: feed.url, format: 'csv' }),
      400,
      'format',
    );
    fails(await ops.call('POST', '/admin-api/supply/sources', { ...base, name: '', apiUrl: feed.url }), 400, 'name');
    fails(
      await ops.call('POST', '/admin-api/supply/sources', { ...base, apiUrl: feed.url, everyHours: 0 }),
      400,
      'everyHours',
    );

    const made = ok<SupplySource>(
      await ops.call('POST', '/admin-api/supply/sources', {
        ...base,
        apiUrl: 'https://zy.example.com/api.php/provide/vod',
        apiKey: '  k123  ',
      }),
    );
    expect(made).toMatchObject({
      name: '源站甲',
      apiKey: 'k123',
      enabled: true,
      landAs: 'draft',
      everyHours: null,
      mappedTypes: 0,
      titles: 0,
      latestRun: null,
    });
    expect(
      fails(
        await ops.call('POST', '/admin-api/supply/sources', { ...base, apiUrl: 'https://other.example.com/api.php' }),
        400,
        'name',
      ),
    ).toBe('已有同名的源站');

    const changed = ok<SupplySource>(
      await ops.call('PATCH', `/admin-api/supply/sources/${made.id}`, {
        everyHours: 6,
        landAs: 'published',
        apiKey: '',
        format: 'xml',
      }),
    );
    expect(changed).toMatchObject({ everyHours: 6, landAs: 'published', apiKey: null, format: 'xml', name: '源站甲' });
    fails(
      await ops.call('PATCH', `/admin-api/supply/sources/${made.id}`, { apiUrl: 'http://192.168.1.1/api' }),
      400,
      'apiUrl',
    );
    fails(await ops.call('PATCH', `/admin-api/supply/sources/${made.id}`, {}), 400);
    fails(await ops.call('PATCH', '/admin-api/supply/sources/999999', { enabled: false }), 404);

    const list = ok<SupplySource[]>(await ops.call('GET', '/admin-api/supply/sources'));
    expect(list.find((source) => source.id === made.id)?.everyHours).toBe(6);

    ok(await ops.call('DELETE', `/admin-api/supply/sources/${made.id}`));
    expect(ok<SupplySource[]>(await ops.call('GET', '/admin-api/supply/sources')).some((s) => s.id === made.id)).toBe(
      false,
    );
    fails(await ops.call('DELETE', `/admin-api/supply/sources/${made.id}`), 404);
    expect((await audited('supplySource.create')).map((row) => row.target_id)).toContain(String(made.id));
    expect((await audited('supplySource.update')).length).toBeGreaterThan(0);
    expect((await audited('supplySource.delete')).map((row) => row.target_id)).toEqual([String(made.id)]);
  });

  it('reads a source’s classes now and says why when it cannot; maps only movie categories', async () => {
    const source = await newSource('预览源');
    const read = ok<SourceClasses>(await ops.call('GET', `/admin-api/supply/sources/${source.id}/classes`));
    expect(read.classes).toEqual([
      { typeId: 1, typeName: '电影', categoryId: null },
      { typeId: 2, typeName: '电视剧', categoryId: null },
      { typeId: 3, typeName: '综艺', categoryId: null },
    ]);
    expect(read.total).toBe(5);

    const map = (entries: object[]) => ops.call('PUT', `/admin-api/supply/sources/${source.id}/map`, { map: entries });
    fails(await map([{ typeId: 1, typeName: '电影', categoryId: 999 }]), 400, 'map.0.categoryId');
    // 论坛 is a category, but not one titles go in.
    fails(await map([{ typeId: 1, typeName: '电影', categoryId: 2 }]), 400, 'map.0.categoryId');
    fails(
      await map([
        { typeId: 1, categoryId: 11 },
        { typeId: 1, categoryId: 12 },
      ]),
      400,
    );
    ok(
      await map([
        { typeId: 1, typeName: '电影', categoryId: 11 },
        { typeId: 2, typeName: '电视剧', categoryId: 12 },
        { typeId: 3, typeName: '综艺', categoryId: null },
      ]),
    );
    const mapped = ok<SourceClasses>(await ops.call('GET', `/admin-api/supply/sources/${source.id}/classes`));
    expect(mapped.classes.map((entry) => entry.categoryId)).toEqual([11, 12, null]);
    const listed = ok<SupplySource[]>(await ops.call('GET', '/admin-api/supply/sources'));
    expect(listed.find((s) => s.id === source.id)?.mappedTypes).toBe(2);
    expect((await audited('supplySource.map')).map((row) => row.target_id)).toContain(String(source.id));

    // A source on a port nobody listens on: the reason, as a 400 the console shows.
    const dead = await newSource('死源', { apiUrl: `http://127.0.0.1:${await freePort()}/api.php/provide/vod` });
    const message = fails(await ops.call('GET', `/admin-api/supply/sources/${dead.id}/classes`), 400);
    expect(message).toMatch(/^读取源站失败：\S/);
    fails(await ops.call('GET', '/admin-api/supply/sources/999999/classes'), 404);
  });

  it('starts a run, follows it to 完成 with its log, and answers pause and resume', async () => {
    const source = await newSource('采集源');
    const start = (body: object) => ops.call('POST', `/admin-api/supply/sources/${source.id}/runs`, body);
    expect(fails(await start({ mode: 'all' }), 400)).toContain('映射');
    ok(
      await ops.call('PUT', `/admin-api/supply/sources/${source.id}/map`, {
        map: [{ typeId: 1, typeName: '电影', categoryId: 11 }],
      }),
    );
    fails(await start({ mode: 'ids' }), 400, 'ids');
    fails(await start({ mode: 'ids', ids: ['1', 'a b'] }), 400, 'ids.1');
    fails(await start({ mode: 'all', ids: ['1'] }), 400, 'ids');
    fails(await start({ mode: 'month' }), 400, 'mode');
    ok(await ops.call('PATCH', `/admin-api/supply/sources/${source.id}`, { enabled: false }));
    expect(fails(await start({ mode: 'all' }), 400)).toContain('停用');
    ok(await ops.call('PATCH', `/admin-api/supply/sources/${source.id}`, { enabled: true }));

    const run = ok<SupplyRun>(await start({ mode: 'all' }));
    expect(run).toMatchObject({ sourceId: source.id, sourceName: '采集源', mode: 'all', ids: [] });
    expect(['queued', 'running']).toContain(run.state);
    expect(fails(await start({ mode: 'day' }), 400)).toBe('该源站已有采集在进行');
    fails(await ops.call('DELETE', `/admin-api/supply/sources/${source.id}`), 400);

    const done = await settled(run.id);
    expect(done.state, done.failure ?? '').toBe('done');
    // Three titles of type 1 (mapped) are added; the others are of a type not mapped.
    expect(done.added).toBe(3);
    expect(done.failed).toBe(0);
    expect(done.pageCount).toBeGreaterThan(0);
    const log = ok<RunItemPage>(await ops.call('GET', `/admin-api/supply/runs/${run.id}/items`));
    const added = log.items.filter((item) => item.outcome === 'added');
    expect(added.map((item) => item.name).sort()).toEqual(['采集影片1', '采集影片2', '采集影片3']);
    expect(added.every((item) => item.movieId !== null)).toBe(true);
    const onlyAdded = ok<RunItemPage>(await ops.call('GET', `/admin-api/supply/runs/${run.id}/items?outcome=added`));
    expect(onlyAdded.total).toBe(3);
    fails(await ops.call('GET', `/admin-api/supply/runs/${run.id}/items?outcome=lost`), 400, 'outcome');
    const sources = ok<SupplySource[]>(await ops.call('GET', '/admin-api/supply/sources'));
    expect(sources.find((s) => s.id === source.id)).toMatchObject({
      titles: 3,
      latestRun: { id: run.id, state: 'done' },
    });

    // A finished run can be neither paused nor resumed.
    fails(await ops.call('POST', `/admin-api/supply/runs/${run.id}/pause`), 400, 'state');
    fails(await ops.call('POST', `/admin-api/supply/runs/${run.id}/resume`), 400, 'state');
    fails(await ops.call('POST', '/admin-api/supply/runs/999999/pause'), 404);

    // A run paused at once (before a page is read) is resumed and collects nothing twice.
    const again = ok<SupplyRun>(await start({ mode: 'ids', ids: ['1', '2', '1'] }));
    expect(again.ids).toEqual(['1', '2']);
    const paused = ok<SupplyRun>(await ops.call('POST', `/admin-api/supply/runs/${again.id}/pause`));
    expect(paused.state === 'paused' || paused.pauseRequested).toBe(true);
    const stopped = await settled(again.id);
    if (stopped.state === 'paused') {
      const resumed = ok<SupplyRun>(await ops.call('POST', `/admin-api/supply/runs/${again.id}/resume`));
      expect(['queued', 'running']).toContain(resumed.state);
    }
    const second = await settled(again.id);
    expect(second.state, second.failure ?? '').toBe('done');
    expect(second.added).toBe(0);

    const runs = ok<SupplyRunPage>(await ops.call('GET', `/admin-api/supply/runs?sourceId=${source.id}`));
    expect(runs.items.map((r) => r.id)).toEqual([again.id, run.id]);
    expect(runs.total).toBe(2);
    expect((await audited('supplyRun.start')).map((row) => row.target_id)).toEqual(
      expect.arrayContaining([String(run.id), String(again.id)]),
    );
    expect((await audited('supplyRun.pause')).map((row) => row.target_id)).toContain(String(again.id));
  });
});

/**
 * The `supply` stage: one collection run (资源采集, server/supply/) of BENCH_SUPPLY_TITLES titles
 * (default 10,000) from a MacCMS v10 source, its time and memory. The source is an HTTP server in
 * this process on 127.0.0.1 (the outbound guard's loopback test setting) answering `ac=detail`
 * pages of 20 as resource sites do: seven titles in ten films of one episode, the rest series of
 * 24, each with its own poster URL (a 300x420 JPEG fetched and made into the poster sizes, as a
 * real run does). The run is the app's own: the job queue and its worker on a fresh PostgreSQL
 * database (BENCH_SUPPLY_DATABASE, default postgres://postgres@127.0.0.1:5432/bench_supply, made
 * anew each time) holding the demo data, so matching reads a real catalogue. Memory is the
 * process's resident set, sampled every 200 ms: its peak during the run and its growth over the
 * baseline before it (the feed server's share is a page of JSON at a time).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { buildApp } from '../server/app.ts';
import { envConfigWith } from '../server/config.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/open-db.ts';
import { ensureDemoSite } from '../server/db/sites.ts';
import { seedDemo } from '../server/seed/seed-demo.ts';
import { resolveServerSecrets } from '../server/server-secrets.ts';
import { startRun } from '../server/supply/run-control.ts';
import type { Figure } from './figures.ts';
import { scaleDatabaseUrl } from './scale-stage.ts';

const PAGE_SIZE = 20;
const SERIES_EPISODES = 24;
const MiB = 1024 * 1024;

function vod(id: number, origin: string) {
  const series = id % 10 >= 7;
  const episodes = series ? SERIES_EPISODES : 1;
  const url = Array.from(
    { length: episodes },
    (_, n) =>
      `${series ? `第${String(n + 1).padStart(2, '0')}集` : '正片'}$https://cdn.example.com/v${id}/${n + 1}/index.m3u8`,
  ).join('#');
  return {
    vod_id: String(id),
    vod_name: `采集基准${id}号`,
    type_id: series ? '2' : '1',
    type_name: series ? '电视剧' : '电影',
    vod_time: '2026-11-30 12:00:00',
    vod_remarks: series ? `更新至第${episodes}集` : 'HD',
    vod_pic: `${origin}/pic/${id}.jpg`,
    vod_actor: '演员甲,演员乙',
    vod_director: '导演丙',
    vod_content: `<p>第 ${id} 部的简介。</p>`,
    vod_area: '大陆',
    vod_lang: '国语',
    vod_year: String(2000 + (id % 26)),
    vod_score: '7.5',
    vod_total: String(episodes),
    vod_isend: '1',
    vod_play_from: 'ffm3u8',
    vod_play_url: url,
  };
}

async function feedServer(titles: number) {
  const picture = await sharp({ create: { width: 300, height: 420, channels: 3, background: '#3a6ea5' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const pageCount = Math.ceil(titles / PAGE_SIZE);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/pic/')) return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
    const pg = Math.max(1, Number(url.searchParams.get('pg') ?? '1'));
    const first = (pg - 1) * PAGE_SIZE + 1;
    const list = Array.from({ length: Math.max(0, Math.min(PAGE_SIZE, titles - first + 1)) }, (_, i) =>
      vod(first + i, origin),
    );
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(
      JSON.stringify({
        code: 1,
        msg: '数据列表',
        page: pg,
        pagecount: pageCount,
        limit: String(PAGE_SIZE),
        total: titles,
        list,
        class: [
          { type_id: 1, type_name: '电影' },
          { type_id: 2, type_name: '电视剧' },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Drops and makes the bench's own database. */
async function freshDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/?]+(\?|$)/, '/postgres$1') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

export async function measureSupplyRun(log: (line: string) => void = console.log): Promise<Figure[]> {
  const titles = Number(process.env.BENCH_SUPPLY_TITLES ?? 10_000);
  const url = scaleDatabaseUrl('bench_supply', 'BENCH_SUPPLY_DATABASE');
  await freshDatabase(url);
  const mediaDir = mkdtempSync(join(tmpdir(), 'bench-supply-media-'));
  const db = await openDb({ DATABASE_URL: url, DATA_DIR: '' });
  const feed = await feedServer(titles);
  try {
    await migrate(db);
    await ensureDemoSite(db);
    await seedDemo(db, { mediaDir, media: false });
    const env = envConfigWith({
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      OUTBOUND_TEST_HOSTS: 'loopback',
      MEDIA_DIR: mediaDir,
      STATIC_DIR: join(tmpdir(), 'station-pwa-no-build'),
    });
    const { config } = await resolveServerSecrets(db, env);
    const app = await buildApp({ config, db });
    await app.ready();
    try {
      // The source's two types mapped to two of the demo's movie categories.
      const category = async (name: string) =>
        (await db.one<{ id: number }>(
          `SELECT c.id FROM categories c JOIN categories root ON root.id = c.parent_id
            WHERE root.route = '/movie' AND root.depth = 1 AND c.name = $1`,
          [name],
        ))!.id;
      const source = await db.one<{ id: number }>(
        `INSERT INTO supply_sources (name, api_url, format, land_as) VALUES ('基准源', $1, 'json', 'published') RETURNING id`,
        [`${feed.origin}/api.php/provide/vod`],
      );
      for (const [typeId, name, local] of [
        [1, '电影', '动作'],
        [2, '电视剧', '剧情'],
      ] as const)
        await db.query(
          'INSERT INTO supply_type_map (source_id, type_id, type_name, category_id) VALUES ($1, $2, $3, $4)',
          [source!.id, typeId, name, await category(local)],
        );
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
      const started = performance.now();
      const runId = await startRun(
        { db, jobs: app.jobWorkers.jobs },
        { sourceId: source!.id, mode: 'all', ids: [], operatorId: null },
      );
      let lastPage = -1;
      let run: {
        state: string;
        page: number;
        pageCount: number | null;
        added: number;
        failed: number;
        failure: string | null;
      };
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        run = (await db.one(
          `SELECT state, page, page_count AS "pageCount", added, failed, failure FROM supply_runs WHERE id = $1`,
          [runId],
        ))!;
        if (run.page !== lastPage && run.page % 50 === 0) log(`page ${run.page} of ${run.pageCount ?? '?'}`);
        lastPage = run.page;
        if (run.state === 'done' || run.state === 'failed') break;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const episodes = await db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM play_source_episodes pe JOIN play_sources ps ON ps.id = pe.play_source_id
          WHERE ps.source_id = $1`,
        [source!.id],
      );
      const note = `${run.added} added, ${run.failed} failed${run.failure ? ` (${run.failure})` : ''}, ${episodes!.n} episodes, posters made`;
      log(`${titles} titles in ${seconds.toFixed(1)} s: ${note}`);
      return [
        { group: 'supply', name: `collection run, ${titles} titles`, value: seconds, unit: 's', note },
        { group: 'supply', name: 'titles per second', value: run.added / seconds, unit: 'items/s' },
        {
          group: 'supply',
          name: 'peak resident memory',
          value: peak / MiB,
          unit: 'MiB',
          note: `${((peak - baseline) / MiB).toFixed(0)} MiB over the ${(baseline / MiB).toFixed(0)} MiB before the run`,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await feed.close();
    await db.close();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

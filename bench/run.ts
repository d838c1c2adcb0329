/**
 * `npm run bench`: builds the PWA for production into a temp folder, starts the real server on it
 * with the demo data, measures (sizes, Lighthouse, warm start, client protocol cost, server load,
 * query latency on PGlite and, with DATABASE_URL, PostgreSQL, the danmaku layer's frame rate, the player's
 * first frame, 清晰度 switch and dropped frames), prints one table of the figures
 * against the budgets of docs/performance.md and writes them to .artifacts/bench.json.
 *
 * BENCH_ONLY=sizes,lighthouse,warm,protocol,server,queries,danmaku,player,scale,scroll,start,supply
 * picks stages (scale: docs/performance.md "Scale"; scroll: deep infinite scroll on a factor-100
 * database; start: the server's first start on a fresh data folder and its second start; supply: a
 * collection run of BENCH_SUPPLY_TITLES titles, default 10,000, bench/supply-run.ts);
 * BENCH_LH_RUNS (default 7) audits per page, BENCH_LH_PAGES (say "home,play page") the pages
 * audited; BENCH_SECONDS (default 10) per load run; BENCH_PLAYER_RUNS (default 5) runs per
 * first-frame figure. Exit code 1 when a budget fails.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '../contract/calls/paths.ts';
import { startServer, type RunningServer } from '../e2e/server-process.ts';
import { buildInto } from '../scripts/lib/build.ts';
import { ensureServerBundle } from '../scripts/lib/server-bundle.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/open-db.ts';
import { ensureDemoSite } from '../server/db/sites.ts';
import { DEMO_MEDIA_CACHE } from '../server/seed/generate-media.ts';
import { seedDemo } from '../server/seed/seed-demo.ts';
import { callApi } from './bench-api.ts';
import { measureBundle } from './bundle-size.ts';
import { measureDanmakuFrames } from './danmaku-frames.ts';
import { measurePlayer } from './player-playback.ts';
import { formatTable, holds, type Figure } from './figures.ts';
import { auditPages } from './lighthouse-audit.ts';
import { measureProtocolCost } from './protocol-cost.ts';
import { measureQueries } from './query-latency.ts';
import { measureScaleScroll } from './scale-scroll.ts';
import { measureScaleReads, SCALE_FACTOR } from './scale-stage.ts';
import { measureServerApart } from './server-load.ts';
import { measureServerStart } from './server-start.ts';
import { measureSupplyRun } from './supply-run.ts';
import { measureWarmStart } from './warm-start.ts';

const STAGES = [
  'sizes',
  'lighthouse',
  'warm',
  'protocol',
  'server',
  'queries',
  'danmaku',
  'player',
  'scale',
  'scroll',
  'start',
  'supply',
] as const;
/** Stages on the bench's own server with the demo data (the scale stages bring their own databases). */
const SERVER_STAGES = ['lighthouse', 'warm', 'protocol', 'server', 'queries', 'danmaku', 'player'] as const;
const only = process.env.BENCH_ONLY?.split(',').map((stage) => stage.trim());
const wanted = (stage: (typeof STAGES)[number]) => !only || only.includes(stage);
const unknownStages = only?.filter((stage) => !(STAGES as readonly string[]).includes(stage)) ?? [];
if (unknownStages.length > 0)
  throw new Error(`BENCH_ONLY: no stage ${unknownStages.join(', ')} (${STAGES.join(', ')})`);
/** The search of the Lighthouse stage: a word with hits of every kind in the demo data. */
const LIGHTHOUSE_SEARCH_KEY = '海';
const lighthouseRuns = Number(process.env.BENCH_LH_RUNS ?? 7);
const loadSeconds = Number(process.env.BENCH_SECONDS ?? 10);

const started = Date.now();
const figures: Figure[] = [];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const step = (what: string) =>
  console.log(`[bench] ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s  ${what} (load ${load()})`);
const loadAtStart = load();

async function measureOnServer(server: RunningServer): Promise<void> {
  const { baseURL } = server;
  if (wanted('lighthouse')) {
    const movie = (await callApi(baseURL, API.moviePage, { page: 1, pageSize: 1, sort: 'new' })).list[0];
    const topic = (await callApi(baseURL, API.topicPage, { page: 1, pageSize: 1 })).list[0];
    if (!movie || !topic) throw new Error('the demo data has no movie or no topic');
    step(`lighthouse, ${lighthouseRuns} run(s) per page`);
    const pages = [
      { name: 'home', url: `${baseURL}/` },
      { name: 'movie detail', url: `${baseURL}/movie/${movie.id}` },
      { name: 'topic detail', url: `${baseURL}/topic/${topic.id}` },
      { name: 'forum', url: `${baseURL}/forum` },
      // robots.txt keeps result pages out (server/search-engines/search-engine-routes.ts).
      { name: 'search', url: `${baseURL}/search/${encodeURIComponent(LIGHTHOUSE_SEARCH_KEY)}`, keptOut: true },
      { name: 'play page', url: `${baseURL}/movie/play/${movie.id}` },
    ];
    const only = process.env.BENCH_LH_PAGES?.split(',').map((name) => name.trim());
    figures.push(
      ...(await auditPages(only ? pages.filter((page) => only.includes(page.name)) : pages, lighthouseRuns)),
    );
  }
  if (wanted('warm')) {
    step('warm start');
    figures.push(...(await measureWarmStart(baseURL)));
  }
  if (wanted('protocol')) {
    step('client protocol cost');
    figures.push(...(await measureProtocolCost(baseURL)));
  }
  if (wanted('danmaku')) {
    step('danmaku frame rate');
    figures.push(...(await measureDanmakuFrames(baseURL)));
  }
  if (wanted('player')) {
    step('player: first frame, 清晰度 switch, dropped frames');
    figures.push(...(await measurePlayer(baseURL)));
  }
  if (wanted('server')) {
    step(`server load, ${loadSeconds} s per run`);
    figures.push(...(await measureServerApart(baseURL, { duration: loadSeconds, connections: 20 })));
  }
}

async function measureStore(
  label: string,
  config: { DATABASE_URL?: string; DATA_DIR: string },
  seed: boolean,
): Promise<void> {
  step(`queries on ${label}`);
  const db = await openDb(config);
  try {
    if (seed) {
      await migrate(db);
      await ensureDemoSite(db);
      await seedDemo(db, { mediaDir: DEMO_MEDIA_CACHE, media: false });
    }
    figures.push(...(await measureQueries(db, label)));
  } finally {
    await db.close();
  }
}

const distDir = mkdtempSync(join(tmpdir(), 'bench-dist-'));
mkdirSync('.artifacts', { recursive: true });
try {
  // The scale stage reads in process: it needs no build.
  if (wanted('sizes') || wanted('scroll') || wanted('start') || SERVER_STAGES.some(wanted)) {
    step('production build');
    await Promise.all([buildInto(distDir), ensureServerBundle()]);
  }
  if (wanted('sizes')) figures.push(...measureBundle(distDir).figures);
  if (SERVER_STAGES.some(wanted)) {
    step('server with the demo data');
    const server = await startServer({ STATIC_DIR: distDir, RATE_LIMITS: 'off' });
    try {
      await measureOnServer(server);
    } finally {
      await server.stop({ keepData: true });
    }
    if (wanted('queries')) await measureStore('PGlite', { DATA_DIR: server.dataDir }, false);
    rmSync(server.dataDir, { recursive: true, force: true });
    if (wanted('queries') && process.env.DATABASE_URL)
      await measureStore('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: '' }, true);
  }
  if (wanted('start')) {
    step('start: the server on a fresh data folder, then again on it');
    figures.push(...(await measureServerStart(distDir)));
  }
  if (wanted('scale')) {
    step(`scale: public reads uncached at factor ${SCALE_FACTOR} and at demo size (PostgreSQL)`);
    figures.push(...(await measureScaleReads((line) => step(`scale: ${line}`))));
  }
  if (wanted('scroll')) {
    step('scroll: deep infinite scroll on a factor-100 database');
    figures.push(...(await measureScaleScroll(distDir, (line) => step(`scroll: ${line}`))));
  }
  if (wanted('supply')) {
    step('supply: a collection run from a MacCMS source (PostgreSQL)');
    figures.push(...(await measureSupplyRun((line) => step(`supply: ${line}`))));
  }
} finally {
  rmSync(distDir, { recursive: true, force: true });
}

const loadAtEnd = load();
const commit = execSync('git rev-parse --short HEAD').toString().trim();
const seconds = (Date.now() - started) / 1000;
console.log(`\n${formatTable(figures)}\n`);
console.log(
  `commit ${commit} · ${seconds.toFixed(0)} s · load average (1, 5, 15 min) ${loadAtStart} at start, ${loadAtEnd} at end`,
);
writeFileSync(
  '.artifacts/bench.json',
  JSON.stringify(
    {
      commit,
      date: new Date().toISOString(),
      seconds,
      loadAtStart,
      loadAtEnd,
      figures: figures.map((figure) => ({ ...figure, holds: holds(figure) })),
    },
    null,
    2,
  ),
);
const failed = figures.filter((figure) => holds(figure) === false);
if (failed.length)
  console.log(
    `${failed.length} budget(s) fail: ${failed.map((figure) => `${figure.group} ${figure.name}`).join('; ')}`,
  );
process.exitCode = failed.length ? 1 : 0;

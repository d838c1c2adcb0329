/**
 * The bench's `scale` stage: every public read timed uncached on a factor-1000 PostgreSQL database
 * (seeded by server/seed/scale/ on first use, reused after: the ('scale', factor) mark) and on a
 * demo-size one, against the budgets: p99 ≤ 20 ms for reads, ≤ 50 ms for search, ≤ 20 ms for
 * suggestions, and each read within 2× of the same read at demo size (p50 against p50: a p99 of a
 * few milliseconds on a shared machine is noise; a page the demo's list does not reach is not
 * compared), the two timed side by side, a run of each in turn, so a change of the machine's load weighs on both alike; then, on the large store alone,
 * the sitemaps (bench/scale-sitemaps.ts: the index and a file of 50,000 URLs, p99 ≤ 50 ms) and the
 * reads as a visitor meets them, over HTTP with another payload each call (bench/scale-wire.ts, the
 * same budgets). A page deeper than the UI goes,
 * refused by a tree that pages by cursor, is reported without a budget. The databases are
 * BENCH_SCALE_DATABASE (default postgres://postgres@127.0.0.1:5432/scale) and
 * BENCH_SCALE_DEMO_DATABASE (default …/scale_demo); the test suites' database is refused.
 * Writes the timings to .artifacts/scale-reads.json besides the bench's figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { prepareScaleDb } from '../server/seed/scale/prepare-scale.ts';
import { measureFeed } from './scale-feed.ts';
import { measureSitemaps } from './scale-sitemaps.ts';
import { measureWire } from './scale-wire.ts';
import type { Figure } from './figures.ts';
import type { Db } from '../server/db/db.ts';
import type { Site } from '../server/db/sites.ts';
import {
  demoSiteOf,
  handlerRunner,
  ms,
  READ_BUDGET_MS,
  scaleReads,
  timeSideBySide,
  type Read,
  type Run,
  type Side,
  type Timing,
} from './scale-reads.ts';

export const SCALE_FACTOR = Number(process.env.BENCH_SCALE_FACTOR ?? 1000);
const MAX_RATIO = 2;

export function scaleDatabaseUrl(name: string, variable: string): string {
  const url = process.env[variable] || `postgres://postgres@127.0.0.1:5432/${name}`;
  if (/\/test(\?|$)/.test(url))
    throw new Error(`${variable} points at the tests' database: use one of the bench's own`);
  return url;
}

interface Measured {
  read: Read;
  timing: Timing;
  /** The read's page held no rows (a page past the end of the demo's list): it costs nothing to compare with. */
  empty?: boolean;
}

/** Whether an answer is a page of no rows. */
function noRows(answer: unknown): boolean {
  const list = (answer as { list?: unknown } | null | undefined)?.list;
  return Array.isArray(list) && list.length === 0;
}

interface Opened {
  db: Db;
  site: Site;
  run: Run;
  reads: Read[];
  missing: Read[];
}

async function openStore(url: string, factor: number, log: (line: string) => void): Promise<Opened> {
  const { db, report } = await prepareScaleDb({ factor, databaseUrl: url, log });
  log(`${factor === 0 ? 'demo' : `factor ${factor}`} database ${report.outcome} ${JSON.stringify(report.rows)}`);
  const site = await demoSiteOf(db);
  const run = handlerRunner(db, site);
  return { db, site, run, ...(await scaleReads(db, run)) };
}

/** Every read on both stores, each read timed on the two side by side (the same load for both). */
async function measureStores(
  log: (line: string) => void,
): Promise<{ scale: Measured[]; demo: Measured[]; sitemaps: Figure[]; wire: Figure[] }> {
  const bigUrl = scaleDatabaseUrl('scale', 'BENCH_SCALE_DATABASE');
  const big = await openStore(bigUrl, SCALE_FACTOR, log);
  const small = await openStore(scaleDatabaseUrl('scale_demo', 'BENCH_SCALE_DEMO_DATABASE'), 0, log);
  try {
    const noCursor = (read: Read): Measured => ({
      read,
      timing: { p50: null, p99: null, runs: 0, missing: 'no cursor served' },
    });
    const scale = big.missing.map(noCursor);
    const demo = small.missing.map(noCursor);
    for (const read of big.reads) {
      const twin = small.reads.find((candidate) => candidate.name === read.name);
      // The demo side's last answer is kept: an empty page there has no cost to compare with.
      let twinAnswer: unknown;
      const sides: Side[] = [{ call: () => big.run(read.path, read.payload) }];
      if (twin) sides.push({ call: async () => (twinAnswer = await small.run(twin.path, twin.payload)) });
      const [timing, twinTiming] = await timeSideBySide(sides);
      log(`${read.name}: ${timing!.missing ?? `p50 ${timing!.p50!.toFixed(1)} ms, p99 ${timing!.p99!.toFixed(1)} ms`}`);
      scale.push({ read, timing: timing! });
      if (twin && twinTiming) demo.push({ read: twin, timing: twinTiming, empty: noRows(twinAnswer) });
    }
    // The sitemaps (bench/scale-sitemaps.ts) on the large store only: their budget is absolute.
    const sitemaps = [
      ...(await measureSitemaps(big.db, big.site, SCALE_FACTOR, log)),
      // The MacCMS feed as collectors and apps read it (bench/scale-feed.ts).
      ...(await measureFeed(big.db, big.site, SCALE_FACTOR, log)),
    ];
    // The same reads as a visitor meets them: over HTTP, another payload each call (bench/scale-wire.ts).
    const wire = await measureWire(big.db, bigUrl, SCALE_FACTOR, log);
    return { scale, demo, sitemaps, wire };
  } finally {
    await Promise.all([big.db.close(), small.db.close()]);
  }
}

export async function measureScaleReads(log: (line: string) => void = console.log): Promise<Figure[]> {
  const { scale, demo, sitemaps, wire } = await measureStores(log);
  const demoOf = new Map(demo.map((m) => [m.read.name, m]));
  const figures: Figure[] = [];
  const ratios: Figure[] = [];
  for (const { read, timing } of scale) {
    const twin = demoOf.get(read.name);
    const small = twin?.timing;
    // A page deeper than the UI goes may be refused (code 2: the list goes on by cursor): no budget then.
    const refused = read.beyondUi && timing.p99 === null;
    figures.push({
      group: `scale ×${SCALE_FACTOR} p99`,
      name: read.name,
      value: timing.p99,
      unit: 'ms',
      budget: refused ? undefined : { max: READ_BUDGET_MS[read.kind] },
      note: timing.missing ?? `p50 ${ms(timing.p50)}, ${timing.runs} runs; demo p99 ${ms(small?.p99 ?? null)}`,
    });
    if (refused) continue;
    // p50 against p50: the p99 of a 1-5 ms read on this shared machine is its noise, not its cost.
    // At demo size a page past the end of the list answers no rows: no cost to compare with.
    const ratio = !twin?.empty && timing.p50 !== null && small?.p50 ? timing.p50 / small.p50 : null;
    ratios.push({
      group: `scale ×${SCALE_FACTOR} / demo`,
      name: read.name,
      value: ratio,
      unit: 'x',
      budget: twin?.empty ? undefined : { max: MAX_RATIO },
      note: twin?.empty
        ? `no rows at demo size (p50 ${ms(small!.p50)}): nothing to compare; held to its p99 budget alone`
        : ratio === null
          ? (timing.missing ?? small?.missing ?? 'no demo figure')
          : `p50 ${ms(timing.p50)} against ${ms(small!.p50)}; p99 ${((timing.p99 ?? 0) / (small!.p99 ?? 1)).toFixed(2)}×`,
    });
  }
  mkdirSync('.artifacts', { recursive: true });
  writeFileSync(
    '.artifacts/scale-reads.json',
    JSON.stringify({ date: new Date().toISOString(), factor: SCALE_FACTOR, scale, demo }, null, 2),
  );
  return [...figures, ...wire, ...sitemaps, ...ratios];
}

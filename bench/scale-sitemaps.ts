/**
 * The sitemaps at scale (part of the `scale` stage, docs/performance.md): on the factor-1000
 * database, through server/search-engines/sitemaps.ts with no finished file kept, so every run of
 * a file is a cache miss: the first index (every kind's file bounds read, once per process and TTL;
 * reported without a budget), then the index from the kept bounds and the first full file of
 * 50,000 URLs (the kind with the most rows), each p99 ≤ 50 ms. A file's gzip is not timed (made
 * once per file and kept, only for crawlers that ask for it).
 */
import type { Db } from '../server/db/db.ts';
import { SITEMAP_KINDS, fileBounds, type SitemapKind } from '../server/db/sitemaps.ts';
import type { Site } from '../server/db/sites.ts';
import { SITEMAP_MAX_URLS, Sitemaps } from '../server/search-engines/sitemaps.ts';
import type { Figure } from './figures.ts';
import { timeSideBySide, type Read, type Timing } from './scale-reads.ts';

const BUDGET_MS = 50;
const ORIGIN = 'https://bench.example';

const ms = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} ms`);

export async function measureSitemaps(
  db: Db,
  site: Site,
  factor: number,
  log: (line: string) => void,
): Promise<Figure[]> {
  const group = `scale ×${factor} p99`;
  const maps = new Sitemaps(db, { maxCachedBytes: 0 });
  let start = performance.now();
  await maps.index(site.id, ORIGIN);
  const cold = performance.now() - start;
  log(`sitemap index, cold (every kind's bounds): ${ms(cold)}`);

  // The kind whose first file is full and which has the most files.
  let fullest: { kind: SitemapKind; files: number } | null = null;
  for (const kind of SITEMAP_KINDS) {
    start = performance.now();
    const bounds = await fileBounds(db, kind, site.id, SITEMAP_MAX_URLS);
    log(`sitemap bounds of ${kind}: ${bounds.length} file(s), ${ms(performance.now() - start)}`);
    if (bounds[0]?.rows === SITEMAP_MAX_URLS && bounds.length > (fullest?.files ?? 0)) {
      fullest = { kind, files: bounds.length };
    }
  }

  const read = (name: string): Read => ({ name, kind: 'read', path: '', payload: {} });
  const timed: [string, Timing][] = [];
  const [index] = await timeSideBySide([{ run: () => maps.index(site.id, ORIGIN), read: read('sitemap index') }], 100);
  timed.push(['sitemap index (bounds kept)', index!]);
  if (fullest) {
    const kind = fullest.kind;
    const run = async () => {
      const file = await maps.file(site.id, kind, 1, ORIGIN);
      if (!file) throw new Error(`no file 1 of ${kind}`);
    };
    const [file] = await timeSideBySide([{ run, read: read('sitemap file') }], 30);
    timed.push([`sitemap file of ${SITEMAP_MAX_URLS.toLocaleString('en')} URLs (${kind}-1.xml, uncached)`, file!]);
  } else {
    timed.push([
      `sitemap file of ${SITEMAP_MAX_URLS.toLocaleString('en')} URLs`,
      { p50: null, p99: null, runs: 0, missing: 'no kind has a full file at this size' },
    ]);
  }
  for (const [name, timing] of timed) {
    log(`${name}: ${timing.missing ?? `p50 ${ms(timing.p50)}, p99 ${ms(timing.p99)}`}`);
  }
  return [
    { group, name: 'sitemap index, cold (bounds read)', value: cold, unit: 'ms', note: 'once per process and TTL' },
    ...timed.map(([name, timing]): Figure => ({
      group,
      name,
      value: timing.p99,
      unit: 'ms',
      budget: { max: BUDGET_MS },
      note: timing.missing ?? `p50 ${ms(timing.p50)}, ${timing.runs} runs`,
    })),
  ];
}

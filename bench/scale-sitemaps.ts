/**
 * The sitemaps at scale (part of the `scale` stage, docs/performance.md): on the factor-1000
 * database, through server/search-engines/sitemaps.ts. Reported without a budget, as no crawler
 * waits for them: the first make of every kind from nothing (a new site, or a restore), and a make
 * of the fullest kind when nothing changed (what each change costs in the background before the
 * files that changed are written), and a file's first request on an origin (read, joined, gzipped
 * and kept: once per file and origin). Held to p99 ≤ 50 ms: the index, and a file of 50,000 URLs
 * (the fullest kind's first) as a process that keeps none of its files in memory answers it, gzipped
 * as crawlers ask for it and not: the copy finished for the origin read from the store.
 */
import type { Db } from '../server/db/db.ts';
import { madeFiles, makeFiles, SITEMAP_KINDS, SITEMAP_TABLES, type SitemapKind } from '../server/db/sitemaps.ts';
import type { Site } from '../server/db/sites.ts';
import { SITEMAP_MAX_URLS, Sitemaps } from '../server/search-engines/sitemaps.ts';
import type { Figure } from './figures.ts';
import { ms, timeSideBySide, type Timing } from './scale-reads.ts';

const BUDGET_MS = 50;
const ORIGIN = 'https://bench.example';

export async function measureSitemaps(
  db: Db,
  site: Site,
  factor: number,
  log: (line: string) => void,
): Promise<Figure[]> {
  const group = `scale ×${factor} p99`;
  for (const table of SITEMAP_TABLES) await db.query(`DELETE FROM ${table}`);
  const maps = new Sitemaps(db, { maxCachedBytes: 0 });
  let start = performance.now();
  await maps.index(site.id, ORIGIN);
  const cold = performance.now() - start;
  log(`sitemaps made from nothing (every kind): ${ms(cold)}`);

  // The kind whose first file is full and which has the most files.
  let fullest: { kind: SitemapKind; files: number } | null = null;
  for (const kind of SITEMAP_KINDS) {
    const files = (await madeFiles(db, kind, site.id, SITEMAP_MAX_URLS)) ?? [];
    log(`sitemap files of ${kind}: ${files.length}`);
    if (files[0]?.rows === SITEMAP_MAX_URLS && files.length > (fullest?.files ?? 0)) {
      fullest = { kind, files: files.length };
    }
  }

  const timed: [string, Timing][] = [];
  const [index] = await timeSideBySide([{ call: () => maps.index(site.id, ORIGIN) }], 100);
  timed.push(['sitemap index', index!]);
  const background: Figure[] = [];
  if (fullest) {
    const kind = fullest.kind;
    start = performance.now();
    const making = await makeFiles(db, kind, site.id, SITEMAP_MAX_URLS, true);
    const remake = performance.now() - start;
    log(`sitemap make of ${kind} with nothing changed: ${ms(remake)}, ${making.written} written`);
    background.push({
      group,
      name: `sitemap make of ${kind}, nothing changed (in the background)`,
      value: remake,
      unit: 'ms',
      note: `${fullest.files} files, each range counted once; ${making.written} written`,
    });
    const fileOn = async (origin: string) => {
      const file = await maps.file(site.id, kind, 1, origin);
      if (!file) throw new Error(`no file 1 of ${kind}`);
      return file;
    };
    const urls = `${SITEMAP_MAX_URLS.toLocaleString('en')} URLs (${kind}-1.xml`;
    const [gzipped] = await timeSideBySide([{ call: async () => (await fileOn(ORIGIN)).gzipped() }], 30);
    timed.push([`sitemap file of ${urls}, gzip, as crawlers ask; none kept in memory)`, gzipped!]);
    const [plain] = await timeSideBySide([{ call: async () => (await fileOn(ORIGIN)).xml() }], 30);
    timed.push([`sitemap file of ${urls}, not gzipped; none kept in memory)`, plain!]);
    // An origin's first request for the file (once per file and origin: its makes then finish it).
    let origins = 0;
    const [first] = await timeSideBySide(
      [{ call: async () => (await fileOn(`https://o${++origins}.bench.example`)).gzipped() }],
      30,
    );
    background.push({
      group,
      name: `sitemap file of ${urls}), first request on its origin`,
      value: first!.p99,
      unit: 'ms',
      note: `p50 ${ms(first!.p50)}; once per file and origin (read, joined, gzipped, kept)`,
    });
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
    {
      group,
      name: 'sitemaps made from nothing (every kind)',
      value: cold,
      unit: 'ms',
      note: 'once per site (or restore)',
    },
    ...background,
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

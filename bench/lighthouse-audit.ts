/**
 * Lighthouse (npm package, mobile defaults: simulated slow 4G and 4x CPU slowdown) on the pages
 * of docs/performance.md (performance, accessibility and SEO), in Debian's Chromium started by
 * chrome-launcher. Each page is audited `runs` times (fresh storage each time) and each metric is
 * the median of the runs; every run's report is kept in .artifacts/ (lighthouse-{page}-{run}.json) to see where the time goes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_SWITCHES, findChromium, requireCjkFonts } from '../e2e/chromium.ts';
import { median, type Figure } from './figures.ts';

export interface AuditedPage {
  name: string;
  url: string;
  /**
   * The page is kept out of crawlers on purpose (robots.txt: search result pages, as Google and
   * Baidu advise): its SEO score leaves out `is-crawlable`, and a figure of its own asserts that
   * the audit fails, i.e. that the page is kept out.
   */
  keptOut?: boolean;
}

/** Lighthouse's audit of whether a crawler may index the page (robots.txt, meta robots, X-Robots-Tag). */
const CRAWLABLE = 'is-crawlable';

interface PageMetrics {
  score: number;
  accessibility: number;
  seo: number;
  /** 1 when Lighthouse finds the page crawlable, else 0. */
  crawlable: number;
  /** The SEO audits that did not pass (their ids), for the figure's note. */
  seoFailed: string[];
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

/**
 * The SEO category's score as Lighthouse weighs it, over its weighted audits but those left out
 * (`is-crawlable` for a page kept out of crawlers on purpose).
 */
function seoScore(lhr: LighthouseResult, leftOut: readonly string[]): number {
  const refs = (lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.weight > 0 && !leftOut.includes(ref.id));
  const weights = refs.reduce((sum, ref) => sum + ref.weight, 0);
  const scored = refs.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]?.score ?? 1), 0);
  return weights > 0 ? Math.round((scored / weights) * 100) : 0;
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

async function auditOnce(page: AuditedPage, port: number, reportName: string): Promise<PageMetrics> {
  const { url } = page;
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  writeFileSync(`.artifacts/lighthouse-${reportName}.json`, JSON.stringify(lhr));
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: (lhr.categories.performance?.score ?? 0) * 100,
    accessibility: (lhr.categories.accessibility?.score ?? 0) * 100,
    seo: seoScore(lhr, page.keptOut ? [CRAWLABLE] : []),
    crawlable: lhr.audits[CRAWLABLE]?.score ?? 0,
    seoFailed: (lhr.categories.seo?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .filter((ref) => !(page.keptOut && ref.id === CRAWLABLE))
      .map((ref) => ref.id),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
  };
}

/** The SEO audits any run failed, with how many runs failed each. */
function seoFailures(runs: readonly PageMetrics[]): string | undefined {
  const counts = new Map<string, number>();
  for (const id of runs.flatMap((run) => run.seoFailed)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts.size > 0
    ? `failed: ${[...counts].map(([id, n]) => `${id} (${n} of ${runs.length})`).join(', ')}`
    : undefined;
}

function figuresOf(page: AuditedPage, runs: readonly PageMetrics[]): Figure[] {
  type Measure = Exclude<keyof PageMetrics, 'seoFailed'>;
  const of = (key: Measure) => median(runs.map((run) => run[key]));
  const group = `lighthouse ${page.name}`;
  // The median, and every run beside it (single runs swing a lot on a shared machine).
  const noteOf = (key: Measure, shown: (value: number) => string) =>
    runs.length > 1 ? `median of ${runs.length}: ${runs.map((run) => shown(run[key])).join(', ')}` : undefined;
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const whole = (value: number) => value.toFixed(0);
  return [
    {
      group,
      name: 'performance score',
      value: of('score'),
      unit: 'score',
      budget: { min: 100 },
      note: noteOf('score', whole),
    },
    {
      group,
      name: 'accessibility score',
      value: of('accessibility'),
      unit: 'score',
      budget: { min: 100 },
      note: noteOf('accessibility', whole),
    },
    {
      group,
      name: page.keptOut ? `SEO score but ${CRAWLABLE}` : 'SEO score',
      value: of('seo'),
      unit: 'score',
      budget: { min: 100 },
      note: [noteOf('seo', whole), seoFailures(runs)].filter(Boolean).join('; ') || undefined,
    },
    ...(page.keptOut
      ? [
          {
            group,
            name: `${CRAWLABLE} (robots.txt keeps the page out)`,
            value: Math.max(...runs.map((run) => run.crawlable)),
            unit: 'x',
            budget: { max: 0 },
            note: 'the pass mark of every run: 0 is kept out of crawlers',
          } satisfies Figure,
        ]
      : []),
    { group, name: 'LCP', value: of('lcp') / 1000, unit: 's', budget: { max: 1.3 }, note: noteOf('lcp', seconds) },
    { group, name: 'TBT', value: of('tbt'), unit: 'ms', budget: { max: 100 }, note: noteOf('tbt', whole) },
    {
      group,
      name: 'CLS',
      value: of('cls'),
      unit: 'x',
      budget: { max: 0.02 },
      note: noteOf('cls', (value) => value.toFixed(3)),
    },
    { group, name: 'FCP', value: of('fcp') / 1000, unit: 's', note: noteOf('fcp', seconds) },
  ];
}

export async function auditPages(pages: readonly AuditedPage[], runs: number): Promise<Figure[]> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('no Chromium: set CHROMIUM_PATH or install Debian’s chromium');
  requireCjkFonts('The Lighthouse stage');
  mkdirSync('.artifacts', { recursive: true });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROMIUM_SWITCHES, '--headless=new'] });
  try {
    const figures: Figure[] = [];
    for (const page of pages) {
      const results: PageMetrics[] = [];
      for (let run = 0; run < runs; run++)
        results.push(await auditOnce(page, chrome.port, `${page.name.replace(/\W+/g, '-')}-${run + 1}`));
      figures.push(...figuresOf(page, results));
    }
    return figures;
  } finally {
    await chrome.kill();
  }
}

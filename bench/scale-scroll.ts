/**
 * The bench's `scroll` stage: deep infinite scroll stays smooth on a big site. A factor-100
 * PostgreSQL database (BENCH_SCROLL_DATABASE, default postgres://postgres@127.0.0.1:5432/scale100,
 * seeded on first use by server/seed/scale/) behind the production build; Chromium as a phone
 * scrolls the movie list and the topic list at a steady fling speed until SCROLL_ITEMS items have
 * loaded (pages answered by the list call), recording every animation frame's duration and the
 * long tasks (over 50 ms) meanwhile, the time spent at the end of the loaded list, and every jump
 * back (the page moving the reader up). The same scroll on the demo-size database
 * (BENCH_SCALE_DEMO_DATABASE, as deep as its lists go) is the reference beside it. Budgets
 * (factor 100): frame time p95 ≤ 20 ms (60 Hz with a little slack), no long task over 200 ms, no
 * jump back. Measured here, never asserted in a test.
 */
import type { Page, Response } from 'playwright-core';
import { startServer } from '../e2e/server-process.ts';
import { prepareScaleDb } from '../server/seed/scale/prepare-scale.ts';
import { openAnswer } from './bench-api.ts';
import { launchChromium, PHONE } from './chromium.ts';
import type { Figure } from './figures.ts';
import { scaleDatabaseUrl } from './scale-stage.ts';

const FACTOR = 100;
const SCROLL_ITEMS = 500;
const SPEED_PX_S = 2500;
const LIMIT_S = 120;

/**
 * Page-side: scrolls at SPEED while recording frame durations, the frames spent at the end of the
 * loaded list (the scroll could not move: the next page had not come) and long tasks; stops when
 * `running` is cleared.
 */
const START_SCROLL = `(() => {
  const marks = { frames: [], longTasks: [], stalledMs: 0, jumps: [], running: true };
  window.__scroll = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  let previous = 0;
  const tick = (now) => {
    if (!marks.running) return;
    if (previous) {
      marks.frames.push(now - previous);
      const before = window.scrollY;
      window.scrollBy(0, (${SPEED_PX_S} * (now - previous)) / 1000);
      if (window.scrollY === before) marks.stalledMs += now - previous;
    }
    // Only ever scrolled down: a position that went up was moved by the page (a jump back).
    if (marks.last !== undefined && window.scrollY < marks.last - 200) marks.jumps.push(marks.last - window.scrollY);
    marks.last = window.scrollY;
    previous = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

interface ScrollResult {
  items: number;
  seconds: number;
  frames: number[];
  longTasks: number[];
  stalledMs: number;
  /** How far up the page moved the scroll position, each time it did (px). */
  jumps: number[];
}

/** Items a list call's answer carried (its envelope's data.list), for counting how deep the list went. */
async function itemsIn(response: Response): Promise<number> {
  try {
    return openAnswer<{ list?: unknown[] }>(await response.text()).data?.list?.length ?? 0;
  } catch {
    return 0;
  }
}

/** Scrolls until `target` items have loaded, or the list ends (no new items for 15 s), or LIMIT_S. */
async function scrollList(page: Page, url: string, call: string, target: number): Promise<ScrollResult> {
  let items = 0;
  let grewAt = Date.now();
  page.on('response', (response) => {
    if (!response.url().includes(call) || !response.ok()) return;
    void itemsIn(response).then((n) => {
      items += n;
      if (n > 0) grewAt = Date.now();
    });
  });
  await page.goto(url);
  await page.waitForSelector('[data-testid=movie-card], [data-testid=post-card]', { timeout: 60_000 });
  const started = Date.now();
  await page.evaluate(START_SCROLL);
  while (items < target && Date.now() - grewAt < 15_000 && Date.now() - started < LIMIT_S * 1000)
    await page.waitForTimeout(250);
  const marks = await page.evaluate(() => {
    const state = (
      window as unknown as {
        __scroll: { frames: number[]; longTasks: number[]; stalledMs: number; jumps: number[]; running: boolean };
      }
    ).__scroll;
    state.running = false;
    return { frames: state.frames, longTasks: state.longTasks, stalledMs: state.stalledMs, jumps: state.jumps };
  });
  return { items, seconds: (Date.now() - started) / 1000, ...marks };
}

const p95 = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]!;
};

/** The figures of one list; `budgeted` for the big database, the demo's are the reference beside them. */
function figuresOf(group: string, name: string, result: ScrollResult, budgeted: boolean): Figure[] {
  const reached = `${result.items} items in ${result.seconds.toFixed(0)} s, ${result.frames.length} frames, ${(result.stalledMs / 1000).toFixed(1)} s waiting at the end of the loaded list`;
  const total = result.longTasks.reduce((sum, ms) => sum + ms, 0);
  return [
    {
      group,
      name: `${name}: frame time p95`,
      value: p95(result.frames),
      unit: 'ms',
      budget: budgeted ? { max: 20 } : undefined,
      note: reached,
    },
    {
      group,
      name: `${name}: longest long task`,
      value: result.longTasks.length ? Math.max(...result.longTasks) : 0,
      unit: 'ms',
      budget: budgeted ? { max: 200 } : undefined,
      note: `${result.longTasks.length} long tasks, ${total.toFixed(0)} ms in all`,
    },
    {
      group,
      name: `${name}: jumps back`,
      value: result.jumps.length,
      unit: 'count',
      budget: budgeted ? { max: 0 } : undefined,
      note: result.jumps.length
        ? `the page moved the reader up by ${result.jumps.map((px) => `${Math.round(px)} px`).join(', ')}`
        : 'the position only went down',
    },
  ];
}

const LISTS = [
  ['movie list', '/movie', '/movie/getPage'],
  ['topic list', '/topic', '/topic/getPage'],
] as const;

async function scrollOn(distDir: string, url: string, factor: number, log: (line: string) => void) {
  const { db, report } = await prepareScaleDb({ factor, databaseUrl: url, log });
  await db.close();
  const group = factor === 0 ? 'scroll, demo size' : `scroll ×${factor}`;
  log(`${group}: database ${report.outcome}`);
  const server = await startServer({ STATIC_DIR: distDir, RATE_LIMITS: 'off' }, { databaseUrl: url });
  const browser = await launchChromium();
  try {
    const figures: Figure[] = [];
    for (const [name, path, call] of LISTS) {
      const context = await browser.newContext(PHONE);
      const result = await scrollList(await context.newPage(), `${server.baseURL}${path}`, call, SCROLL_ITEMS);
      log(`${group} ${name}: ${result.items} items, frame p95 ${p95(result.frames)?.toFixed(1)} ms`);
      figures.push(...figuresOf(group, name, result, factor > 0));
      await context.close();
    }
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The big database's figures, then the same scroll at demo size (as deep as the demo's lists go). */
export async function measureScaleScroll(distDir: string, log: (line: string) => void): Promise<Figure[]> {
  return [
    ...(await scrollOn(distDir, scaleDatabaseUrl('scale100', 'BENCH_SCROLL_DATABASE'), FACTOR, log)),
    ...(await scrollOn(distDir, scaleDatabaseUrl('scale_demo', 'BENCH_SCALE_DEMO_DATABASE'), 0, log)),
  ];
}

/**
 * The CDN line race in the service worker (sw/cdn-lines.ts, rules unit-tested
 * in sw/line-rules.test.ts): with line 1 dead or slow, the worker's HEAD race picks line 2, media
 * come from line 2 (also when a URL names line 1), and the page shows the result (/mine/setting).
 * Playwright's context routes see the worker's own requests, so line 1 is broken for it too. A line
 * chosen while a film plays serves the next source, and never moves the one playing.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoPlan } from '../server/seed/demo-plan.ts';
import { launch, noBrowser, openPage, PHONE, readIdb } from './browser.ts';
import { playerVideo } from './player-flows.ts';
import { controlledBySw } from './pwa-browser.ts';

/** "GET /cdn/2/posters/…" of every media request the worker made. */
function workerMediaRequests(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (request.serviceWorker() && url.pathname.startsWith('/cdn/')) seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

const loadedPosters = (page: Page) =>
  page
    .locator('.movie-card img')
    .evaluateAll((images: HTMLImageElement[]) =>
      images.filter((img) => img.complete && img.naturalWidth > 0).map((img) => img.currentSrc),
    );

/** The line /mine/setting names as in use. */
async function lineShown(page: Page): Promise<string> {
  await page.goto('/mine/setting');
  const row = page.locator('[data-testid=cdn-line]');
  await expect.poll(() => row.innerText(), { timeout: 15_000 }).toMatch(/线路/);
  return row.innerText();
}

describe.skipIf(noBrowser)('the CDN line race in the service worker', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('with line 1 dead, the worker races to line 2, serves media from it even for line 1 URLs, and the page shows 线路二', async () => {
    const { page, context } = await openPage(browser);
    const worker = workerMediaRequests(context);
    await context.route('**/cdn/1/**', (route) => route.abort());
    await page.goto('/');
    await controlledBySw(page);
    await expect
      .poll(() => worker.filter((request) => request.startsWith('HEAD ')).sort(), { timeout: 15_000 })
      .toEqual(['HEAD /cdn/1/ping', 'HEAD /cdn/2/ping']);

    const pagePings: string[] = [];
    page.on(
      'request',
      (request) => request.url().endsWith('/ping') && !request.serviceWorker() && pagePings.push(request.url()),
    );
    await page.goto('/movie');
    await expect.poll(async () => (await loadedPosters(page)).length, { timeout: 20_000 }).toBeGreaterThan(1);
    for (const src of await loadedPosters(page)) expect(src).toContain('/cdn/2/posters/');
    expect(worker.some((request) => request.startsWith('GET /cdn/2/posters/'))).toBe(true);
    expect(pagePings).toEqual([]); // a controlled page leaves the race to the worker

    // A URL naming the dead line: the worker fails over to line 2.
    const poster = new URL((await loadedPosters(page))[0]!).pathname.replace('/cdn/2/', '/cdn/1/');
    expect(await page.evaluate(async (url) => (await fetch(url)).status, poster)).toBe(200);
    expect(await lineShown(page)).toContain('线路二');
    await context.close();
  });

  it('with line 1 slow, line 2 answers first and wins the race', async () => {
    const { page, context } = await openPage(browser);
    const worker = workerMediaRequests(context);
    await context.route('**/cdn/1/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined); // the race may have aborted it meanwhile
    });
    await page.goto('/');
    await controlledBySw(page);
    await expect
      .poll(() => worker.filter((request) => request.startsWith('HEAD ')).length, { timeout: 15_000 })
      .toBe(2);
    await page.goto('/movie');
    await expect.poll(async () => (await loadedPosters(page)).length, { timeout: 20_000 }).toBeGreaterThan(1);
    for (const src of await loadedPosters(page)) expect(src).toContain('/cdn/2/posters/');
    expect(await lineShown(page)).toContain('线路二');
    await context.close();
  });

  it('when line 1 answers its ping but not its media, every poster still loads, from line 2', async () => {
    const { page, context } = await openPage(browser);
    const worker = workerMediaRequests(context);
    await page.goto('/');
    await controlledBySw(page);
    await context.route(/\/cdn\/1\/posters\//, (route) => route.abort());
    await page.goto('/movie');
    // Every poster in view loads (lazy ones further down are not asked for), named on either line.
    const inView = () =>
      page
        .locator('.movie-card img')
        .evaluateAll((images: HTMLImageElement[]) =>
          images
            .filter((img) => img.getBoundingClientRect().top < innerHeight)
            .map((img) => img.complete && img.naturalWidth > 0),
        );
    await expect.poll(async () => (await inView()).length, { timeout: 20_000 }).toBeGreaterThan(1);
    await expect.poll(async () => (await inView()).every(Boolean), { timeout: 20_000 }).toBe(true);
    expect(worker.some((request) => request.startsWith('GET /cdn/2/posters/'))).toBe(true);
    await context.close();
  });

  it('a line chosen while a film plays leaves the film playing on from its place, on its line', async () => {
    const film = buildDemoPlan().movies.find((movie) => movie.access === 'free' && movie.episodes.length === 1)!;
    // No worker here: the page races the lines itself. Line 1 never answers its ping and line 2
    // answers late, so the film starts on the first listed line before the race picks line 2.
    const phoneWithoutWorker = { ...PHONE, serviceWorkers: 'block' as const };
    const { page, context } = await openPage(browser, phoneWithoutWorker);
    await page.route('**/cdn/1/ping', () => undefined);
    await page.route('**/cdn/2/ping', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue().catch(() => undefined);
    });
    const playlists: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.m3u8')) playlists.push(path);
    });
    const time = () => playerVideo(page).evaluate((video: HTMLVideoElement) => video.currentTime);
    await page.goto(`/movie/play/${film.id}`);
    await expect.poll(() => playlists.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(playlists[0]).toMatch(/^\/cdn\/1\//);
    await page.locator('[data-testid=play-toggle]').click();
    await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(0);

    await expect
      .poll(async () => (await readIdb<{ active: string }>(page, 'cdn'))?.active, { timeout: 10_000 })
      .toBe('/cdn/2');
    const at = await time();
    await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(at + 1);
    expect(await playerVideo(page).evaluate((video: HTMLVideoElement) => video.paused)).toBe(false);
    expect(playlists.filter((path) => !path.startsWith('/cdn/1/'))).toEqual([]);
    await context.close();
  });
});

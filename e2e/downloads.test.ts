/**
 * Offline downloads in a real Chromium with the real server, service worker,
 * hls.js and segments: a member who bought VIP at the sandbox cashier downloads an episode of the
 * VIP series at a chosen quality; the progress reaches 100 % and the quota meter goes from 暂无缓存
 * to the download's bytes; with the context offline (the service worker included) the 离线缓存 page opens and plays
 * the download to its end. Pause then resume completes a download; delete frees it. A non-VIP sees
 * the reason on the button, and the server refuses them a download ticket (code 4). Screenshots of
 * the sheet and the page at 390×844 and 1440×900.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_CACHE, offlineDir } from '../contract/offline-media.ts';
import { buildDemoPlan } from '../server/seed/demo-plan.ts';
import { apiData } from './content-api.ts';
import { launch, noBrowser, openPage, PHONE, readIdb, tokenCookie, WIDE } from './browser.ts';
import { payAtCashier, signedInUserId } from './member-flows.ts';
import { controlledBySw } from './pwa-browser.ts';
import { shoot } from './screenshots.ts';

const SERIES = buildDemoPlan().movies.find((movie) => movie.episodes.length > 2 && movie.access === 'vip')!;

interface SavedRecord {
  status: string;
  saved: number;
  segments: number;
  height: number;
}
const record = async (page: Page, episode: number) =>
  (await readIdb<{ items: Record<string, SavedRecord> }>(page, 'downloads'))?.items[`${SERIES.id}:${episode}`];
const quotaUsed = async (page: Page) =>
  Number((await page.locator('[data-testid=download-quota-text]').getAttribute('data-used')) ?? NaN);
const item = (page: Page) => page.locator('[data-testid=download-item]');

/** A navigation inside the app (wouter follows history.pushState), as a tap on a link does. */
const goInApp = (page: Page, path: string) =>
  page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** Opens the play page of an episode and its download sheet; answers the heights offered. */
async function openSheet(page: Page, episode: number): Promise<number[]> {
  await page.goto(`/movie/play/${SERIES.id}?ep=${episode}`);
  await page.locator('[data-testid=download-button]').click({ timeout: 20_000 });
  const qualities = page.locator('[data-testid^=download-quality-]');
  await qualities.first().waitFor({ timeout: 20_000 });
  const ids = await qualities.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid')!));
  return ids.map((id) => Number(id.replace('download-quality-', '')));
}

describe.skipIf(noBrowser)('offline downloads', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ page, context } = await openPage(browser, PHONE));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a VIP downloads an episode at a chosen quality: 100 %, and the quota meter goes from 暂无缓存 to its bytes', async () => {
    // The member buys VIP at the sandbox cashier (expect.poll needs a test, so not in beforeAll).
    await page.goto('/');
    await controlledBySw(page);
    await signedInUserId(page);
    await page.goto('/mine/vip');
    await page.locator('[data-testid=vip-plan]').first().click({ timeout: 20_000 });
    await page.locator('[data-testid=pay-wxpay]').click();
    await page.locator('[data-testid=checkout]').click();
    await payAtCashier(page, '/mine/vip');

    await page.goto('/mine/downloads');
    await page.locator('[data-testid=downloads-empty]').waitFor({ timeout: 20_000 });
    // Nothing downloaded yet: the meter counts the downloads' own bytes, so it says 暂无缓存.
    await expect
      .poll(() => page.locator('[data-testid=download-quota-text]').innerText(), { timeout: 10_000 })
      .toMatch(/^暂无缓存 \/ 可用 /);
    const usedBefore = await quotaUsed(page);
    expect(usedBefore).toBe(0);

    const heights = await openSheet(page, 2);
    const height = Math.max(...heights);
    await page.locator(`[data-testid=download-quality-${height}]`).click();
    await page.locator('[data-testid=download-episode-2]').waitFor();
    expect(await page.locator('[data-testid=download-episode-2]').getAttribute('aria-pressed')).toBe('true');
    await shoot(page, 'downloads-sheet-phone', { settle: true });
    await page.locator('[data-testid=download-start]').click();
    await page.locator('[data-testid=download-sheet]').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.locator('[data-testid=download-button]').innerText(), { timeout: 60_000 })
      .toBe('已下载');
    await expect.poll(async () => (await record(page, 2))?.status, { timeout: 10_000 }).toBe('done');
    const done = (await record(page, 2))!;
    expect(done).toMatchObject({ status: 'done', height });
    expect(done.saved).toBe(done.segments);
    expect(done.segments).toBeGreaterThan(1);

    await page.goto('/mine/downloads');
    await expect.poll(() => item(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('done');
    expect(await item(page).innerText()).toMatch(/剩余 \d+ 天/);
    await expect.poll(() => quotaUsed(page), { timeout: 10_000 }).toBeGreaterThan(usedBefore);
    await shoot(page, 'downloads-page-phone', { settle: true });
  });

  it('plays the download to its end with the network off, the service worker included', async () => {
    await context.setOffline(true);
    try {
      await page.goto('/mine/downloads');
      // The page and its service worker cannot reach the network (a media line fails over to none).
      expect(
        await page.evaluate(() =>
          fetch('/cdn/1/ping').then(
            () => 'reached',
            () => 'offline',
          ),
        ),
      ).toBe('offline');
      await page.locator('[data-testid=download-play]').click({ timeout: 20_000 });
      await page.waitForURL((url) => url.pathname === `/movie/play/${SERIES.id}`);
      const video = page.locator('[data-testid=player]');
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(1);
      const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
      expect(duration).toBeGreaterThan(4);
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        (window as unknown as { ended: boolean }).ended = false;
        v.addEventListener('ended', () => ((window as unknown as { ended: boolean }).ended = true), { once: true });
        v.currentTime = v.duration - 2;
        void v.play();
      });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { ended: boolean }).ended), { timeout: 30_000 })
        .toBe(true);
    } finally {
      await context.setOffline(false);
    }
  });

  it('pauses and resumes a download to its end; delete frees it', async () => {
    // Segments answer slowly, so the download is caught running.
    await context.route(/\/seg-\d+\.ts$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await openSheet(page, 3);
    await page.locator('[data-testid=download-start]').click();
    await page.locator('[data-testid=download-sheet]').waitFor({ state: 'detached' });
    await goInApp(page, '/mine/downloads'); // a reload would stop the download (it runs in the page)
    const third = item(page).filter({ hasText: '第3集' });
    await expect.poll(async () => (await record(page, 3))?.saved ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
    await third.locator('[data-testid=download-pause]').click();
    await expect.poll(() => third.getAttribute('data-status')).toBe('paused');
    const paused = (await record(page, 3))!;
    expect(paused.saved).toBeLessThan(paused.segments);
    await page.waitForTimeout(1500);
    expect((await record(page, 3))!.saved).toBe(paused.saved); // nothing more while paused
    await context.unroute(/\/seg-\d+\.ts$/);
    await third.locator('[data-testid=download-resume]').click();
    await expect.poll(() => third.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    expect((await record(page, 3))!.saved).toBe(paused.segments);

    await third.locator('[data-testid=download-remove]').click();
    await page.locator('[data-testid=download-remove-confirm]').click();
    await expect.poll(() => item(page).filter({ hasText: '第3集' }).count()).toBe(0);
    await expect.poll(() => record(page, 3)).toBeUndefined();
    // The record goes first (the list at once), then its files one by one: the cache empties soon after.
    const left = () =>
      page.evaluate(
        async ({ cacheName, dir }) => {
          const cache = await caches.open(cacheName);
          return (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith(dir)).length;
        },
        { cacheName: DOWNLOAD_CACHE, dir: offlineDir(SERIES.id, 3) },
      );
    await expect.poll(left).toBe(0);
    expect(await item(page).count()).toBe(1); // episode 2 stays

    await page.setViewportSize(WIDE.viewport);
    await page.goto('/mine/downloads');
    await item(page).first().waitFor();
    await shoot(page, 'downloads-page-desktop', { settle: true });
    await openSheet(page, 3);
    await shoot(page, 'downloads-sheet-desktop', { settle: true });
    await page.setViewportSize(PHONE.viewport);
  });

  it('a non-VIP sees why on the button, and the server refuses their download ticket (code 4)', async () => {
    const guest = await openPage(browser, PHONE);
    try {
      await guest.page.goto(`/movie/play/${SERIES.id}?ep=1`);
      const button = guest.page.locator('[data-testid=download-button]');
      await expect.poll(() => button.innerText(), { timeout: 20_000 }).toContain('离线下载为 VIP 专享');
      await button.click();
      await expect
        .poll(() => guest.page.locator('[data-testid=download-locked]').innerText())
        .toContain('开通 VIP 即可离线观看');
      const token = (await tokenCookie(guest.context))!.value;
      await expect(apiData('/download/ticket', { id: SERIES.id, episode: 1, height: 0 }, token)).rejects.toThrow(
        '/download/ticket: code 4 离线下载为 VIP 专享，开通 VIP 即可离线观看',
      );
    } finally {
      await guest.context.close();
    }
  });
});

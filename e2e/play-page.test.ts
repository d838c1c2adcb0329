/**
 * The play page's layout in a real Chromium: on a 1440×900 and a 1280×800 desktop 相关推荐 is a
 * column beside the player (its box starts right of the player's) and the player keeps 16:9 within
 * the viewport's height; on a 390×844 phone it is below the player, above the comments. A related
 * card opens that movie's detail page. Screenshots of both. A page opened and not played buffers its
 * first 8 s, not the whole film.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../contract/calls/paths.ts';
import { launch, noBrowser, openPage, PHONE, WIDE } from './browser.ts';
import { apiData } from './content-api.ts';
import { shoot } from './screenshots.ts';

interface Boxes {
  player: DOMRect;
  related: DOMRect;
  comments: DOMRect;
  viewport: { width: number; height: number };
}

/** The boxes of the player, 相关推荐 and the comments, in page coordinates. */
async function boxes(page: Page): Promise<Boxes> {
  await page.locator('[data-testid=related-card]').first().waitFor();
  return page.evaluate(() => {
    const box = (selector: string) => {
      const rect = document.querySelector(selector)!.getBoundingClientRect();
      return new DOMRect(rect.x + scrollX, rect.y + scrollY, rect.width, rect.height);
    };
    return {
      player: box('.video-player').toJSON() as DOMRect,
      related: box('[data-testid=related-list]').toJSON() as DOMRect,
      comments: box('.play-comments').toJSON() as DOMRect,
      viewport: { width: innerWidth, height: innerHeight },
    };
  });
}

describe.skipIf(noBrowser)('the play page in Chromium', () => {
  let browser: Browser;
  let movieId: number;
  beforeAll(async () => {
    browser = await launch();
    const movie = (await apiData(API.moviePage, { page: 1, pageSize: 1, sort: 'new', access: 'free' })).list[0]!;
    movieId = movie.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('desktop: 相关推荐 beside the player at 1440 and 1280 px, the player 16:9 within the viewport', async () => {
    const { page, context, problems } = await openPage(browser, WIDE);
    await page.goto(`/movie/play/${movieId}`);
    for (const size of [WIDE.viewport, { width: 1280, height: 800 }]) {
      await page.setViewportSize(size);
      const { player, related, viewport } = await boxes(page);
      expect(related.left).toBeGreaterThanOrEqual(player.right);
      expect(related.right).toBeLessThanOrEqual(viewport.width);
      // Beside: the column starts at the player's height, not below it.
      expect(related.top).toBeLessThan(player.bottom);
      expect(player.width / player.height).toBeCloseTo(16 / 9, 2);
      expect(player.bottom).toBeLessThanOrEqual(viewport.height);
      await shoot(page, `play-page-${size.width}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a page opened and not played fetches its first segments, not the film; playing fetches on', async () => {
    const { page, context, problems } = await openPage(browser, PHONE);
    // Each segment once, whoever asked for it (the player's start and hls.js ask for the first).
    const segments = new Set<string>();
    page.on('request', (request) => {
      if (/\/seg-\d+\.ts$/.test(new URL(request.url()).pathname)) segments.add(request.url());
    });
    await page.goto(`/movie/play/${movieId}`);
    await expect.poll(() => segments.size, { timeout: 20_000 }).toBeGreaterThan(0);
    // Ready to play (its first segments buffered), then left alone for a while.
    await page.waitForTimeout(4_000);
    const beforePlay = segments.size;
    // 8 s of a ladder (segments of 1, 3 and 4 s); a fourth when hls.js changes rung on the way.
    expect(beforePlay).toBeLessThanOrEqual(4);
    await page.locator('[data-testid=play-toggle]').tap();
    await expect.poll(() => segments.size, { timeout: 20_000 }).toBeGreaterThan(beforePlay + 2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the stream's first files are asked for as the play answer arrives; the player finds them in the cache", async () => {
    // The HTTP cache alone: no service worker between (and no context.route, which turns the cache off).
    const { page, context, problems } = await openPage(browser, { ...PHONE, serviceWorkers: 'block' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Each request of the first rung's playlist and first segment, and the bytes it took on the line.
    const asked = new Map<string, { url: string; bytes: number }>();
    const FIRST = /\/play\/[^/]+\/360p\/(index\.m3u8|seg-000\.ts)$/;
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (FIRST.test(new URL(request.url).pathname)) asked.set(requestId, { url: request.url, bytes: -1 });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const request = asked.get(requestId);
      if (request) request.bytes = encodedDataLength;
    });
    await page.goto(`/movie/play/${movieId}`);
    await page.locator('[data-testid=play-toggle]').tap();
    await expect
      .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime))
      .toBeGreaterThan(0.5);
    for (const file of ['index.m3u8', 'seg-000.ts']) {
      const requests = [...asked.values()].filter((request) => request.url.endsWith(`/360p/${file}`));
      // Twice asked (the start, then hls.js), once on the line: the second came from the cache.
      expect(requests.length, file).toBeGreaterThanOrEqual(2);
      expect(
        requests.filter((request) => request.bytes > 200),
        file,
      ).toHaveLength(1);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the posters of 相关推荐 wait for the video's first data, not sharing the line with it", async () => {
    const { page, context, problems } = await openPage(browser, PHONE);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/seg-000\.ts$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/movie/play/${movieId}`);
    await page.locator('[data-testid=related-card]').first().waitFor();
    await page.locator('[data-testid=play-toggle]').waitFor();
    await page.waitForTimeout(1_000);
    const posters = page.locator('[data-testid=related-list] img');
    expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.readyState)).toBe(0);
    expect(await posters.count()).toBe(0);
    release();
    await expect.poll(() => posters.count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('phone: 相关推荐 below the player and above the comments; a card opens its movie', async () => {
    const { page, context, problems } = await openPage(browser, PHONE);
    await page.goto(`/movie/play/${movieId}`);
    const { player, related, comments } = await boxes(page);
    expect(related.top).toBeGreaterThanOrEqual(player.bottom);
    expect(related.bottom).toBeLessThanOrEqual(comments.top);
    await page.locator('[data-testid=related-list]').scrollIntoViewIfNeeded();
    await shoot(page, 'play-page-phone');

    const card = page.locator('[data-testid=related-card]').first();
    const title = await card.locator('h3').innerText();
    const href = (await card.getAttribute('href'))!;
    expect(href).toMatch(/^\/movie\/\d+$/);
    await card.tap();
    await page.waitForURL((url) => url.pathname === href);
    await expect.poll(() => page.locator('.movie-hero__title').innerText()).toBe(title);
    expect(problems).toEqual([]);
    await context.close();
  });
});

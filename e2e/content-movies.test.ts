/**
 * Movies in a real Chromium against the seeded demo site: home content, the movie list's
 * filters, the detail's formatted counts, HLS playback through hls.js, CDN line fail-over, the VIP
 * trial (playlist cut and later segments refused), scroll restoration on back, and screenshots.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount, formatDuration } from '../src/lib/format.ts';
import { DESKTOP, launch, noBrowser, openPage, PHONE, readIdb } from './browser.ts';
import { apiData } from './content-api.ts';
import { shoot } from './screenshots.ts';

/** The first movie of an access kind, newest first. */
async function movieOf(access: 'free' | 'vip' | 'coins') {
  const page = await apiData('/movie/getPage', { access, page: 1, pageSize: 1 });
  return page.list[0]!;
}

const titles = (page: Page) => page.locator('.movie-card__title').allInnerTexts();

/** Scrolls to the end of a list and waits for its next page to lengthen it. */
async function scrollForNextPage(page: Page): Promise<void> {
  const height = () => page.evaluate(() => document.body.scrollHeight);
  const before = await height();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(height).toBeGreaterThan(before);
}
const currentTime = (page: Page) =>
  page.locator('[data-testid=player]').evaluate((video: HTMLVideoElement) => video.currentTime);

/** Plays from the big play button and waits until the video has advanced past `seconds`. */
async function playUntil(page: Page, seconds: number): Promise<void> {
  await page.locator('[data-testid=play-toggle]').click();
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(seconds);
}

/** The sources of the loaded movie posters. */
const loadedPosters = (page: Page) =>
  page
    .locator('.movie-card img')
    .evaluateAll((images: HTMLImageElement[]) =>
      images.filter((img) => img.complete && img.naturalWidth > 0).map((img) => img.currentSrc),
    );

describe.skipIf(noBrowser)('movies in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('home shows the banners, the hot tags and movie cards with the server titles', async () => {
    const home = await apiData('/home/getIndex', {});
    for (const device of [PHONE, DESKTOP]) {
      const { page, context, problems } = await openPage(browser, device);
      const calls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/')) calls.push(new URL(request.url()).pathname);
      });
      await page.goto('/');
      await expect
        .poll(() => page.locator('[data-testid=banner]').count(), { timeout: 20_000 })
        .toBe(home.banners.length);
      // the page brought its first paint, not the answers (server/first-paint/first-screen.ts): the
      // app reads home and the app-wide lists, each once
      expect(calls.filter((call) => call === '/api/home/getIndex')).toHaveLength(1);
      await expect.poll(() => calls.filter((call) => call === '/api/system/init').length, { timeout: 15_000 }).toBe(1);
      await expect.poll(() => page.locator('[data-testid=tag-chip]').count()).toBe(home.hotTags.length);
      expect(await page.locator('[data-testid=tag-chip]').first().innerText()).toContain(home.hotTags[0]!.name);
      await expect.poll(async () => (await titles(page)).includes(home.newestMovies[0]!.title)).toBe(true);
      expect(await titles(page)).toContain(home.hotMovies[0]!.title);
      // the first banner is the LCP image: eager and high priority
      const first = page.locator('[data-testid=banner] img').first();
      expect(await first.getAttribute('fetchpriority')).toBe('high');
      await shoot(page, `content-home-${device === PHONE ? 'phone' : 'desktop'}`, { settle: true });
      if (device === PHONE) {
        // once the page has settled, the banners turn by themselves (the second's dot is current)
        await expect
          .poll(() => page.locator('.banner-carousel__dot').nth(1).getAttribute('aria-current'), { timeout: 20_000 })
          .toBe('true');
      }
      await page.waitForLoadState('networkidle'); // every request answered: a failed one is among the problems
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('/movie filters by category and sort, kept in the query string', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP);
    await page.goto('/movie');
    await expect.poll(async () => (await titles(page)).length, { timeout: 20_000 }).toBeGreaterThan(4);
    const unfiltered = (await titles(page)).slice(0, 6);

    const genre = page.locator('[data-testid=filter-category] button').nth(1);
    const genreName = await genre.innerText();
    await genre.click();
    await page.waitForURL((url) => url.searchParams.has('category'));
    const categoryId = Number(new URL(page.url()).searchParams.get('category'));
    const expected = await apiData('/movie/getPage', { categoryId, sort: 'new', page: 1, pageSize: 24 });
    await expect.poll(async () => (await titles(page))[0]).toBe(expected.list[0]!.title);
    expect((await titles(page)).slice(0, 6)).not.toEqual(unfiltered);
    expect(genreName.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid=filter-subcategory]').count()).toBe(1);

    await page.locator('[data-testid=filter-sort] button', { hasText: '最热' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'hot');
    const hot = await apiData('/movie/getPage', { categoryId, sort: 'hot', page: 1, pageSize: 24 });
    await expect.poll(async () => (await titles(page))[0]).toBe(hot.list[0]!.title);

    await page.reload();
    await expect.poll(async () => (await titles(page))[0], { timeout: 20_000 }).toBe(hot.list[0]!.title);
    expect(await page.locator('[data-testid=filter-sort] [aria-pressed=true]').innerText()).toBe('最热');
    await shoot(page, 'content-movie-list-desktop', { settle: true });
    await page.waitForLoadState('networkidle'); // every request answered: a failed one is among the problems
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a movie detail shows formatted counts and the duration as HH:MM:SS', async () => {
    const movie = await apiData('/movie/detail', { id: (await movieOf('free')).id });
    for (const device of [PHONE, DESKTOP]) {
      const { page, context, problems } = await openPage(browser, device);
      await page.goto(`/movie/${movie.id}`);
      // Every detail call counts a view: the page shows a few more than the test's own call saw (its
      // first paint, the app's call, and on a loaded machine a call the app repeated after a timeout).
      const views = [1, 2, 3, 4, 5].map((more) => formatCount(movie.views + more));
      await expect.poll(() => page.locator('[data-testid=movie-views]').count(), { timeout: 20_000 }).toBe(1);
      expect(views).toContain(await page.locator('[data-testid=movie-views]').innerText());
      const duration = await page.locator('[data-testid=movie-duration]').innerText();
      expect(duration).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      expect(duration).toBe(formatDuration(movie.durationS));
      expect(await page.locator('.movie-hero__title').innerText()).toBe(movie.title);
      await shoot(page, `content-movie-detail-${device === PHONE ? 'phone' : 'desktop'}`, { settle: true });
      if (device === PHONE) {
        await page.goto('/movie');
        await expect.poll(async () => (await titles(page)).length, { timeout: 20_000 }).toBeGreaterThan(4);
        await shoot(page, 'content-movie-list-phone', { settle: true });
      }
      await page.waitForLoadState('networkidle'); // every request answered: a failed one is among the problems
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('分享 on a movie without the Web Share API copies the link, with the toast 链接已复制', async () => {
    const movie = await movieOf('free');
    const { page, context, problems } = await openPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => delete (Navigator.prototype as { share?: unknown }).share);
    await page.goto(`/movie/${movie.id}`);
    await page.getByTestId('share-button').click();
    await page.getByText('链接已复制').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      new URL(`/movie/${movie.id}`, page.url()).href,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('plays a free movie through hls.js, and records the watch history', async () => {
    const movie = await movieOf('free');
    for (const device of [PHONE, DESKTOP]) {
      const { page, context, problems } = await openPage(browser, device);
      await page.goto(`/movie/play/${movie.id}`);
      await playUntil(page, 1.5);
      await page.locator('[data-testid=player]').hover();
      await shoot(page, `content-playback-${device === PHONE ? 'phone' : 'desktop'}`, { settle: true });
      await page.locator('[data-testid=player]').evaluate((video: HTMLVideoElement) => video.pause());
      type Saved = { watch: { movie: { id: number }; position: number }[] };
      await expect.poll(async () => (await readIdb<Saved>(page, 'history'))?.watch[0]?.movie.id ?? null).toBe(movie.id);
      expect((await readIdb<Saved>(page, 'history'))!.watch[0]!.position).toBeGreaterThanOrEqual(1);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('with CDN line 1 unreachable, posters and playback come from line 2', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await context.route('**/sw.js', (route) => route.abort()); // the page's own fail-over: no worker (pwa-cdn.test.ts has its)
    await context.route('**/cdn/1/**', (route) => route.abort());
    await page.goto('/movie');
    await expect.poll(async () => (await loadedPosters(page)).length, { timeout: 20_000 }).toBeGreaterThan(1);
    for (const src of await loadedPosters(page)) expect(src).toContain('/cdn/2/posters/');

    const segments: string[] = [];
    page.on('response', (response) => response.url().endsWith('.ts') && response.ok() && segments.push(response.url()));
    await page.goto(`/movie/play/${(await movieOf('free')).id}`);
    await playUntil(page, 1);
    expect(segments.length).toBeGreaterThan(0);
    for (const url of segments) expect(url).toContain('/cdn/2/play/');
    await context.close();
  });

  it('fails over to line 2 when line 1 answers its ping but not its media', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await context.route('**/sw.js', (route) => route.abort()); // the page's own fail-over: no worker (pwa-cdn.test.ts has its)
    await context.route(/\/cdn\/1\/(posters|play)\//, (route) => route.abort());
    await page.goto('/movie');
    await expect.poll(async () => (await loadedPosters(page)).length, { timeout: 20_000 }).toBeGreaterThan(1);
    for (const src of await loadedPosters(page)) expect(src).toContain('/cdn/2/posters/');
    await page.goto(`/movie/play/${(await movieOf('free')).id}`);
    await playUntil(page, 1);
    expect(await page.locator('[data-testid=player]').evaluate((video: HTMLVideoElement) => video.currentSrc)).not.toBe(
      '',
    );
    await context.close();
  });

  it('a non-VIP viewer of a VIP movie gets the trial only: the playlist ends and later segments are refused', async () => {
    const vip = await apiData('/movie/detail', { id: (await movieOf('vip')).id });
    const { page, context } = await openPage(browser, DESKTOP);
    await page.goto(`/movie/${vip.id}`);
    await expect
      .poll(() => page.locator('[data-testid=movie-gate]').innerText(), { timeout: 20_000 })
      .toContain('VIP 专享');
    expect(await page.locator('[data-testid=movie-gate]').innerText()).toContain(`可试看 ${vip.trialSeconds} 秒`);

    // The demo videos are ladders: the segments are listed by the rung's playlist (360p/ or 720p/).
    const playlistResponse = page.waitForResponse((response) =>
      /\/play\/[^/]+\/\d+p\/index\.m3u8$/.test(response.url()),
    );
    await page.locator('[data-testid=play-button]').click();
    const playlist = await playlistResponse;
    const segmentNames = (await playlist.text()).split('\n').filter((line) => line.startsWith('seg-'));
    expect((await playlist.text()).trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(segmentNames.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('[data-testid=trial-banner]').innerText())
      .toContain(`试看 ${vip.trialSeconds} 秒`);

    // Tapped on the detail page: it plays without another tap (then faster, to reach the trial's end).
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.locator('[data-testid=player]').evaluate((video: HTMLVideoElement) => (video.playbackRate = 4));
    await expect.poll(() => page.locator('[data-testid=trial-ended]').count(), { timeout: 40_000 }).toBe(1);
    expect(await currentTime(page)).toBeLessThanOrEqual(vip.trialSeconds + 4);

    const segmentUrl = (n: number) => playlist.url().replace(/index\.m3u8$/, `seg-${String(n).padStart(3, '0')}.ts`);
    expect((await page.request.get(segmentUrl(segmentNames.length - 1))).status()).toBe(200);
    expect((await page.request.get(segmentUrl(segmentNames.length))).status()).toBe(403);
    expect((await page.request.get(segmentUrl(segmentNames.length + 5))).status()).toBe(403);
    await context.close();
  });

  it('a long list keeps only the rows near the viewport in the DOM, and shows cards wherever it is scrolled', async () => {
    const { page, context, problems } = await openPage(browser, PHONE);
    // Each page after the first is asked after the cursor of the page before (keyset paging).
    const asked: { page: number; cursor?: string }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/movie/getPage')) {
        asked.push(JSON.parse((request.postDataJSON() as { body: string }).body) as { page: number; cursor?: string });
      }
    });
    await page.goto('/movie');
    await expect.poll(async () => (await titles(page)).length, { timeout: 20_000 }).toBeGreaterThan(4);
    const rowIndexes = () =>
      page.locator('.vlist__row').evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.index)));
    const cardsInView = () =>
      page.locator('[data-testid=movie-card]').evaluateAll(
        (cards) =>
          cards.filter((card) => {
            const { top, bottom } = card.getBoundingClientRect();
            return bottom > 0 && top < innerHeight;
          }).length,
      );
    // A viewer keeps scrolling to the bottom until row 40 shows (pages of cards arrive as they do).
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return Math.max(...(await rowIndexes()));
        },
        { timeout: 40_000 },
      )
      .toBeGreaterThanOrEqual(40);
    const atBottom = await rowIndexes();
    const later = asked.filter((payload) => payload.page > 1);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((payload) => /^mn\.\d+\.\d+$/.test(payload.cursor ?? ''))).toBe(true);
    // Far more rows loaded than are in the DOM: the ones near the viewport only, the last among them.
    expect(Math.max(...atBottom)).toBeGreaterThanOrEqual(40);
    expect(atBottom.length).toBeLessThan(Math.max(...atBottom) / 2);
    expect(atBottom).not.toContain(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await expect.poll(cardsInView).toBeGreaterThan(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(rowIndexes).toContain(0);
    await expect.poll(cardsInView).toBeGreaterThan(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('scrolled down at a steady speed, a long list never moves the reader back up (not when it turns virtual either)', async () => {
    for (const device of [PHONE, DESKTOP]) {
      const { page, context } = await openPage(browser, device);
      await page.goto('/movie');
      await expect.poll(async () => (await titles(page)).length, { timeout: 20_000 }).toBeGreaterThan(4);
      // A fling of 2500 px/s, frame by frame; any frame where the position went up was the page's doing.
      await page.evaluate(() => {
        const marks = { jumps: [] as number[], last: 0, running: true };
        (window as unknown as { __marks: typeof marks }).__marks = marks;
        let previous = 0;
        const tick = (now: number) => {
          if (!marks.running) return;
          if (previous) window.scrollBy(0, (2500 * (now - previous)) / 1000);
          if (window.scrollY < marks.last - 50) marks.jumps.push(Math.round(marks.last - window.scrollY));
          marks.last = window.scrollY;
          previous = now;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const deepest = () =>
        page
          .locator('.vlist__row')
          .evaluateAll((rows) => Math.max(0, ...rows.map((row) => Number((row as HTMLElement).dataset.index))));
      await expect.poll(deepest, { timeout: 45_000 }).toBeGreaterThanOrEqual(40);
      const jumps = await page.evaluate(() => {
        const marks = (window as unknown as { __marks: { jumps: number[]; running: boolean } }).__marks;
        marks.running = false;
        return marks.jumps;
      });
      expect(jumps, `${device.viewport.width} px: moved up by`).toEqual([]);
      await context.close();
    }
  });

  it('going back from a movie detail restores the list where it was scrolled to', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto('/movie');
    await expect.poll(async () => (await titles(page)).length, { timeout: 20_000 }).toBeGreaterThan(4);
    // Pages loaded until the list is over 6000 px long (three columns of cards on a phone).
    const height = () => page.evaluate(() => document.body.scrollHeight);
    for (let i = 0; i < 12 && (await height()) <= 6000; i++) await scrollForNextPage(page);
    expect(await height()).toBeGreaterThan(6000);
    await page.evaluate(() => window.scrollTo(0, 4000));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const scrolled = await page.evaluate(() => window.scrollY);
    const target = await page.evaluate(() => {
      const cards = [...document.querySelectorAll<HTMLAnchorElement>('[data-testid=movie-card]')];
      const visible = cards.find((element) => element.getBoundingClientRect().top > 80);
      return visible?.getAttribute('href') ?? null;
    });
    expect(target).not.toBeNull();
    await page.locator(`[data-testid=movie-card][href="${target}"]`).click();
    await page.waitForURL((url) => url.pathname === target);
    await expect.poll(() => page.locator('[data-testid=movie-views]').count(), { timeout: 20_000 }).toBe(1);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/movie');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(5);
    expect(await page.locator(`[data-testid=movie-card][href="${target}"]`).isVisible()).toBe(true);
    await context.close();
  });
});

/**
 * The first paint of a first visit (server/first-paint/, src/components/page/first-paint.ts): the
 * server's HTML shows the screen before any script has run, within the page's CSP; the app then
 * takes over with the same screen and the first paint is gone.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData } from './content-api.ts';
import { baseURL, launch, noBrowser, openPage, PHONE, type WatchedPage } from './browser.ts';
import { shoot } from './screenshots.ts';

/** A keyword with hits of every kind in the demo data. */
const SEARCHED = '海';

/** A fresh phone page; without the app's scripts, what shows is the server's first paint alone. */
async function freshPage(browser: Browser, scripts: boolean): Promise<WatchedPage> {
  const watched = await openPage(browser, PHONE, baseURL, { waitForApp: false });
  if (!scripts) await watched.page.route(/\/assets\/.+\.js$/, (route) => route.abort('blockedbyclient'));
  return watched;
}

/** The scripts held back fail to load, and the deferred start of the entry says so. */
const withoutBlockedScripts = (problems: string[]) =>
  problems.filter((problem) => !/ERR_BLOCKED_BY_CLIENT|Failed to fetch dynamically imported module/.test(problem));

describe.skipIf(noBrowser)('first paint in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows home, a movie, a topic, the forum, a search and the play page from the HTML alone, before any script, without a CSP violation', async () => {
    const home = await apiData('/home/getIndex', {});
    const [movie] = (await apiData('/movie/getPage', { page: 1, pageSize: 1 })).list;
    const [topic] = (await apiData('/topic/getPage', { page: 1, pageSize: 1 })).list;
    const [group] = await apiData('/forum/getList', {});
    const found = await apiData('/search/all', { keyword: SEARCHED });
    const screens = [
      { path: '/', name: 'home', text: home.featured[0]!.title, image: home.banners[0]!.image },
      { path: `/movie/${movie!.id}`, name: 'movie', text: movie!.title, image: movie!.poster.small },
      { path: `/topic/${topic!.id}`, name: 'topic', text: topic!.title, image: null },
      { path: '/forum', name: 'forum', text: group!.name, image: null },
      {
        path: `/search/${encodeURIComponent(SEARCHED)}`,
        name: 'search',
        text: found.movies[0]!.title,
        image: found.movies[0]!.poster.small,
      },
      {
        path: `/movie/play/${movie!.id}`,
        name: 'play',
        text: movie!.title,
        image: movie!.poster.small,
        // no bar on a phone: the player's box is at the top, the poster in it
        bar: '.video-player',
      },
    ];
    for (const screen of screens) {
      const { page, context, problems } = await freshPage(browser, false);
      await page.goto(screen.path);
      const paint = page.locator('#first-paint');
      expect(await paint.getAttribute('aria-hidden'), screen.path).toBe('true');
      expect(await paint.innerText(), screen.path).toContain(screen.text);
      // the browser's own light scheme (Playwright's default); the play page is dark from its first paint
      expect(await page.locator('html').getAttribute('data-theme'), screen.path).toBe(
        screen.name === 'play' ? 'dark' : 'light',
      );
      if (screen.image) {
        const image = paint.locator(`img[src$="/${screen.image}"]`).first();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
            timeout: 10_000,
          })
          .toBe(true);
      }
      // laid out by the app's stylesheets: the layout's bar sits at the top of the screen
      const bar = await paint
        .locator(screen.bar ?? '.top-bar:visible, .sub-header:visible')
        .first()
        .boundingBox();
      expect(bar?.y, screen.path).toBe(0);
      await shoot(page, `first-paint-${screen.name}-phone`);
      expect(withoutBlockedScripts(problems), screen.path).toEqual([]);
      await context.close();
    }
  });

  it("asks for the app's entry only once the LCP image of the first paint is on screen", async () => {
    const { page, context, problems } = await freshPage(browser, true);
    await page.goto('/');
    await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0);
    const { heroPainted, entryAsked } = await page.evaluate(
      () =>
        new Promise<{ heroPainted: number; entryAsked: number }>((resolve) => {
          new PerformanceObserver((list) => {
            const [hero] = list.getEntries() as (PerformanceEntry & { renderTime: number })[];
            const entry = performance
              .getEntriesByType('resource')
              .find((resource) => /\/assets\/index-[^/]+\.js$/.test(resource.name));
            resolve({ heroPainted: hero!.renderTime, entryAsked: entry?.startTime ?? -1 });
          }).observe({ type: 'element', buffered: true });
        }),
    );
    expect(heroPainted).toBeGreaterThan(0);
    expect(entryAsked).toBeGreaterThanOrEqual(heroPainted);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("asks for a topic's entry only once its text is on screen (first contentful paint)", async () => {
    const [topic] = (await apiData('/topic/getPage', { page: 1, pageSize: 1 })).list;
    const { page, context, problems } = await freshPage(browser, true);
    await page.goto(`/topic/${topic!.id}`);
    await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0);
    const { textPainted, entryAsked } = await page.evaluate(() => {
      const [paint] = performance.getEntriesByName('first-contentful-paint');
      const entry = performance
        .getEntriesByType('resource')
        .find((resource) => /\/assets\/index-[^/]+\.js$/.test(resource.name));
      return { textPainted: paint?.startTime ?? -1, entryAsked: entry?.startTime ?? -1 };
    });
    expect(textPainted).toBeGreaterThan(0);
    expect(entryAsked).toBeGreaterThanOrEqual(textPainted);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hands over to the app: the same screen, the first paint removed, no console error', async () => {
    const [movie] = (await apiData('/movie/getPage', { page: 1, pageSize: 1 })).list;
    const { page, context, problems } = await freshPage(browser, true);
    const siteInfoAsked: string[] = [];
    const iconAsked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/fetch-data') siteInfoAsked.push(request.url());
      if (pathname === '/favicon.svg' || pathname === '/icons/favicon-32.png') iconAsked.push(request.url());
    });
    await page.goto(`/movie/${movie!.id}`);
    await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.locator('.movie-hero__title').allInnerTexts()).toEqual([movie!.title]);
    // the app's own copy, with its test ids, is what shows and answers now
    expect(await page.locator('[data-testid=movie-views]').count()).toBe(1);
    // its signed calls used the site info the page carried: it was neither preloaded nor asked for
    expect(siteInfoAsked).toEqual([]);
    // the tab's icon is in the page itself (vite.config.ts inlineFavicon), not a request of its own
    const icon = await page.locator('link[rel=icon]').getAttribute('href');
    // a PNG: an SVG icon is drawn in an SVG document of its own, on the page's main thread
    expect(icon).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(iconAsked).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hands over the forum, a search and the play page to the app, which asks for the search once', async () => {
    const [movie] = (await apiData('/movie/getPage', { page: 1, pageSize: 1 })).list;
    const screens = [
      { path: '/forum', shows: '[data-testid=forum-group]' },
      { path: `/search/${encodeURIComponent(SEARCHED)}`, shows: '[data-testid=search-overview]' },
      { path: `/movie/play/${movie!.id}`, shows: '[data-testid=play-title]' },
    ];
    for (const screen of screens) {
      const { page, context, problems } = await freshPage(browser, true);
      const searches: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/search/all') searches.push(request.url());
      });
      await page.goto(screen.path);
      await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0);
      await expect.poll(() => page.locator(screen.shows).first().isVisible(), { timeout: 10_000 }).toBe(true);
      // the page's HTML carries no answer but the site info (its paint is its head start): the app
      // reads the search itself, once
      expect(searches, screen.path).toHaveLength(screen.path.startsWith('/search/') ? 1 : 0);
      expect(problems, screen.path).toEqual([]);
      await context.close();
    }
  });
});

/**
 * The head after client-side navigation (docs/architecture.md, "The head"): from home, in-app
 * navigations to a film, a topic and a search each set document.title to what the server's first
 * paint writes for that page (contract/page-head.ts: item - section - site) and point the canonical
 * link (and og:url) at the page's own path on this origin, without a query.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageTitle } from '../contract/page-head.ts';
import { DEMO_SITE } from '../server/db/sites.ts';
import { browserSuite, noBrowser } from './browser.ts';
import { apiData } from './content-api.ts';

/** An in-app navigation (wouter follows history), no page load. */
const navigate = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

const canonical = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel=canonical]')?.href ?? null);

describe.skipIf(noBrowser)('the head after in-app navigation', () => {
  const { open } = browserSuite();

  it('a film, a topic and a search each set the title and the canonical link', async () => {
    const movie = (await apiData('/movie/getPage', { sort: 'hot', page: 1, pageSize: 1 })).list[0]!;
    const topic = (await apiData('/topic/getPage', { sort: 'new', page: 1, pageSize: 1 })).list[0]!;
    const { page } = await open();
    await page.goto('/');
    const origin = new URL(page.url()).origin;
    const site = DEMO_SITE.title;
    // The server's head of the first visit.
    expect(await page.title()).toBe(site);
    expect(await canonical(page)).toBe(`${origin}/`);

    const steps = [
      { path: `/movie/${movie.id}`, title: pageTitle(site, '电影', movie.title) },
      { path: `/topic/${topic.id}`, title: pageTitle(site, '话题', topic.title) },
      {
        path: `/search/${encodeURIComponent('星')}?tab=movies`,
        title: pageTitle(site, '搜索', '星'),
        canonicalPath: `/search/${encodeURIComponent('星')}`,
      },
    ];
    for (const step of steps) {
      await navigate(page, step.path);
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(step.title);
      expect(await canonical(page)).toBe(`${origin}${step.canonicalPath ?? step.path}`);
      const ogUrl = await page.evaluate(() =>
        document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
      );
      expect(ogUrl).toBe(`${origin}${step.canonicalPath ?? step.path}`);
    }
    // Back home (a kept page shown again): the site's name and its canonical once more.
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(site);
    expect(await canonical(page)).toBe(`${origin}/`);
  });
});

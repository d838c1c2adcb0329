/**
 * The keyboard on a desktop (1440×900) through the six main routes (home, a movie, a topic,
 * /forum, /search/{key} and the play page): Tab moves through the controls in order, each visible
 * where it gets the focus and drawn with a focus indicator (an outline or a ring under
 * :focus-visible), never on something hidden or off screen, and never caught in a loop it cannot
 * leave; the main controls work with Enter and Space.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../contract/calls/paths.ts';
import { browserSuite, noBrowser } from './browser.ts';
import { apiData } from './content-api.ts';

const DESKTOP_WIDE = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };
/** Tabs per route: enough to cross the top bar, the tabs and the first screens of content. */
const MAX_PRESSES = 120;

interface Stop {
  name: string;
  /** Why the focus there is wrong, if it is. */
  problem: string | null;
}

/** What has the focus now, and what is wrong with it (hidden, off screen, no indicator). */
function focusStop(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) return null;
    const label = (element.getAttribute('aria-label') || element.innerText || element.getAttribute('title') || '')
      .trim()
      .slice(0, 24);
    const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''} "${label}"`;
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const hidden =
      rect.width < 1 ||
      rect.height < 1 ||
      style.visibility === 'hidden' ||
      Number(style.opacity) === 0 ||
      element.closest('[inert], [aria-hidden=true]') !== null;
    if (hidden) return { name, problem: 'not visible' };
    const offscreen = rect.bottom <= 0 || rect.right <= 0 || rect.top >= innerHeight || rect.left >= innerWidth;
    if (offscreen) return { name, problem: 'off screen' };
    const drawsRing = (box: Element) => {
      const drawn = getComputedStyle(box);
      return (drawn.outlineStyle !== 'none' && parseFloat(drawn.outlineWidth) > 0) || drawn.boxShadow !== 'none';
    };
    // A text field may draw the ring on the box around it (its :focus-within), as the search bar does.
    const box = element.parentElement;
    const ring = drawsRing(element) || (element.matches('input, textarea') && box !== null && drawsRing(box));
    if (!element.matches(':focus-visible')) return { name, problem: 'not :focus-visible' };
    if (!ring) return { name, problem: 'no focus indicator' };
    return { name, problem: null };
  });
}

/**
 * Tabs from the top of the page until the focus leaves it, comes round to the first control again
 * or MAX_PRESSES; a control met twice before that is a loop the keyboard cannot leave.
 */
async function tabWalk(page: Page): Promise<{ stops: number; problems: string[] }> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const seen = new Map<string, number>();
  const problems: string[] = [];
  const names: string[] = [];
  let stops = 0;
  for (let press = 0; press < MAX_PRESSES; press++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => {
      const element = document.activeElement as (HTMLElement & { __tabId?: number }) | null;
      if (!element || element === document.body) return null;
      element.__tabId ??= Math.random();
      return String(element.__tabId);
    });
    if (id === null) break; // past the last control: out of the page, no trap
    const stop = await focusStop(page);
    if (!stop) break;
    if (seen.get(id) === 0) break; // the whole page went round (past its end, back to the first control)
    if (seen.has(id)) {
      problems.push(
        `a loop: the focus came back to ${stop.name} after ${press - seen.get(id)!} presses: ${names.slice(-12).join(' → ')}`,
      );
      break;
    }
    seen.set(id, press);
    names.push(stop.name);
    stops += 1;
    if (stop.problem) problems.push(`${stop.name}: ${stop.problem}`);
  }
  return { stops, problems };
}

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.skeleton, .skeleton-card').first().waitFor({ state: 'detached' });
}

describe.skipIf(noBrowser)('keyboard on a desktop', () => {
  const { open, closeAll } = browserSuite();
  let routes: string[];
  let movieId: number;

  beforeAll(async () => {
    const movie = (await apiData(API.moviePage, { page: 1, pageSize: 1, sort: 'new', access: 'free' })).list[0]!;
    const topic = (await apiData('/topic/getPage', { sort: 'reply', page: 1, pageSize: 1 })).list[0]!;
    movieId = movie.id;
    routes = ['/', `/movie/${movie.id}`, `/topic/${topic.id}`, '/forum', `/search/${encodeURIComponent('海')}`];
    routes.push(`/movie/play/${movie.id}`);
  });

  it('Tab reaches the controls of the six main routes in order, each visible with a focus indicator, with no trap', async () => {
    const { page } = await open(DESKTOP_WIDE);
    const found: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      await settled(page);
      const { stops, problems } = await tabWalk(page);
      if (stops < 3) found.push(`${route}: only ${stops} controls reached`);
      found.push(...problems.map((problem) => `${route}: ${problem}`));
    }
    expect(found.join('\n')).toBe('');
    await closeAll();
  });

  it('Enter and Space work the main controls: a like, a tab of the search results, the play button', async () => {
    const { page } = await open(DESKTOP_WIDE);
    await page.goto(`/movie/${movieId}`);
    const like = page.locator('[data-testid=like-button]').first();
    await like.focus({ timeout: 20_000 });
    const before = await like.getAttribute('aria-pressed');
    await page.keyboard.press('Enter');
    await expect.poll(() => like.getAttribute('aria-pressed')).not.toBe(before);

    await page.goto(`/search/${encodeURIComponent('海')}`);
    const movies = page.getByRole('tab', { name: /^影片/ });
    await movies.focus({ timeout: 20_000 });
    await page.keyboard.press('Space');
    await expect.poll(() => movies.getAttribute('aria-selected')).toBe('true');

    await page.goto(`/movie/play/${movieId}`);
    const play = page.locator('[data-testid=play-toggle]');
    await play.focus({ timeout: 20_000 });
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => !video.paused), { timeout: 20_000 })
      .toBe(true);
    await closeAll();
  });
});

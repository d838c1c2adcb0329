/**
 * A series of the seeded demo in a real Chromium: 选集 on the detail page lists its episodes,
 * choosing episode 2 opens the play page on it (?ep=2) and it plays; choosing another there loads
 * its stream in place and the watch history records the episode; every choice of the 清晰度 and 倍速
 * menus lies whole inside the player's box on a 390×844 phone, none scrolled out of view (the demo's
 * streams are ladders: 自动, 720P and 360P).
 * Screenshots of the detail and play pages on a phone and a 1440 px desktop.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoPlan } from '../server/seed/demo-plan.ts';
import { launch, noBrowser, openPage, PHONE, readIdb, WIDE } from './browser.ts';
import { openPlayerMenu, playerVideo as video } from './player-flows.ts';
import { shoot } from './screenshots.ts';

const SERIES = buildDemoPlan().movies.find((movie) => movie.episodes.length > 1 && movie.access === 'free')!;

const currentTime = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);
/** The screen shown (a page left stays mounted, hidden, until it is evicted). */
type Screen = 'detail' | 'play';
const SCREEN: Record<Screen, string> = { detail: '.movie-detail', play: '.play-info' };
const chips = (page: Page, screen: Screen) => page.locator(`${SCREEN[screen]} [data-testid=episode-chip]`);
const currentChip = (page: Page, screen: Screen) =>
  page.locator(`${SCREEN[screen]} [data-testid=episode-chip][aria-current=true]`);

/** The boxes of a menu's items, and the player's; paused first, so the controls stay shown. */
async function menuBoxes(page: Page, testId: string) {
  await video(page).evaluate((element: HTMLVideoElement) => element.pause());
  const boxes = await openPlayerMenu(page, testId);
  await page.keyboard.press('Escape');
  return boxes;
}

describe.skipIf(noBrowser)('a series in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the seeded demo has a free series of several episodes', () => {
    expect(SERIES.episodes.length).toBeGreaterThanOrEqual(3);
  });

  for (const [name, device] of [
    ['phone', PHONE],
    ['desktop', WIDE],
  ] as const) {
    it(`${name}: 选集 on the detail page, episode 2 plays, another loads in place and the history keeps it`, async () => {
      const { page, context, problems } = await openPage(browser, device);
      await page.goto(`/movie/${SERIES.id}`);
      await page.locator('[data-testid=episodes]').waitFor();
      expect(await page.locator('[data-testid=episodes] h2').innerText()).toBe('选集');
      expect(await chips(page, 'detail').allInnerTexts()).toEqual(
        SERIES.episodes.map((episode) => String(episode.number)),
      );
      expect(await chips(page, 'detail').nth(1).getAttribute('title')).toBe('第2集');
      await page.waitForLoadState('networkidle');
      await shoot(page, `series-detail-${name}`);

      await chips(page, 'detail').nth(1).click();
      await page.waitForURL((url) => url.pathname === `/movie/play/${SERIES.id}` && url.searchParams.get('ep') === '2');
      await expect.poll(() => page.locator('[data-testid=play-title]').innerText()).toContain('第2集');
      expect(await currentChip(page, 'play').innerText()).toBe('2');
      // Tapped on the detail page: it plays without another tap.
      await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1.5);
      await video(page).hover();
      await shoot(page, `series-play-${name}`);
      await page
        .locator('.play-info [data-testid=episodes]')
        .evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await shoot(page, `series-play-episodes-${name}`);
      await page.evaluate(() => scrollTo(0, 0));

      // Another episode: the same page (no reload), played from its own start (the demo's episodes
      // share one video, so where the player is, not which file, tells the episode changed), playing on.
      await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      await video(page).evaluate((element: HTMLVideoElement) => {
        const seen = window as unknown as { earliest: number };
        seen.earliest = Infinity;
        const note = () => (seen.earliest = Math.min(seen.earliest, element.currentTime));
        for (const type of ['timeupdate', 'seeked', 'emptied', 'loadeddata']) element.addEventListener(type, note);
      });
      expect(await currentTime(page)).toBeGreaterThan(1.5);
      await chips(page, 'play').nth(2).click();
      await page.waitForURL((url) => url.searchParams.get('ep') === '3');
      await expect.poll(() => page.locator('[data-testid=play-title]').innerText()).toContain('第3集');
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { earliest: number }).earliest), { timeout: 20_000 })
        .toBeLessThan(1);
      await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1.5);
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect(await currentChip(page, 'play').innerText()).toBe('3');

      await video(page).evaluate((element: HTMLVideoElement) => element.pause());
      type Saved = { watch: { movie: { id: number }; episode?: number; position: number }[] };
      await expect.poll(async () => (await readIdb<Saved>(page, 'history'))?.watch[0]?.episode ?? null).toBe(3);
      expect((await readIdb<Saved>(page, 'history'))!.watch[0]!.movie.id).toBe(SERIES.id);

      // Back on the detail page, the episode watched last is highlighted.
      await page.goto(`/movie/${SERIES.id}`);
      await expect.poll(() => currentChip(page, 'detail').innerText()).toBe('3');
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('phone: the 清晰度 menu (自动 and each rung of the ladder) and the 倍速 menu open inside the player', async () => {
    const { page, context, problems } = await openPage(browser, PHONE);
    await page.goto(`/movie/play/${SERIES.id}?ep=2`);
    await page.locator('[data-testid=play-toggle]').click();
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(0.5);

    const quality = await menuBoxes(page, 'quality');
    expect(quality.items.map((item) => item.text)).toEqual(['自动', '720P 高清', '360P 流畅']);
    const speed = await menuBoxes(page, 'speed');
    expect(speed.items).toHaveLength(6);
    for (const { items, player, list } of [quality, speed]) {
      expect(list.y).toBeGreaterThanOrEqual(player.y);
      expect(list.y + list.height).toBeLessThanOrEqual(player.y + player.height);
      for (const item of items) {
        expect(item.top).toBeGreaterThanOrEqual(0);
        expect(item.bottom).toBeLessThanOrEqual(844);
        expect(item.left).toBeGreaterThanOrEqual(0);
        expect(item.right).toBeLessThanOrEqual(390);
        expect(item.top).toBeGreaterThanOrEqual(Math.max(player.y, list.y) - 0.5);
        expect(item.bottom).toBeLessThanOrEqual(Math.min(player.y + player.height, list.y + list.height) + 0.5);
      }
    }
    await page.locator('[data-testid=speed]').click();
    await shoot(page, 'series-speed-menu-phone');
    await page.locator('[data-testid=speed-menu]').getByRole('menuitemradio', { name: '1.5x' }).click();
    expect(await video(page).evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * What a movie's pages offer, in a real Chromium. The play page has the score, 点赞 (with its
 * count), 收藏 and 分享 under the player on a 390×844 phone and beside the title, still under the
 * player, on a 1440×900 desktop; a like and a favourite made there show on the detail page. The
 * detail page's play button follows the watch history: a series left at 第4集 0:44 offers
 * 继续观看 第4集 0:44 (and resumes there), a film left part-way 继续观看 0:12, and a film watched to
 * the end 重新播放 (from the start) with no 上次看到 line. Screenshots of each.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildDemoPlan } from '../server/seed/demo-plan.ts';
import { browserSuite, noBrowser, PHONE, WIDE } from './browser.ts';
import { playerVideo as video } from './player-flows.ts';
import { shoot } from './screenshots.ts';

const DEVICES = [
  ['phone', PHONE],
  ['desktop', WIDE],
] as const;
const PLAN = buildDemoPlan();
const FILMS = PLAN.movies.filter((movie) => movie.access === 'free' && movie.episodes.length === 1).slice(6, 8);
const SERIES = PLAN.movies.filter((movie) => movie.episodes.length > 1 && movie.access === 'free')[2]!;

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;
const time = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);

/** Opens a play page directly (it waits, paused) and seeks to `at` (a seek is saved to the history). */
async function leaveAt(page: Page, path: string, at: (duration: number) => number): Promise<void> {
  await page.goto(path);
  await expect
    .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await video(page).evaluate(
    (element: HTMLVideoElement, seconds) =>
      new Promise((resolve) => {
        element.addEventListener('seeked', resolve, { once: true });
        element.currentTime = seconds;
      }),
    at(await video(page).evaluate((element: HTMLVideoElement) => element.duration)),
  );
}

/** The detail page's play button, once the watch history is read. */
async function playButton(page: Page, movieId: number, text: string) {
  await page.goto(`/movie/${movieId}`);
  const button = page.locator('[data-testid=play-button]');
  await expect.poll(() => button.innerText(), { timeout: 20_000 }).toBe(text);
  return button;
}

describe.skipIf(noBrowser)('a movie’s actions and its play button', () => {
  const suite = browserSuite();

  for (const [name, device] of DEVICES) {
    it(`${name}: the play page has the score, 点赞, 收藏 and 分享; a like and a favourite show on the detail page`, async () => {
      const film = FILMS[name === 'phone' ? 0 : 1]!;
      const { page } = await suite.open(device);
      await page.goto(`/movie/play/${film.id}`);
      const actions = page.locator('.play-info [data-testid=play-actions]');
      await actions.waitFor();
      for (const part of ['movie-score', 'like-button', 'favourite-button', 'share-button'])
        expect(await actions.locator(`[data-testid=${part}]`).isVisible()).toBe(true);
      expect(await actions.locator('[data-testid=like-button]').innerText()).toContain('点赞');
      expect(await actions.locator('[data-testid=favourite-button]').innerText()).toBe('收藏');
      expect(await actions.locator('[data-testid=share-button]').innerText()).toBe('分享');

      const player = await box(page, '.video-player');
      const title = await box(page, '.play-info__title');
      const row = await box(page, '.play-info [data-testid=play-actions]');
      const viewport = page.viewportSize()!;
      expect(row.y).toBeGreaterThanOrEqual(player.y + player.height);
      expect(row.x + row.width).toBeLessThanOrEqual(Math.min(viewport.width, player.x + player.width) + 0.5);
      if (name === 'phone') {
        expect(row.y).toBeGreaterThanOrEqual(title.y + title.height);
      } else {
        // Beside the title, in the player's column.
        expect(row.x).toBeGreaterThanOrEqual(title.x + title.width);
        expect(row.y).toBeLessThan(title.y + title.height);
      }
      for (const part of ['like-button', 'favourite-button', 'share-button']) {
        const button = await box(page, `.play-info [data-testid=${part}]`);
        expect(button.x).toBeGreaterThanOrEqual(0);
        expect(button.x + button.width).toBeLessThanOrEqual(viewport.width);
      }

      const count = Number(await actions.locator('[data-testid=like-count]').innerText());
      const like = actions.locator('[data-testid=like-button]');
      const favourite = actions.locator('[data-testid=favourite-button]');
      const liked = page.waitForResponse((response) => response.url().includes('/movie/like'));
      const favoured = page.waitForResponse((response) => response.url().includes('userFavorRecord'));
      await like.click();
      await favourite.click();
      expect(await like.getAttribute('aria-pressed')).toBe('true');
      expect(await like.innerText()).toContain('已点赞');
      expect(Number(await actions.locator('[data-testid=like-count]').innerText())).toBe(count + 1);
      expect(await favourite.innerText()).toBe('已收藏');
      await Promise.all([liked, favoured]);
      await actions.scrollIntoViewIfNeeded();
      await shoot(page, `play-actions-${name}`, { settle: true });

      await page.goto(`/movie/${film.id}`);
      await expect
        .poll(() => page.locator('[data-testid=like-button]').getAttribute('aria-pressed'), { timeout: 20_000 })
        .toBe('true');
      expect(await page.locator('[data-testid=favourite-button]').getAttribute('aria-pressed')).toBe('true');
      await suite.closeAll();
    });
  }

  for (const [name, device] of DEVICES) {
    it(`${name}: a series left at 第4集 0:44 offers 继续观看 第4集 0:44 and goes on from there`, async () => {
      const { page } = await suite.open(device);
      await leaveAt(page, `/movie/play/${SERIES.id}?ep=4`, () => 44.4);
      const button = await playButton(page, SERIES.id, '继续观看 第4集 0:44');
      expect(await page.locator('.movie-hero').innerText()).not.toContain('上次看到');
      await page.waitForLoadState('networkidle');
      await shoot(page, `detail-resume-series-${name}`);

      await button.click();
      await page.waitForURL((url) => url.pathname === `/movie/play/${SERIES.id}` && url.searchParams.get('ep') === '4');
      await expect.poll(() => time(page), { timeout: 30_000 }).toBeGreaterThan(45);
      expect(await time(page)).toBeLessThan(50);
      await suite.closeAll();
    });
  }

  for (const [name, device] of DEVICES) {
    it(`${name}: a film left part-way offers 继续观看 m:ss; watched to the end, 重新播放 from the start`, async () => {
      const film = FILMS[name === 'phone' ? 0 : 1]!;
      const { page } = await suite.open(device);
      await leaveAt(page, `/movie/play/${film.id}`, () => 12.2);
      await playButton(page, film.id, '继续观看 0:12');

      await leaveAt(page, `/movie/play/${film.id}`, (duration) => duration - 0.5);
      const button = await playButton(page, film.id, '重新播放');
      expect(await page.locator('.movie-hero').innerText()).not.toContain('上次看到');
      await page.waitForLoadState('networkidle');
      await shoot(page, `detail-replay-film-${name}`);

      await button.click();
      await page.waitForURL((url) => url.pathname === `/movie/play/${film.id}`);
      await expect.poll(() => time(page), { timeout: 30_000 }).toBeGreaterThan(1);
      expect(await time(page)).toBeLessThan(10);
      await suite.closeAll();
    });
  }
});

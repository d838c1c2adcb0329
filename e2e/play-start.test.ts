/**
 * How playback starts, in a real Chromium: 立即播放 on a film's detail page (a phone's tap) and a
 * 选集 episode (a desktop's click) play at once, with sound, without a second tap on the player.
 * Where the browser refuses sound without a tap on the page itself (as iOS Safari does; here the
 * page's play() refuses an unmuted start), the video starts muted with 点击开启声音, which turns the
 * sound on and is not remembered as the viewer's mute. A play page opened directly (an address, a
 * reload) waits for the big play button. Screenshots of 点击开启声音 at 390×844 and 1440×900.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildDemoPlan } from '../server/seed/demo-plan.ts';
import { PLAYER_PREFS_KEY } from '../src/lib/storage-keys.ts';
import { browserSuite, noBrowser, PHONE, WIDE } from './browser.ts';
import { playerVideo as video } from './player-flows.ts';
import { shoot } from './screenshots.ts';

const PLAN = buildDemoPlan();
const FILM = PLAN.movies.filter((movie) => movie.access === 'free' && movie.episodes.length === 1)[5]!;
const SERIES = PLAN.movies.filter((movie) => movie.episodes.length > 1 && movie.access === 'free')[1]!;

const state = (page: Page) =>
  video(page).evaluate((element: HTMLVideoElement) => ({
    time: element.currentTime,
    paused: element.paused,
    muted: element.muted,
  }));

/** Taps (or clicks, on a desktop) 立即播放 on the film's detail page and waits for the play page. */
async function playFromDetail(page: Page, tap: boolean): Promise<void> {
  await page.goto(`/movie/${FILM.id}`);
  const play = page.locator('[data-testid=play-button]');
  await play.waitFor();
  if (tap) await play.tap();
  else await play.click();
  await page.waitForURL((url) => url.pathname === `/movie/play/${FILM.id}`);
}

/** The page's play() refuses to start with sound, as a browser does that wants a tap on the page itself. */
async function refuseSoundWithoutTap(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (this.muted) return play.call(this);
      return Promise.reject(new DOMException('play() needs a tap on the page', 'NotAllowedError'));
    };
  });
}

describe.skipIf(noBrowser)('starting playback', () => {
  const suite = browserSuite();

  it('phone: 立即播放 plays the film at once, with sound, without a second tap', async () => {
    const { page } = await suite.open(PHONE);
    await playFromDetail(page, true);
    await expect.poll(async () => (await state(page)).time, { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await state(page)).toMatchObject({ paused: false, muted: false });
    expect(await page.locator('[data-testid=play-toggle]').count()).toBe(0);
    expect(await page.locator('[data-testid=unmute]').count()).toBe(0);
    await suite.closeAll();
  });

  it('desktop: a 选集 episode on the detail page plays at once', async () => {
    const { page } = await suite.open(WIDE);
    await page.goto(`/movie/${SERIES.id}`);
    await page.locator('[data-testid=episode-chip]').nth(2).click();
    await page.waitForURL((url) => url.pathname === `/movie/play/${SERIES.id}` && url.searchParams.get('ep') === '3');
    await expect.poll(async () => (await state(page)).time, { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await state(page)).toMatchObject({ paused: false, muted: false });
    await suite.closeAll();
  });

  for (const [name, device] of [
    ['phone', PHONE],
    ['desktop', WIDE],
  ] as const) {
    it(`${name}: where sound needs a tap on the player, it starts muted and 点击开启声音 turns the sound on`, async () => {
      const { page } = await suite.open(device);
      await refuseSoundWithoutTap(page);
      await playFromDetail(page, name === 'phone');
      await expect.poll(async () => (await state(page)).time, { timeout: 30_000 }).toBeGreaterThan(1);
      expect(await state(page)).toMatchObject({ paused: false, muted: true });
      const unmute = page.locator('[data-testid=unmute]');
      expect(await unmute.innerText()).toBe('点击开启声音');
      // On a phone the controls hide after a while of playing; the button stays.
      if (name === 'phone')
        await expect.poll(() => page.locator('.video-player.is-controls').count(), { timeout: 10_000 }).toBe(0);
      expect(await unmute.isVisible()).toBe(true);
      const box = (await unmute.boundingBox())!;
      const player = (await page.locator('.video-player').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(player.x);
      expect(box.y + box.height).toBeLessThanOrEqual(player.y + player.height);
      await shoot(page, `play-start-muted-${name}`);
      // The browser's mute is not the viewer's: the next video is not muted for it.
      const prefs = await page.evaluate((key) => localStorage.getItem(key), PLAYER_PREFS_KEY);
      expect(prefs === null || JSON.parse(prefs).muted === false).toBe(true);

      if (name === 'phone') await unmute.tap();
      else await unmute.click();
      await expect.poll(async () => (await state(page)).muted).toBe(false);
      expect(await unmute.count()).toBe(0);
      const at = (await state(page)).time;
      await expect.poll(async () => (await state(page)).time).toBeGreaterThan(at + 0.5);
      expect((await state(page)).paused).toBe(false);
      await suite.closeAll();
    });
  }

  it('a play page opened directly waits for the big play button', async () => {
    const { page } = await suite.open(PHONE);
    await page.goto(`/movie/play/${FILM.id}`);
    await expect
      .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await page.waitForTimeout(1_500); // nothing starts it
    expect(await state(page)).toMatchObject({ time: 0, paused: true });
    expect(await page.locator('[data-testid=play-toggle]').isVisible()).toBe(true);
    await suite.closeAll();
  });
});

/**
 * The player's control bar, menus and overlays in a real Chromium, on the seeded demo. A menu (倍速,
 * 清晰度, 跳过片头片尾, 弹幕设置) opened while playing and left alone for 5 s is still there, on a
 * bar still shown, and the tap or click then choosing an item lands on the item and takes effect; on
 * a desktop the bar stays while the mouse rests on 倍速, and hides once the mouse is on the video.
 * Every control of the bar and the top-right corner lies inside a 360 and a 390 px wide phone for a
 * film and a series, in portrait and in fullscreen, its label whole (1.5x). The trial's end and the
 * next episode's countdown cover the danmaku, not the seek bar and the buttons. A danmaku sent while
 * the danmaku are off switches them on and says so; the style button is named and reads 样式.
 * Screenshots at 390×844 and 1440×900 with each menu open and of both overlays.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDemoPlan } from '../server/seed/demo-plan.ts';
import { browserSuite, noBrowser, PHONE, WIDE } from './browser.ts';
import { signedInUserId } from './member-flows.ts';
import { controlsShown, playerVideo as video, actOnControl } from './player-flows.ts';
import { shoot } from './screenshots.ts';

const PLAN = buildDemoPlan().movies;
const FILM = PLAN.find((movie) => movie.episodes.length === 1 && movie.access === 'free')!;
const SERIES = PLAN.find((movie) => movie.episodes.length > 2 && movie.access === 'free' && movie.introEndS)!;
const TRIAL = PLAN.find((movie) => movie.episodes.length === 1 && movie.access === 'vip' && movie.trialS > 0)!;
/** A pause before choosing: a menu left alone this long is still there. */
const LEFT_ALONE_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rate = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.playbackRate);
const currentTime = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);

/** Opens a play page and plays it, however the page starts (paused behind its play button, or playing). */
async function startPlaying(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect
    .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  const paused = await video(page).evaluate((element: HTMLVideoElement) => element.paused);
  if (paused) await page.locator('[data-testid=play-toggle]').click();
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(0);
}

/** Whether the topmost element at the centre of `selector`'s first match is that element (or inside it). */
function onTop(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (hit === element || element.contains(hit));
    });
}

/** Each control of the bar and the top-right corner: its box and whether its text fits it. */
function controlBoxes(page: Page) {
  return page.locator('.video-controls button, .video-controls__time, .player-corner button').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return {
        name: element.getAttribute('aria-label') ?? (element as HTMLElement).innerText,
        text: (element as HTMLElement).innerText,
        left: box.left,
        right: box.right,
        clipped: element.scrollWidth > element.clientWidth + 1,
      };
    }),
  );
}

describe.skipIf(noBrowser)('the player’s bar, menus and overlays', () => {
  const suite = browserSuite();
  afterEach(() => suite.closeAll());

  it('phone: each menu left open 5 s while playing stays, and the tapped item takes effect', async () => {
    const { page } = await suite.open(PHONE);
    await startPlaying(page, `/movie/play/${SERIES.id}?ep=2`);
    /** Opens the menu of `button`, leaves it 5 s, checks it is still there and taps `item`. */
    const leaveThenTap = async (button: string, item: string, shot: string) => {
      await actOnControl(page, page.locator(button), 'tap');
      await page.locator(item).waitFor();
      await shoot(page, shot);
      await sleep(LEFT_ALONE_MS);
      expect(await controlsShown(page)).toBe(true);
      expect(await onTop(page, item)).toBe(true);
      await page.locator(item).tap();
    };

    await leaveThenTap(
      '[data-testid=speed]',
      '[data-testid=speed-menu] >> role=menuitemradio[name="1.5x"]',
      'player-menu-speed-phone',
    );
    expect(await rate(page)).toBe(1.5);
    expect(await page.locator('[data-testid=speed]').innerText()).toBe('1.5x');

    const quality = page.locator('[data-testid=quality-menu]').getByRole('menuitemradio');
    await actOnControl(page, page.locator('[data-testid=quality]'), 'tap');
    expect(await quality.allInnerTexts()).toEqual(['自动', '720P 高清', '360P 流畅']);
    await page.locator('[data-testid=quality]').tap(); // closes it
    await leaveThenTap(
      '[data-testid=quality]',
      '[data-testid=quality-menu] >> role=menuitemradio[name="360P 流畅"]',
      'player-menu-quality-phone',
    );
    expect(await page.locator('[data-testid=quality]').innerText()).toBe('360P');

    await leaveThenTap(
      '[data-testid=skip-marks]',
      'role=menuitemradio[name="跳过片头片尾 关"]',
      'player-menu-skip-marks-phone',
    );
    expect(await page.evaluate(() => localStorage.getItem('skip-marks'))).toBe('off');

    await leaveThenTap(
      '[data-testid=danmaku-settings-button]',
      '[data-testid=danmaku-settings] >> role=radio[name="多"]',
      'player-menu-danmaku-settings-phone',
    );
    expect(
      await page
        .locator('[data-testid=danmaku-settings]')
        .getByRole('radio', { name: '多' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await page.locator('.danmaku-panel__close').tap();

    // Held only while needed: with every menu closed the bar hides again.
    expect(await video(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
    await expect.poll(() => controlsShown(page), { timeout: 8_000 }).toBe(false);
  });

  it('desktop: the bar stays while the mouse rests on 倍速 and its menu; a click 5 s later chooses', async () => {
    const { page } = await suite.open(WIDE);
    await startPlaying(page, `/movie/play/${SERIES.id}?ep=2`);
    await actOnControl(page, page.locator('[data-testid=speed]'), 'hover');
    await sleep(LEFT_ALONE_MS);
    expect(await controlsShown(page)).toBe(true);

    await page.locator('[data-testid=speed]').click();
    const item = page.locator('[data-testid=speed-menu]').getByRole('menuitemradio', { name: '1.5x' });
    await item.hover();
    await shoot(page, 'player-menu-speed-desktop');
    await sleep(LEFT_ALONE_MS);
    expect(await controlsShown(page)).toBe(true);
    await item.click();
    expect(await rate(page)).toBe(1.5);

    await actOnControl(page, page.locator('[data-testid=quality]'), 'click');
    await page.mouse.move(0, 0); // off the player: the open menu alone holds the bar
    await sleep(LEFT_ALONE_MS);
    expect(await controlsShown(page)).toBe(true);
    await shoot(page, 'player-menu-quality-desktop');
    await page.locator('[data-testid=quality-menu]').getByRole('menuitemradio', { name: '360P 流畅' }).click();
    expect(await page.locator('[data-testid=quality]').innerText()).toBe('360P');

    const box = (await video(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await expect.poll(() => controlsShown(page), { timeout: 8_000 }).toBe(false);
  });

  for (const width of [360, 390]) {
    for (const movie of [FILM, SERIES]) {
      const kind = movie === FILM ? 'film' : 'series';
      it(`${width} px, a ${kind}: every control lies inside the screen in portrait and fullscreen`, async () => {
        const { page } = await suite.open({ ...PHONE, viewport: { width, height: 844 } });
        await page.goto(`/movie/play/${movie.id}`);
        await expect
          .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.duration || 0), { timeout: 30_000 })
          .toBeGreaterThan(0);
        // Set again until the bar shows it: the player applies the kept speed when its source is ready.
        await expect
          .poll(async () => {
            await video(page).evaluate((element: HTMLVideoElement) => (element.playbackRate = 1.5));
            return page.locator('[data-testid=speed]').innerText();
          })
          .toBe('1.5x');
        for (const mode of ['portrait', 'fullscreen']) {
          if (mode === 'fullscreen') {
            await actOnControl(page, page.locator('.video-controls button[aria-label=全屏]'), 'tap');
            await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
          }
          const boxes = await controlBoxes(page);
          expect(boxes.length).toBeGreaterThanOrEqual(8);
          for (const control of boxes) {
            expect(control, `${mode}: ${control.name}`).toMatchObject({ clipped: false });
            expect(control.left, `${mode}: ${control.name}`).toBeGreaterThanOrEqual(0);
            expect(control.right, `${mode}: ${control.name}`).toBeLessThanOrEqual(width);
          }
          if (width === 360) await shoot(page, `player-bar-${kind}-${width}-${mode}`);
        }
        // 跳过片头片尾 is in the top-right corner, not the bar.
        if (movie === SERIES) expect(await page.locator('.player-corner [data-testid=skip-marks]').count()).toBe(1);
      });
    }
  }

  for (const [device, name] of [
    [PHONE, 'phone'],
    [{ ...PHONE, viewport: { width: 360, height: 780 } }, 'phone-360'],
    [WIDE, 'desktop'],
  ] as const) {
    it(`${name}: the trial's end and the next episode's countdown cover the danmaku, not the seek bar or buttons`, async () => {
      const { page } = await suite.open(device);
      /** The overlay ends above the seek bar; the bar's controls and the overlay's buttons take their taps. */
      const clearOfControls = async (overlay: string) => {
        const panel = (await page.locator(overlay).boundingBox())!;
        const seek = (await page.locator('.video-controls__seek').boundingBox())!;
        expect(panel.y + panel.height).toBeLessThanOrEqual(seek.y + 0.5);
        expect(await onTop(page, '.video-controls__seek')).toBe(true);
        for (const label of ['播放', '全屏'])
          expect(await onTop(page, `.video-controls button[aria-label=${label}]`)).toBe(true);
        const buttons = await page.locator(`${overlay} :is(a, button)`).count();
        for (let index = 0; index < buttons; index += 1) {
          expect(await onTop(page, `${overlay} :is(a, button) >> nth=${index}`)).toBe(true);
        }
        // No danmaku show through it, and it lies over their layer: with the layer shown and taking
        // pointers, the overlay's title and hint are still on top.
        const layer = page.locator('[data-testid=danmaku-overlay]');
        expect(await layer.evaluate((element) => getComputedStyle(element).visibility)).toBe('hidden');
        const over = await page.evaluate((selector) => {
          const layer = document.querySelector<HTMLElement>('[data-testid=danmaku-overlay]')!;
          layer.style.cssText = 'visibility: visible; pointer-events: auto';
          const hits = [...document.querySelectorAll(`${selector} p`)].map((text) => {
            const box = text.getBoundingClientRect();
            return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest(selector);
          });
          layer.style.cssText = '';
          return hits.every(Boolean);
        }, overlay);
        expect(over).toBe(true);
      };

      await startPlaying(page, `/movie/play/${TRIAL.id}`);
      await video(page).evaluate((element: HTMLVideoElement, at) => (element.currentTime = at), TRIAL.trialS - 1);
      await page.locator('[data-testid=trial-ended]').waitFor({ timeout: 20_000 });
      await clearOfControls('[data-testid=trial-ended]');
      await shoot(page, `player-trial-end-${name}`);

      await startPlaying(page, `/movie/play/${SERIES.id}?ep=1`);
      await video(page).evaluate((element: HTMLVideoElement, at) => (element.currentTime = at), SERIES.durationS - 3);
      await page.locator('[data-testid=auto-next]').waitFor({ timeout: 20_000 });
      await clearOfControls('[data-testid=auto-next]');
      await shoot(page, `player-next-episode-${name}`);
    });
  }

  it('phone: a danmaku sent while they are off switches them on and says so; the style button is named', async () => {
    const { page } = await suite.open(PHONE);
    await signedInUserId(page);
    await page.goto('/movie/play/1');
    await expect
      .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    const style = page.getByRole('button', { name: '弹幕样式' });
    expect(await style.innerText()).toBe('样式');

    const switchButton = page.locator('[data-testid=danmaku-switch]');
    await switchButton.tap();
    expect(await switchButton.getAttribute('aria-pressed')).toBe('false');
    const own = `开着看 ${randomBytes(2).toString('hex')}`;
    await page.locator('[data-testid=danmaku-input]').fill(own);
    await page.locator('[data-testid=danmaku-send] button[type=submit]').tap();
    await page.locator('.toast-host').getByText('发送成功，弹幕已为你开启').waitFor();
    expect(await switchButton.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('[data-testid=danmaku-mirror] li').filter({ hasText: own }).count()).toBe(1);
    await shoot(page, 'player-danmaku-sent-while-off-phone');
  });
});

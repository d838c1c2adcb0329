/**
 * Touch, keys, menus and the platform of the player, on a free film of the seeded demo in a real
 * Chromium. On a 390×844 touch phone, with real touches (CDP Input.dispatchTouchEvent): a tap
 * shows or hides the controls without pausing, a double tap pauses then plays, a held press plays
 * at 3x with its badge and goes back to 1x on release, a horizontal swipe previews its target and
 * seeks there, vertical swipes change the video's brightness filter (left) and the volume (right);
 * every choice of 倍速 and 清晰度 lies whole inside the viewport and the player, in fullscreen too,
 * where the screen is asked for landscape; Media Session has the title while playing; Wake Lock is
 * requested on play and 画中画 asks for Picture-in-Picture (spies that call through). On a desktop:
 * a mouse click plays and pauses, space, ←/→, ↑/↓, f and m, never while typing in the danmaku
 * field; the volume and speed are there on the next visit.
 * Screenshots at 390×844 and 1440×900: the controls, the 倍速 menu, the 3x badge, the seek preview.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoPlan } from '../server/seed/demo-plan.ts';
import { DESKTOP, launch, noBrowser, openPage, PHONE, type WatchedPage } from './browser.ts';
import { controlsShown, openPlayerMenu as openMenu, playerVideo as video, actOnControl } from './player-flows.ts';
import { shoot } from './screenshots.ts';

const FILM = buildDemoPlan().movies.find((movie) => movie.episodes.length === 1 && movie.access === 'free')!;
const WIDE_TOUCH = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, hasTouch: true };

const state = (page: Page) =>
  video(page).evaluate((element: HTMLVideoElement) => ({
    paused: element.paused,
    time: element.currentTime,
    duration: element.duration,
    rate: element.playbackRate,
    volume: element.volume,
    muted: element.muted,
    filter: element.style.filter,
  }));
/** The video's CSS brightness: none set is 1. */
const brightness = (filter: string) => Number(/brightness\(([\d.]+)\)/.exec(filter)?.[1] ?? 1);
/** The text of a passing indicator (`seek-preview`, `volume-indicator`), '' once it is gone. */
const shownText = (page: Page, testId: string) =>
  page.evaluate((id) => document.querySelector(`[data-testid=${id}]`)?.textContent ?? '', testId);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const clock = (seconds: number) => {
  const total = Math.floor(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
};

/** Counts the page's calls of Wake Lock and Picture-in-Picture, each then doing what it does. */
function spyOnPlatform(): void {
  const calls = { wakeLock: 0, pip: 0, orientation: [] as string[] };
  (window as unknown as { platformCalls: typeof calls }).platformCalls = calls;
  const lock = navigator.wakeLock;
  if (lock) {
    const request = lock.request.bind(lock);
    lock.request = (type) => {
      calls.wakeLock += 1;
      return request(type);
    };
  }
  const orientation = screen.orientation as ScreenOrientation & { lock?: (to: string) => Promise<void> };
  if (orientation.lock) {
    const lockTo = orientation.lock.bind(orientation);
    orientation.lock = (to) => {
      calls.orientation.push(to);
      return lockTo(to);
    };
  }
  const pip = HTMLVideoElement.prototype.requestPictureInPicture;
  HTMLVideoElement.prototype.requestPictureInPicture = function (this: HTMLVideoElement) {
    calls.pip += 1;
    return pip.call(this);
  };
}
const platformCalls = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { platformCalls: { wakeLock: number; pip: number; orientation: string[] } }).platformCalls,
  );

/** Real touches at points of the page, through the DevTools protocol. */
function fingers(cdp: CDPSession) {
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  return {
    /**
     * A tap: its two events go out together, not the second after the first one's answer, so a
     * loaded machine cannot space them past HOLD_MS (500 ms) into a held press.
     */
    async tap(x: number, y: number) {
      await Promise.all([send('touchStart', x, y), send('touchEnd')]);
    },
    /**
     * Two taps at once, the second at `second`: the four events go out together, so a loaded machine
     * cannot space them past the double-tap window (DOUBLE_TAP_MS, 280 ms), as waiting out each
     * answer did once in CI.
     */
    async doubleTap(x: number, y: number, second: [number, number] = [x, y]) {
      await Promise.all([send('touchStart', x, y), send('touchEnd'), send('touchStart', ...second), send('touchEnd')]);
    },
    /** Presses at `from`, moves to `to` in steps, and releases unless `hold` (then returns the release). */
    async drag(from: [number, number], to: [number, number], { release = true } = {}) {
      await send('touchStart', ...from);
      const steps = 6;
      for (let step = 1; step <= steps; step += 1) {
        await send(
          'touchMove',
          from[0] + ((to[0] - from[0]) * step) / steps,
          from[1] + ((to[1] - from[1]) * step) / steps,
        );
      }
      if (release) await send('touchEnd');
    },
    press: (x: number, y: number) => send('touchStart', x, y),
    release: () => send('touchEnd'),
  };
}

/** Opens the film's play page, starts it and waits until it plays. */
async function startFilm(page: Page): Promise<void> {
  await page.goto(`/movie/play/${FILM.id}`);
  await page.locator('[data-testid=play-toggle]').click();
  // (A wait of the page's own: expect.poll belongs to tests, and this runs in a beforeAll too.)
  await page.waitForFunction(
    () => (document.querySelector('[data-testid=player]') as HTMLVideoElement | null)!.currentTime > 0.3,
    null,
    { timeout: 30_000 },
  );
}

/** Seeks and waits for it to land. */
const seekTo = (page: Page, seconds: number) =>
  video(page).evaluate(
    (element: HTMLVideoElement, at) =>
      new Promise<void>((resolve) => {
        element.addEventListener('seeked', () => resolve(), { once: true });
        element.currentTime = at;
      }),
    seconds,
  );

describe.skipIf(noBrowser)('the player: touch, keys, menus and the platform', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the seeded demo has a free film', () => {
    expect(FILM).toBeDefined();
  });

  describe('on a 390×844 touch phone', () => {
    let watched: WatchedPage;
    let page: Page;
    let touch: ReturnType<typeof fingers>;
    /** The gesture area: between the title bar and the control bar, in page coordinates. */
    let area: { left: number; right: number; top: number; bottom: number; middle: number };
    beforeAll(async () => {
      watched = await openPage(browser, PHONE);
      page = watched.page;
      await page.addInitScript(spyOnPlatform);
      await startFilm(page);
      touch = fingers(await page.context().newCDPSession(page));
      // Below the title bar and above the control bar (a touch there is theirs).
      const box = (await video(page).boundingBox())!;
      const header = (await page.locator('.play-header').boundingBox())!;
      const controls = (await page.locator('.video-controls').boundingBox())!;
      const [top, bottom] = [header.y + header.height + 6, controls.y - 6];
      area = { left: box.x, right: box.x + box.width, top, bottom, middle: 0 };
      area.middle = (area.top + area.bottom) / 2;
    });
    afterAll(async () => {
      await watched?.context.close();
    });

    it('plays with Media Session metadata and a Wake Lock requested', async () => {
      await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title ?? null)).toBe(FILM.title);
      expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');
      await expect.poll(async () => (await platformCalls(page)).wakeLock).toBeGreaterThanOrEqual(1);
      await shoot(page, 'player-controls-phone');
    });

    it('a tap shows or hides the controls and never pauses', async () => {
      const before = await controlsShown(page);
      await touch.tap(100, area.middle);
      await expect.poll(() => controlsShown(page)).toBe(!before);
      expect((await state(page)).paused).toBe(false);
      await sleep(400); // past the double-tap window
      await touch.tap(100, area.middle);
      await expect.poll(() => controlsShown(page)).toBe(before);
      await sleep(400);
      expect((await state(page)).paused).toBe(false);
    });

    it('a double tap pauses, another plays', async () => {
      // Left of the middle, where the play button shows once paused.
      await touch.doubleTap(100, area.middle, [104, area.middle + 3]);
      await expect.poll(async () => (await state(page)).paused).toBe(true);
      await sleep(400);
      await touch.doubleTap(100, area.middle);
      await expect.poll(async () => (await state(page)).paused).toBe(false);
    });

    it('a held press plays at 3x with a badge, back to the speed it had on release', async () => {
      await sleep(400);
      expect((await state(page)).rate).toBe(1);
      await touch.press(260, area.middle);
      await page.locator('[data-testid=hold-badge]').waitFor({ timeout: 3_000 });
      expect(await page.locator('[data-testid=hold-badge]').innerText()).toContain('3x 快进中');
      expect((await state(page)).rate).toBe(3);
      await shoot(page, 'player-hold-badge-phone');
      await touch.release();
      await expect.poll(async () => (await state(page)).rate).toBe(1);
      await expect.poll(() => page.locator('[data-testid=hold-badge]').count()).toBe(0);
      expect((await state(page)).paused).toBe(false);
    });

    it('a horizontal swipe previews the target time and seeks there on release', async () => {
      await video(page).evaluate((element: HTMLVideoElement) => element.pause());
      await seekTo(page, 4);
      const { duration } = await state(page);
      const width = area.right - area.left;
      // Half the width spans half of a short video (all of it for a full width, two minutes at most).
      const expected = Math.min(duration, 4 + 0.5 * Math.min(duration, 120));
      await touch.drag([area.left + 60, area.middle], [area.left + 60 + width / 2, area.middle + 6], {
        release: false,
      });
      const preview = page.locator('[data-testid=seek-preview]');
      await preview.waitFor();
      expect(await preview.innerText()).toContain(`${clock(expected)} / ${clock(duration)}`);
      expect((await state(page)).time).toBeCloseTo(4, 0); // not applied while dragging
      await shoot(page, 'player-seek-preview-phone');
      await touch.release();
      await expect.poll(async () => (await state(page)).time).toBeGreaterThan(expected - 0.5);
      expect((await state(page)).time).toBeLessThan(expected + 0.5);
      expect((await state(page)).paused).toBe(true); // a swipe is no tap
    });

    it('vertical swipes change the brightness on the left and the volume on the right', async () => {
      expect((await state(page)).filter).toBe('');
      await touch.drag([area.left + 80, area.bottom], [area.left + 80, area.top]);
      await page.locator('[data-testid=brightness-indicator]').waitFor();
      const brighter = brightness((await state(page)).filter);
      expect(brighter).toBeGreaterThan(1.1);
      await touch.drag([area.left + 80, area.top], [area.left + 80, area.bottom]);
      const dimmer = brightness((await state(page)).filter);
      expect(dimmer).toBeLessThan(brighter);
      await touch.drag([area.left + 80, area.top], [area.left + 80, area.bottom]);
      expect(brightness((await state(page)).filter)).toBeLessThan(1); // dimmer than the video itself

      await video(page).evaluate((element: HTMLVideoElement) => (element.volume = 0.8));
      await touch.drag([area.right - 80, area.top], [area.right - 80, area.bottom]);
      await page.locator('[data-testid=volume-indicator]').waitFor();
      const lower = (await state(page)).volume;
      expect(lower).toBeLessThan(0.7);
      await touch.drag([area.right - 80, area.bottom], [area.right - 80, area.top]);
      expect((await state(page)).volume).toBeGreaterThan(lower);
      expect((await state(page)).paused).toBe(true);
      expect(await page.evaluate(() => scrollY)).toBe(0); // the swipes were the player's, not the page's
    });

    it('every choice of 倍速 and 清晰度 lies whole inside the viewport and the player', async () => {
      for (const testId of ['speed', 'quality']) {
        const { items, list, player } = await openMenu(page, testId);
        expect(items.length).toBeGreaterThanOrEqual(testId === 'speed' ? 6 : 1);
        expect(list.y).toBeGreaterThanOrEqual(player.y);
        expect(list.y + list.height).toBeLessThanOrEqual(player.y + player.height + 0.5);
        for (const item of items) {
          // Whole: inside the player and the viewport, and not scrolled out of its list.
          expect(item.top, item.text).toBeGreaterThanOrEqual(Math.max(0, player.y, list.y) - 0.5);
          expect(item.bottom, item.text).toBeLessThanOrEqual(
            Math.min(844, player.y + player.height, list.y + list.height) + 0.5,
          );
          expect(item.left, item.text).toBeGreaterThanOrEqual(0);
          expect(item.right, item.text).toBeLessThanOrEqual(390);
        }
        if (testId === 'speed') await shoot(page, 'player-speed-menu-phone');
        await page.keyboard.press('Escape');
      }
      // The top choice, 2x, can be tapped.
      await openMenu(page, 'speed');
      await page.locator('[data-testid=speed-menu]').getByRole('menuitemradio', { name: '2x' }).tap();
      expect((await state(page)).rate).toBe(2);
      await expect.poll(() => page.locator('[data-testid=speed-menu]').count()).toBe(0);
    });

    it('in fullscreen the screen is asked for landscape, and the 倍速 menu lies inside the player', async () => {
      await actOnControl(page, page.getByRole('button', { name: '全屏' }), 'tap');
      await expect
        .poll(() => page.evaluate(() => document.fullscreenElement?.className ?? ''))
        .toContain('video-player');
      await expect.poll(async () => (await platformCalls(page)).orientation).toEqual(['landscape']);
      // The bar fits the portrait screen: its last button is on it, and nothing shifted the video.
      const exit = (await page.getByRole('button', { name: '退出全屏' }).boundingBox())!;
      expect(exit.x + exit.width).toBeLessThanOrEqual(390);
      expect((await video(page).boundingBox())!.x).toBe(0);
      const { items, player } = await openMenu(page, 'speed');
      expect((await video(page).boundingBox())!.x).toBe(0);
      for (const item of items) {
        expect(item.top, item.text).toBeGreaterThanOrEqual(player.y);
        expect(item.bottom, item.text).toBeLessThanOrEqual(player.y + player.height);
        expect(item.right, item.text).toBeLessThanOrEqual(player.x + player.width);
      }
      await shoot(page, 'player-speed-menu-fullscreen-phone');
      await page.keyboard.press('Escape'); // closes the menu
      await actOnControl(page, page.getByRole('button', { name: '退出全屏' }), 'tap');
      await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    });

    it('画中画 asks for Picture-in-Picture', async () => {
      expect(await page.evaluate(() => document.pictureInPictureEnabled)).toBe(true);
      await actOnControl(page, page.locator('[data-testid=pip]'), 'tap');
      await expect.poll(async () => (await platformCalls(page)).pip).toBe(1);
      expect(watched.problems).toEqual([]);
    });
  });

  it('desktop: click plays and pauses; space, arrows, f and m; not while typing; volume and speed kept', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP);
    await startFilm(page);
    const box = (await video(page).boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height / 2);
    await expect.poll(async () => (await state(page)).paused).toBe(true);
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height / 2);
    await expect.poll(async () => (await state(page)).paused).toBe(false);

    await page.keyboard.press('Space');
    await expect.poll(async () => (await state(page)).paused).toBe(true);
    await page.keyboard.press('k');
    await expect.poll(async () => (await state(page)).paused).toBe(false);
    await page.keyboard.press('k');
    await seekTo(page, 10);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shownText(page, 'seek-preview')).toContain('快进 5 秒');
    await expect.poll(async () => (await state(page)).time).toBeCloseTo(15, 0);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await state(page)).time).toBeCloseTo(5, 0);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect((await state(page)).volume).toBeCloseTo(0.8, 5);
    await expect.poll(() => shownText(page, 'volume-indicator')).toContain('音量 80%');
    await page.keyboard.press('ArrowUp');
    expect((await state(page)).volume).toBeCloseTo(0.9, 5);
    await page.keyboard.press('m');
    expect((await state(page)).muted).toBe(true);
    await page.keyboard.press('m');
    expect((await state(page)).muted).toBe(false);

    await page.keyboard.press('f');
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.className ?? null))
      .toContain('video-player');
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

    // Typing a space (or an f) in the danmaku field is text, not a key of the player.
    await page.keyboard.press('k');
    await expect.poll(async () => (await state(page)).paused).toBe(false);
    const input = page.locator('[data-testid=danmaku-input]');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2); // the bar shows
    await actOnControl(page, input, 'click');
    await input.pressSequentially('f m k');
    expect(await input.inputValue()).toBe('f m k');
    expect(await state(page)).toMatchObject({ paused: false, muted: false });
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
    await input.fill('');

    // The speed and volume chosen come back on the next visit.
    await actOnControl(page, page.locator('[data-testid=speed]'), 'click');
    await page.locator('[data-testid=speed-menu]').getByRole('menuitemradio', { name: '1.5x' }).click();
    expect((await state(page)).rate).toBe(1.5);
    await page.reload();
    await page.locator('[data-testid=play-toggle]').click();
    await expect.poll(async () => (await state(page)).time, { timeout: 30_000 }).toBeGreaterThan(0.3);
    expect(await state(page)).toMatchObject({ rate: 1.5, muted: false });
    expect((await state(page)).volume).toBeCloseTo(0.9, 5);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('1440×900 screenshots: the controls, the 倍速 menu, the 3x badge and the seek preview', async () => {
    const { page, context, problems } = await openPage(browser, WIDE_TOUCH);
    await startFilm(page);
    const touch = fingers(await page.context().newCDPSession(page));
    const box = (await video(page).boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await shoot(page, 'player-controls-desktop');
    await video(page).evaluate((element: HTMLVideoElement) => element.pause());
    const { items, player } = await openMenu(page, 'speed');
    for (const item of items) {
      expect(item.top).toBeGreaterThanOrEqual(player.y);
      expect(item.bottom).toBeLessThanOrEqual(player.y + player.height);
    }
    await shoot(page, 'player-speed-menu-desktop');
    await page.keyboard.press('Escape');
    await video(page).evaluate((element: HTMLVideoElement) => element.play());
    await touch.press(box.x + box.width * 0.7, y);
    await page.locator('[data-testid=hold-badge]').waitFor({ timeout: 3_000 });
    await shoot(page, 'player-hold-badge-desktop');
    await touch.release();
    await touch.drag([box.x + box.width * 0.3, y], [box.x + box.width * 0.5, y], { release: false });
    await page.locator('[data-testid=seek-preview]').waitFor();
    await shoot(page, 'player-seek-preview-desktop');
    await touch.release();
    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * Danmaku on the play page in a real Chromium against the real server: viewer A sends one at 0:05
 * and sees it at once (drawn with the outline of one's own); viewer B, in a browser of their own,
 * plays from 0:03 and sees it appear at 0:05; B's switch hides it and a blocked word it contains
 * hides it; B's settings survive a reload; B can report it from 弹幕列表. A refused text keeps
 * its draft and shows the server's message. What is drawn is read from the layer's accessible
 * mirror (role="log"), and the layer never reaches the control bar.
 * Screenshots of danmaku over a playing video on a phone (portrait, landscape fullscreen) and a
 * desktop go to SHOTS (e2e/screenshots.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, noBrowser, openPage, PHONE, readIdb } from './browser.ts';
import { playerVideo as video } from './player-flows.ts';
import { apiData } from './content-api.ts';
import { currentTime, signedInUserId } from './member-flows.ts';
import { shoot } from './screenshots.ts';

const WIDE = { viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 };
const LANDSCAPE = { ...PHONE, viewport: { width: 844, height: 390 } };

const mirror = (page: Page) => page.locator('[data-testid=danmaku-mirror] li');
const drawnTexts = (page: Page) => mirror(page).allInnerTexts();
const switchButton = (page: Page) => page.locator('[data-testid=danmaku-switch]');

/** Opens the play page and waits until the source is attached (metadata loaded). */
async function openPlayer(page: Page, movieId: number): Promise<void> {
  await page.goto(`/movie/play/${movieId}`);
  const ready = () => video(page).evaluate((element: HTMLVideoElement) => element.readyState);
  await expect.poll(ready, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
}

/** Sets the position and waits for the seek to finish. */
async function seekTo(page: Page, seconds: number): Promise<void> {
  await video(page).evaluate(
    (element: HTMLVideoElement, at) =>
      new Promise<void>((resolve) => {
        element.addEventListener('seeked', () => resolve(), { once: true });
        element.currentTime = at;
      }),
    seconds,
  );
}

/** Page-side: the video's time when `text` first appears among the drawn danmaku. */
function timeWhenDrawn(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        const element = document.querySelector<HTMLVideoElement>('[data-testid=player]')!;
        const seen = () =>
          [...document.querySelectorAll('[data-testid=danmaku-mirror] li')].some((li) => li.textContent === wanted);
        if (seen()) return resolve(element.currentTime);
        const observer = new MutationObserver(() => {
          if (!seen()) return;
          observer.disconnect();
          resolve(element.currentTime);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    text,
  );
}

/** The danmaku layer ends at or above the top of the control bar. */
async function layerClearOfControls(page: Page): Promise<void> {
  const layer = await page.locator('[data-testid=danmaku-overlay]').boundingBox();
  const controls = await page.locator('.video-controls').boundingBox();
  expect(layer).not.toBeNull();
  expect(layer!.y + layer!.height).toBeLessThanOrEqual(controls!.y + 1);
  expect(await page.locator('[data-testid=danmaku-overlay]').evaluate((el) => getComputedStyle(el).pointerEvents)).toBe(
    'none',
  );
}

describe.skipIf(noBrowser)('danmaku in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sent at 0:05: shown at once for the sender, at 0:05 for another viewer; the switch, a blocked word and a reload', async () => {
    const movie = (await apiData('/movie/getPage', { access: 'free', page: 1, pageSize: 1 })).list[0]!;
    const word = randomBytes(3).toString('hex');
    const text = `见证时刻${word}`;

    // A: seek to 0:05, send; drawn at once, with the outline of one's own, once.
    const a = await openPage(browser, WIDE);
    await signedInUserId(a.page);
    await openPlayer(a.page, movie.id);
    await seekTo(a.page, 5);
    await a.page.locator('[data-testid=danmaku-input]').fill(text);
    await a.page.locator('[data-testid=danmaku-send] button[type=submit]').click();
    await expect.poll(() => drawnTexts(a.page), { timeout: 5_000 }).toContain(text);
    expect(await mirror(a.page).filter({ hasText: text }).getAttribute('data-mine')).toBe('true');
    await expect.poll(() => a.page.locator('[data-testid=danmaku-input]').inputValue()).toBe('');
    expect((await drawnTexts(a.page)).filter((shown) => shown === text)).toHaveLength(1);
    await layerClearOfControls(a.page);
    // A listed word: the server's message as a toast, the text kept, nothing left drawn.
    const refused = `来网赌${word}`;
    await a.page.locator('[data-testid=danmaku-input]').fill(refused);
    await a.page.locator('[data-testid=danmaku-send] button[type=submit]').click();
    await expect.poll(() => a.page.locator('.toast-host').innerText()).toContain('网赌');
    await expect.poll(() => drawnTexts(a.page)).not.toContain(refused);
    expect(await a.page.locator('[data-testid=danmaku-input]').inputValue()).toBe(refused);
    // A's list marks it as A's own (no 举报 for one's own).
    await a.page.locator('[data-testid=danmaku-list-button]').click();
    const ownRow = a.page.locator('[data-testid=danmaku-list] li', { hasText: text });
    await expect.poll(() => ownRow.innerText()).toContain('我的');
    expect(await ownRow.locator('button', { hasText: '举报' }).count()).toBe(0);
    expect(a.problems).toEqual([]);

    // B: from 0:03, the danmaku appears when the video reaches 0:05.
    const b = await openPage(browser, PHONE);
    await signedInUserId(b.page);
    await openPlayer(b.page, movie.id);
    await seekTo(b.page, 3);
    expect(await drawnTexts(b.page)).not.toContain(text);
    const drawnAt = timeWhenDrawn(b.page, text);
    await b.page.locator('[data-testid=play-toggle]').click();
    const at = await drawnAt;
    // At 0:05, within three frames before (the layer runs on its own clock between the video's
    // time reports) and the mirror's report interval after.
    expect(at).toBeGreaterThanOrEqual(4.95);
    expect(at).toBeLessThan(5.6);
    await video(b.page).evaluate((element: HTMLVideoElement) => element.pause());
    expect(await mirror(b.page).filter({ hasText: text }).getAttribute('data-mine')).toBeNull();
    expect(Number(await b.page.locator('[data-testid=danmaku-overlay]').getAttribute('data-drawn'))).toBeGreaterThan(0);
    await layerClearOfControls(b.page);

    // The switch hides the layer, and brings it back.
    await switchButton(b.page).click();
    await expect.poll(() => b.page.locator('[data-testid=danmaku-overlay]').count()).toBe(0);
    expect(await switchButton(b.page).getAttribute('aria-pressed')).toBe('false');
    await switchButton(b.page).click();
    await expect.poll(() => drawnTexts(b.page), { timeout: 5_000 }).toContain(text);

    // 弹幕列表 lists it with 举报, which opens the report sheet for it.
    await b.page.locator('[data-testid=danmaku-list-button]').click();
    const row = b.page.locator('[data-testid=danmaku-list] li', { hasText: text });
    await row.locator('button', { hasText: '举报' }).click();
    await expect.poll(() => b.page.locator('[data-testid=report-sheet]').isVisible()).toBe(true);
    expect(await b.page.locator('[data-testid=report-sheet]').innerText()).toContain('举报弹幕');
    await b.page.keyboard.press('Escape');
    await expect.poll(() => b.page.locator('[data-testid=report-sheet]').count()).toBe(0);
    // Escape closes one layer at a time: the sheet gave the focus back to 举报, and a second Escape
    // closes 弹幕列表, the focus back on its button.
    expect(await row.locator('button', { hasText: '举报' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await b.page.keyboard.press('Escape');
    await expect.poll(() => b.page.locator('[data-testid=danmaku-panel-list]').count()).toBe(0);
    expect(
      await b.page.locator('[data-testid=danmaku-list-button]').evaluate((el) => el === document.activeElement),
    ).toBe(true);

    // A blocked word it contains hides it; others stay drawn.
    await b.page.locator('[data-testid=danmaku-settings-button]').click();
    await b.page.locator('[data-testid=danmaku-block-input]').fill(word.toUpperCase());
    await b.page.locator('[data-testid=danmaku-settings] button', { hasText: '添加' }).click();
    await expect.poll(() => drawnTexts(b.page)).not.toContain(text);
    expect(await b.page.locator('[data-testid=danmaku-blocked]').innerText()).toContain(word);
    await b.page.locator('[data-testid=danmaku-settings] [role=radio]', { hasText: '少' }).click();
    await b.page.locator('[data-testid=danmaku-panel-settings] button[aria-label=关闭]').click();
    await switchButton(b.page).click();
    await expect.poll(() => b.page.locator('[data-testid=danmaku-overlay]').count()).toBe(0);

    // A reload keeps the settings (this user's, in IndexedDB).
    const userId = await signedInUserId(b.page);
    await expect
      .poll(
        async () =>
          (
            await readIdb<{ byUser: Record<string, { blocked: string[]; enabled: boolean }> }>(
              b.page,
              'danmaku-settings',
            )
          )?.byUser[userId],
      )
      .toMatchObject({ blocked: [word], enabled: false });
    await b.page.reload();
    await b.page.waitForFunction(() => !document.getElementById('first-paint'));
    await expect.poll(() => switchButton(b.page).getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('false');
    expect(await b.page.locator('[data-testid=danmaku-overlay]').count()).toBe(0);
    await b.page.locator('[data-testid=danmaku-settings-button]').click();
    expect(await b.page.locator('[data-testid=danmaku-blocked]').innerText()).toContain(word);
    expect(
      await b.page
        .locator('[data-testid=danmaku-settings] [role=radio]', { hasText: '少' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(b.problems).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('without OffscreenCanvas draws on the main thread, moving while playing and still while paused', async () => {
    const { page, context, problems } = await openPage(browser, WIDE);
    await context.addInitScript(() => {
      delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
    });
    await signedInUserId(page);
    await openPlayer(page, 1);
    await seekTo(page, 2);
    await page.locator('[data-testid=play-toggle]').click();
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(4);
    const layer = page.locator('[data-testid=danmaku-overlay]');
    expect(await layer.getAttribute('data-renderer')).toBe('main');
    expect(Number(await layer.getAttribute('data-drawn'))).toBeGreaterThan(0);
    /** A digest of the canvas's pixels: which columns hold any ink. */
    const ink = () =>
      page.locator('.danmaku-overlay__canvas').evaluate((canvas: HTMLCanvasElement) => {
        const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        const columns: number[] = [];
        for (let x = 0; x < width; x += 4) {
          for (let y = 0; y < height; y += 2) {
            if (data[(y * width + x) * 4 + 3]! > 0) {
              columns.push(x);
              break;
            }
          }
        }
        return columns.join(',');
      });
    const moving = await ink();
    expect(moving).not.toBe('');
    await expect.poll(ink).not.toBe(moving); // scroll danmaku moved
    await video(page).evaluate((element: HTMLVideoElement) => element.pause());
    await page.waitForTimeout(200);
    const paused = await ink();
    await page.waitForTimeout(400);
    expect(await ink()).toBe(paused);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('draws danmaku over a playing video on a phone and a desktop, under the controls (screenshots)', async () => {
    // Movie 1 has the demo's danmaku, most within its first half minute.
    for (const [device, name] of [
      [PHONE, 'danmaku-phone'],
      [WIDE, 'danmaku-desktop'],
      [LANDSCAPE, 'danmaku-phone-landscape'],
    ] as const) {
      const { page, context, problems } = await openPage(browser, device);
      await signedInUserId(page);
      await openPlayer(page, 1);
      await seekTo(page, 2);
      // One of the viewer's own, drawn with its outline.
      const own = `我的弹幕 ${randomBytes(2).toString('hex')}`;
      await page.locator('[data-testid=danmaku-input]').fill(own);
      await page.locator('[data-testid=danmaku-send] button[type=submit]').click();
      await expect.poll(() => mirror(page).filter({ hasText: own }).getAttribute('data-mine')).toBe('true');
      await page.locator('[data-testid=play-toggle]').click();
      await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(6);
      if (device === LANDSCAPE) {
        await video(page).hover();
        await page.locator('.video-controls button[aria-label=全屏]').click();
        await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
        await expect.poll(() => page.locator('.video-controls [data-testid=danmaku-send]').count()).toBe(1);
      }
      const drawn = Number(await page.locator('[data-testid=danmaku-overlay]').getAttribute('data-drawn'));
      expect(drawn).toBeGreaterThan(0);
      expect(await page.locator('[data-testid=danmaku-overlay]').getAttribute('data-renderer')).toBe('worker');
      await video(page).hover();
      await layerClearOfControls(page);
      await shoot(page, name);
      if (device === WIDE) {
        // The send bar sits in the control bar on a desktop, the settings panel inside the player.
        expect(await page.locator('.video-controls [data-testid=danmaku-send]').count()).toBe(1);
        await video(page).evaluate((element: HTMLVideoElement) => element.pause());
        await page.locator('[data-testid=danmaku-settings-button]').click();
        const panel = await page.locator('[data-testid=danmaku-panel-settings]').boundingBox();
        const player = await page.locator('.video-player').boundingBox();
        expect(panel!.y + panel!.height).toBeLessThanOrEqual(player!.y + player!.height);
        await shoot(page, 'danmaku-desktop-settings');
      } else if (device === PHONE) {
        // Under the player on a phone; the list panel stays inside the player.
        expect(await page.locator('.video-player + [data-testid=danmaku-send]').count()).toBe(1);
        await video(page).evaluate((element: HTMLVideoElement) => element.pause());
        await page.locator('[data-testid=danmaku-list-button]').click();
        const panel = await page.locator('[data-testid=danmaku-panel-list]').boundingBox();
        const player = await page.locator('.video-player').boundingBox();
        expect(panel!.y + panel!.height).toBeLessThanOrEqual(player!.y + player!.height);
        expect(await page.locator('[data-testid=danmaku-list] li').count()).toBeGreaterThan(0);
        await page.locator('.danmaku-send__style').click();
        await shoot(page, 'danmaku-phone-list-and-pickers');
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

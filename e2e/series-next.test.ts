/**
 * Watching on in a real Chromium, on the demo's ladders: a free series skips episode 1's intro
 * (已跳过片头) and, seeked near its end, its outro (已跳过片尾), then counts down (即将播放 第2集)
 * and plays episode 2 (?ep=2); with 跳过片头片尾 switched off in the player's menu the next
 * episode starts inside its intro. A coin film's trial ends on an overlay offering its purchase
 * (N 金币购买) under a back arrow that stays tappable; a member with coins buys it there and the
 * full stream plays on from the trial's end. Screenshots of both overlays at 390×844 and 1440×900.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoPlan } from '../server/seed/demo-plan.ts';
import { launch, noBrowser, openPage, PHONE, type WatchedPage, WIDE } from './browser.ts';
import { playerVideo as video } from './player-flows.ts';
import { depositCoins, signedInUserId } from './member-flows.ts';
import { shoot } from './screenshots.ts';

const PLAN = buildDemoPlan().movies;
const SERIES = PLAN.find((movie) => movie.episodes.length > 2 && movie.access === 'free' && movie.introEndS)!;
const COINS = PLAN.find((movie) => movie.access === 'coins' && movie.episodes.length === 1)!;

const currentTime = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);
const setTime = (page: Page, seconds: number) =>
  video(page).evaluate((element: HTMLVideoElement, at) => (element.currentTime = at), seconds);
const toast = (page: Page, text: string) => page.locator('.toast-host').getByText(text);

/** Opens a play page and starts the video once its source is attached. */
async function startPlaying(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect
    .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  await page.locator('[data-testid=play-toggle]').click();
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(0);
}

/** The element at the centre of the back arrow is the back button itself (nothing covers it). */
async function backArrowOnTop(page: Page): Promise<boolean> {
  return page.locator('.play-header__back').evaluate((button) => {
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === button || button.contains(hit));
  });
}

describe.skipIf(noBrowser)('watching on: series and trials', () => {
  let browser: Browser;
  let phone: WatchedPage;
  beforeAll(async () => {
    browser = await launch();
    phone = await openPage(browser, PHONE);
  });
  afterAll(async () => {
    await phone?.context.close();
    await browser?.close();
  });

  it('the demo has a free series with intro and outro marks and a coin film, lasting their videos', () => {
    expect(SERIES.introEndS).toBe(6);
    expect(SERIES.outroStartS).toBe(SERIES.durationS - 10);
    expect(COINS.priceCoins).toBeGreaterThan(0);
  });

  it('skips the intro, then the outro near the end, counts down and plays episode 2', async () => {
    const { page } = phone;
    // A toast stays 2 s: each is watched for from before the act that shows it, so a slow step
    // between the act and the look cannot outlast it.
    const skippedIntro = toast(page, '已跳过片头').waitFor({ timeout: 60_000 });
    await startPlaying(page, `/movie/play/${SERIES.id}?ep=1`);
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(SERIES.introEndS! - 0.1);
    await skippedIntro;

    const skippedOutro = toast(page, '已跳过片尾').waitFor({ timeout: 30_000 });
    await setTime(page, SERIES.durationS - 3);
    await skippedOutro;
    const overlay = page.locator('[data-testid=auto-next]');
    await overlay.waitFor({ timeout: 15_000 });
    expect(await overlay.innerText()).toContain('即将播放 第2集');
    expect(await page.locator('[data-testid=auto-next-countdown]').innerText()).toMatch(/[1-5] 秒后自动播放/);
    expect(await backArrowOnTop(page)).toBe(true);
    await shoot(page, 'series-next-countdown-phone');

    await page.waitForURL((url) => url.searchParams.get('ep') === '2', { timeout: 15_000 });
    await expect.poll(() => page.locator('[data-testid=play-title]').innerText()).toContain('第2集');
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(SERIES.introEndS!);
    expect(await overlay.count()).toBe(0);
  });

  it('with 跳过片头片尾 off, the next episode starts inside its intro', async () => {
    const { page } = phone;
    await video(page).evaluate((element: HTMLVideoElement) => element.pause());
    await page.locator('[data-testid=skip-marks]').click();
    await page.getByRole('menuitemradio', { name: '跳过片头片尾 关' }).click();
    expect(await page.evaluate(() => localStorage.getItem('skip-marks'))).toBe('off');
    await startPlaying(page, `/movie/play/${SERIES.id}?ep=3`);
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
    expect(await currentTime(page)).toBeLessThan(SERIES.introEndS!);
    expect(await toast(page, '已跳过片头').count()).toBe(0);
  });

  it('on a 1440 px desktop the countdown shows the same, and 取消 stays on the episode', async () => {
    const { page, context } = await openPage(browser, WIDE);
    await startPlaying(page, `/movie/play/${SERIES.id}?ep=1`);
    await setTime(page, SERIES.durationS - 3);
    await page.locator('[data-testid=auto-next]').waitFor({ timeout: 20_000 });
    expect(await backArrowOnTop(page)).toBe(true);
    await shoot(page, 'series-next-countdown-desktop');
    // 取消 stays on the ended episode.
    await page.locator('[data-testid=auto-next-cancel]').click();
    expect(await page.locator('[data-testid=auto-next]').count()).toBe(0);
    await page.waitForTimeout(6_000);
    expect(new URL(page.url()).searchParams.get('ep')).toBe('1');
    await context.close();
  });

  it('a coin film’s trial ends on its purchase under a tappable back arrow; bought, it plays on in full', async () => {
    const { page } = phone;
    await signedInUserId(page);
    await depositCoins(page, 2);
    await startPlaying(page, `/movie/play/${COINS.id}`);
    expect(await page.locator('[data-testid=trial-banner]').innerText()).toContain(`试看 ${COINS.trialS} 秒`);
    await setTime(page, COINS.trialS - 1);
    const overlay = page.locator('[data-testid=trial-ended]');
    await overlay.waitFor({ timeout: 20_000 });
    const buy = overlay.locator('[data-testid=purchase-button]');
    expect(await buy.innerText()).toContain(`${COINS.priceCoins} 金币购买`);
    expect(await backArrowOnTop(page)).toBe(true);
    await shoot(page, 'trial-end-coins-phone');

    await buy.click();
    await page.locator('[data-testid=purchase-confirm]').click();
    await expect.poll(() => overlay.count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.locator('[data-testid=trial-banner]').count()).toBe(0);
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(COINS.trialS + 1);
    const duration = await video(page).evaluate((element: HTMLVideoElement) => element.duration);
    expect(Math.abs(duration - COINS.durationS)).toBeLessThan(4);
  });

  it('the coin trial’s end on a 1440 px desktop', async () => {
    const { page, context } = await openPage(browser, WIDE);
    const other = PLAN.find((movie) => movie.access === 'coins' && movie.id !== COINS.id)!;
    await startPlaying(page, `/movie/play/${other.id}`);
    await setTime(page, other.trialS - 1);
    await page.locator('[data-testid=trial-ended]').waitFor({ timeout: 20_000 });
    expect(await backArrowOnTop(page)).toBe(true);
    await shoot(page, 'trial-end-coins-desktop');
    await context.close();
  });
});

/**
 * Where a viewer left off, in a real Chromium against the seeded demo: for each way out of the play
 * page (the in-app back arrow, history.back, a reload, closing the tab, a link to another route,
 * and the app hidden then the browser gone) a film watched at N seconds (seeked to N, played on;
 * N differs per way) opens again within a second of where it was, /mine/history says 上次看到 that
 * time and not 已看完 (offline too), and home's 继续观看 row lists it. A second browser context
 * signed in as the same bound account opens a series without ?ep and resumes at episode 2 at the
 * same second, from the server's history, though it watched episode 1 itself before; clearing the history there clears the server's.
 * Screenshots of the 继续观看 row (390×844 and 1440×900) and /mine/history.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoPlan } from '../server/seed/demo-plan.ts';
import { launch, noBrowser, openPage, PHONE, WIDE } from './browser.ts';
import { playerVideo as video, actOnControl } from './player-flows.ts';
import { bindAccount, logIn, newAccount, signedInUserId } from './member-flows.ts';
import { controlledBySw } from './pwa-browser.ts';
import { shoot } from './screenshots.ts';

const PLAN = buildDemoPlan();
const FILMS = PLAN.movies.filter((movie) => movie.access === 'free' && movie.episodes.length === 1).slice(0, 5);
const SERIES = PLAN.movies.find((movie) => movie.episodes.length > 1 && movie.access === 'free')!;

const currentTime = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);
/** "00:00:12" as the history and the detail page write it. */
const clock = (seconds: number) => `00:00:${String(Math.floor(seconds)).padStart(2, '0')}`;

/**
 * Opens the play page (or is on it, arrived by a tap: then it plays by itself), seeks to `n` and
 * plays on for 1.5 s (so a position saved only at the seek would be more than a second behind);
 * answers where it is (it plays on).
 */
async function watchAt(page: Page, path: string, n: number): Promise<number> {
  const opened = new URL(page.url()).pathname + new URL(page.url()).search !== path;
  if (opened) await page.goto(path);
  await expect
    .poll(() => video(page).evaluate((e: HTMLVideoElement) => e.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0);
  if (opened) await page.locator('[data-testid=play-toggle]').click();
  else await expect.poll(() => video(page).evaluate((e: HTMLVideoElement) => e.paused)).toBe(false);
  await video(page).evaluate((element: HTMLVideoElement, at) => (element.currentTime = at), n);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(n + 1.5);
  return currentTime(page);
}

/** Opens the play page again: where the player starts (it does not play by itself). */
async function resumedAt(page: Page, path: string): Promise<number> {
  const here = new URL(page.url());
  if (here.pathname + here.search !== path) await page.goto(path);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(300); // nothing moves it afterwards
  return currentTime(page);
}

describe.skipIf(noBrowser)('the position is kept on every way out', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const account = newAccount();
  /** Per film: where it was left and where it resumed. */
  const left = new Map<number, { at: number; resumed: number }>();

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await openPage(browser, PHONE));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the demo has free films and a free series; the visitor binds an account', async () => {
    expect(FILMS).toHaveLength(5);
    expect(SERIES.episodes.length).toBeGreaterThan(2);
    await signedInUserId(page);
    await bindAccount(page, account);
  });

  /**
   * Each way out reads where the film is at the last moment before the act that leaves (the film plays
   * on while the controls are brought up), and answers the page it lands on with that position.
   */
  const leaveBy = async (p: Page, act: () => Promise<unknown>) => {
    const at = await currentTime(p);
    await act();
    return at;
  };
  const ways: [string, number, (page: Page) => Promise<{ page: Page; at: number }>][] = [
    [
      'the in-app back arrow',
      6,
      async (p) => {
        // The mouse brought onto the arrow shows the controls and, resting there, keeps them shown.
        const back = p.locator('.play-header__back');
        await actOnControl(p, back, 'hover');
        const at = await leaveBy(p, () => back.click());
        await p.waitForURL((url) => !url.pathname.startsWith('/movie/play/'));
        return { page: p, at };
      },
    ],
    [
      'the system back (history.back)',
      9,
      async (p) => {
        const at = await leaveBy(p, () => p.evaluate(() => history.back()));
        await p.waitForURL((url) => !url.pathname.startsWith('/movie/play/'));
        return { page: p, at };
      },
    ],
    ['a reload', 12, async (p) => ({ page: p, at: await leaveBy(p, () => p.reload()) })],
    [
      'closing the tab (a new page in the same context)',
      15,
      async (p) => {
        // The tab closes as a user closes it: pagehide, no cleanup.
        const at = await leaveBy(p, () => p.close({ runBeforeUnload: true }));
        const next = await context.newPage();
        await next.goto('/');
        return { page: next, at };
      },
    ],
    [
      'a link to another route',
      18,
      async (p) => {
        const link = p.locator('[data-testid=related-card]').first();
        await link.scrollIntoViewIfNeeded();
        const at = await leaveBy(p, () => link.click());
        await p.waitForURL((url) => /^\/movie\/\d+$/.test(url.pathname));
        return { page: p, at };
      },
    ],
  ];

  ways.forEach(([way, n, leave], i) => {
    it(`${way}: back at ${n} s within a second`, async () => {
      const film = FILMS[i]!.id;
      // The first way starts from the detail page, so the arrow has somewhere to go back to.
      if (i === 0 || i === 1) {
        await page.goto(`/movie/${film}`);
        await page.locator(`a[href="/movie/play/${film}"]`).first().click();
        await page.waitForURL(`**/movie/play/${film}`);
      }
      await watchAt(page, `/movie/play/${film}`, n);
      const out = await leave(page);
      page = out.page;
      const at = out.at;
      const resumed = await resumedAt(page, `/movie/play/${film}`);
      expect(Math.abs(resumed - at)).toBeLessThan(1);
      expect(resumed).toBeGreaterThanOrEqual(n);
      left.set(film, { at, resumed });
    });
  });

  it('/mine/history says 上次看到 each time, not 已看完; home’s 继续观看 lists them', async () => {
    await page.goto('/mine/history');
    for (const [film, { resumed }] of left) {
      const title = FILMS.find((movie) => movie.id === film)!.title;
      const item = page.locator('[data-testid=watch-item]').filter({ hasText: title });
      await expect
        .poll(() => item.locator('[data-testid=watch-item-meta]').innerText())
        .toContain(`上次看到 ${clock(resumed)}`);
      expect(await item.innerText()).not.toContain('已看完');
    }
    await page.waitForLoadState('networkidle');
    await shoot(page, 'history-phone');

    // Offline (the service worker's shell and the device's history): the same list.
    await controlledBySw(page);
    await context.setOffline(true);
    await page.goto('/mine/history');
    await expect
      .poll(() => page.locator('[data-testid=watch-item-meta]').allInnerTexts(), { timeout: 20_000 })
      .toEqual(
        expect.arrayContaining([...left.values()].map(({ resumed }) => expect.stringContaining(clock(resumed)))),
      );
    await context.setOffline(false);

    await page.goto('/');
    const row = page.locator('[data-testid=continue-watching]');
    await row.waitFor();
    const titles = await row.locator('[data-testid=continue-card] h3').allInnerTexts();
    for (const film of left.keys()) expect(titles).toContain(FILMS.find((movie) => movie.id === film)!.title);
    await row.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await shoot(page, 'continue-watching-phone');
  });

  it('the app hidden, then the browser gone: another device of the account resumes episode 2 at that second', async () => {
    // The desktop watched episode 1 first: its own history is older than what the phone does next.
    const { page: desk, context: second } = await openPage(browser, WIDE);
    await logIn(desk, account);
    await watchAt(desk, `/movie/play/${SERIES.id}?ep=1`, 20);
    await desk.goto('/');

    // Episode 2 of a series, left by an app switch; the browser then closes without another event.
    const { page: phone, context: device } = await openPage(browser, PHONE);
    await logIn(phone, account);
    const n = 11;
    await watchAt(phone, `/movie/play/${SERIES.id}?ep=2`, n);
    const beat = phone.waitForRequest((request) => request.url().endsWith('/movie/heartbeat'));
    const at = await leaveBy(phone, () =>
      phone.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      }),
    );
    await (await beat).response();
    await device.close();

    const resumed = await resumedAt(desk, `/movie/play/${SERIES.id}`);
    expect(Math.abs(resumed - at)).toBeLessThan(1);
    await expect.poll(() => desk.locator('[data-testid=play-title]').innerText()).toContain('第2集');

    await desk.goto('/');
    const row = desk.locator('[data-testid=continue-watching]');
    await row.waitFor();
    const card = row.locator('[data-testid=continue-card]').filter({ hasText: SERIES.title });
    expect(await card.innerText()).toContain('第2集');
    await row.scrollIntoViewIfNeeded();
    await desk.waitForLoadState('networkidle');
    await shoot(desk, 'continue-watching-desktop');

    // Cleared on this device, cleared on the server: opened again (it syncs), the list stays empty.
    await desk.goto('/mine/history');
    await desk.locator('[data-testid=history-clear]').click();
    const cleared = desk.waitForResponse((response) => response.url().endsWith('/movie/history/clear'));
    await desk.locator('[data-testid=history-clear-confirm]').click();
    await expect.poll(() => desk.locator('[data-testid=watch-item]').count()).toBe(0);
    await cleared;
    await desk.goto('/mine/history');
    await desk.waitForLoadState('networkidle');
    expect(await desk.locator('[data-testid=watch-item]').count()).toBe(0);
    await second.close();
  });
});

/**
 * The member area in a real Chromium against the real server and its seeded data: an
 * account bound and signed in again from a clean browser, deposits through the sandbox cashier
 * (coins and VIP), buying a coins movie and a priced article, the daily check-in, exchanging goods
 * (with a retry that must not exchange twice), favourites, the history, personal info, the
 * dialogs, the watch time credited up to a tab closed mid-play, and screenshots of every /mine
 * page. Every test starts from a fresh browser context.
 */
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launch, noBrowser, notFromOffline, openPage, PHONE, readIdb, tokenCookie } from './browser.ts';
import { apiData } from './content-api.ts';
import {
  bindAccount,
  buyPricedArticle,
  currentTime,
  depositCoins,
  grantPoints,
  logIn,
  newAccount,
  payAtCashier,
  playMovie,
  readPost,
  signedInUserId,
} from './member-flows.ts';
import { shoot } from './screenshots.ts';
import { copyOfSeededData } from './seeded-data.ts';
import { startServer } from './server-process.ts';

const text = (page: Page, testId: string) => page.locator(`[data-testid=${testId}]`).first().innerText();

const firstOf = async (access: 'free' | 'coins') =>
  (await apiData('/movie/getPage', { access, page: 1, pageSize: 1 })).list[0]!;

describe.skipIf(noBrowser)('member area in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('deposits coins through the cashier: the balance and a ledger row change', async () => {
    const { page, context, problems } = await openPage(browser);
    await signedInUserId(page);
    await page.goto('/mine/wallet');
    await expect.poll(() => text(page, 'wallet-balance'), { timeout: 20_000 }).toBe('0');
    const packages = await apiData('/system/goldset/useGetGoldSet', {}, (await tokenCookie(context))!.value);
    const chosen = packages[1]!;

    await depositCoins(page, 1);
    const credited = chosen.coins + chosen.bonusCoins;
    await expect.poll(() => text(page, 'wallet-balance')).toBe(String(credited));
    await expect.poll(() => page.locator('[data-testid=ledger-row]').count()).toBe(1);
    expect(await text(page, 'ledger-delta')).toBe(`+${credited}`);
    expect(await text(page, 'ledger-row')).toContain('充值');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('binds an account on /register; a browser without site data signs in with it: same id, coins and ledger', async () => {
    const first = await openPage(browser);
    const userId = await signedInUserId(first.page);
    await depositCoins(first.page, 0);
    const account = newAccount();
    await bindAccount(first.page, account);
    await expect.poll(() => text(first.page, 'account')).toContain(account);
    const coins = await text(first.page, 'coins');
    await first.context.close();

    const { page, context, problems } = await openPage(browser); // a clean browser: no cookie, no IndexedDB
    await logIn(page, account);
    await expect.poll(() => text(page, 'user-id')).toBe(`ID ${userId}`);
    expect(await text(page, 'coins')).toBe(coins);
    await page.goto('/mine/wallet');
    await expect.poll(() => page.locator('[data-testid=ledger-row]').count(), { timeout: 20_000 }).toBe(1);
    // The device switched to the account: without the token, the silent sign-in is that user again.
    await context.clearCookies();
    await page.goto('/');
    await expect.poll(async () => (await tokenCookie(context))?.value ?? null, { timeout: 20_000 }).not.toBeNull();
    await page.goto('/mine');
    await expect.poll(() => text(page, 'user-id'), { timeout: 20_000 }).toBe(`ID ${userId}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('buys a coins movie on its detail page and plays it; buys a priced article and reads it unlocked', async () => {
    const movie = await firstOf('coins');
    const { page, context, problems } = await openPage(browser);
    await signedInUserId(page);

    // No coins yet: the purchase says so and leads to the wallet.
    await page.goto(`/movie/${movie.id}`);
    await page.locator('[data-testid=purchase-button]').click({ timeout: 20_000 });
    await expect.poll(() => text(page, 'purchase-error')).toContain('金币不足');
    await page.locator('[data-testid=purchase-to-wallet]').click();
    await page.waitForURL((url) => url.pathname === '/mine/wallet');

    await depositCoins(page, 1);
    await page.goto(`/movie/${movie.id}`);
    await page.locator('[data-testid=purchase-button]').click({ timeout: 20_000 });
    await page.locator('[data-testid=purchase-confirm]').click();
    await expect.poll(() => page.locator('[data-testid=play-button]').count()).toBe(1);
    await page.locator('[data-testid=play-button]').click();
    await page.waitForURL((url) => url.pathname === `/movie/play/${movie.id}`);
    // Tapped on the detail page: it plays without another tap.
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(2);
    expect(await page.locator('[data-testid=trial-banner]').count()).toBe(0);

    const priced = await buyPricedArticle(page);
    const detail = await apiData('/archives/detail', { id: priced.id }, (await tokenCookie(context))!.value);
    expect(detail.unlocked).toBe(true);
    expect(await page.locator('[data-testid=post-body] p').count()).toBe(detail.body.split('\n\n').length);

    await page.goto('/mine/buy');
    await expect
      .poll(() => page.locator('.movie-card__title').allInnerTexts(), { timeout: 20_000 })
      .toContain(movie.title);
    await page.getByRole('tab', { name: '文章' }).click();
    await expect.poll(() => page.locator('[data-testid=post-card]').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('claims the daily check-in once: points go up, and a second claim changes nothing', async () => {
    const { page, context, problems } = await openPage(browser);
    await signedInUserId(page);
    await page.goto('/mine/mall');
    const checkin = page.locator('[data-testid=checkin-card] [data-testid=checkin-button]');
    await checkin.click({ timeout: 20_000 });
    await expect.poll(() => checkin.innerText()).toBe('今日已签到');
    await expect.poll(() => text(page, 'mall-points')).toBe('10');

    await page.reload();
    await expect.poll(() => checkin.innerText(), { timeout: 20_000 }).toBe('今日已签到');
    expect(await checkin.isDisabled()).toBe(true);
    const tasks = await apiData(
      '/activity/pointstaskprogress/userGetPointTaskProgress',
      {},
      (await tokenCookie(context))!.value,
    );
    await expect(
      apiData(
        '/activity/pointsmall/userReceivePoints',
        { taskId: tasks.find((task) => task.key === 'checkin')!.id },
        (await tokenCookie(context))!.value,
      ),
    ).rejects.toThrow(/code 9/);
    await expect.poll(() => text(page, 'mall-points')).toBe('10');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('exchanges goods: points go down once even when the answer is lost and retried, and coins and VIP arrive', async () => {
    // A server of its own: an operator grants points between its two runs.
    const dataDir = copyOfSeededData('e2e-member-');
    const staticDir = inject('staticDir');
    let server = await startServer({ STATIC_DIR: staticDir, DATA_DIR: dataDir });
    try {
      const first = await openPage(browser, PHONE, server.baseURL);
      const userId = await signedInUserId(first.page);
      const account = newAccount();
      await bindAccount(first.page, account);
      await first.context.close();
      await server.stop();
      await grantPoints(dataDir, userId, 500);
      server = await startServer({ STATIC_DIR: staticDir, DATA_DIR: dataDir });

      const { page, context, problems } = await openPage(browser, PHONE, server.baseURL);
      await logIn(page, account);
      await page.goto('/mine/mall');
      await expect.poll(() => text(page, 'mall-points'), { timeout: 20_000 }).toBe('500');
      const card = (name: string) =>
        page.locator('[data-testid=goods-card]').filter({ has: page.getByRole('heading', { name, exact: true }) });

      // 2 × "10 金币" (120 points each); the first answer is lost on its way back.
      await card('10 金币').locator('[data-testid=goods-exchange]').click({ timeout: 20_000 });
      await page.getByRole('button', { name: '增加' }).click();
      expect(await text(page, 'exchange-quantity')).toBe('2');
      await page.route('**/api/activity/pointsmall/userExchangePointsGoods', async (route) => {
        await route.fetch(); // the server exchanges…
        await route.abort('connectionreset'); // …but the app never hears of it
      });
      await page.locator('[data-testid=exchange-confirm]').click();
      await expect.poll(() => page.locator('[data-testid=exchange-confirm]').innerText()).toBe('重试');
      await page.unroute('**/api/activity/pointsmall/userExchangePointsGoods');
      await page.locator('[data-testid=exchange-confirm]').click(); // the same idempotency key
      await expect.poll(() => page.locator('[data-testid=exchange-modal]').count()).toBe(0);
      await expect.poll(() => text(page, 'mall-points')).toBe('260');

      await card('1 天 VIP 体验').locator('[data-testid=goods-exchange]').click();
      await page.locator('[data-testid=exchange-confirm]').click();
      await expect.poll(() => text(page, 'mall-points')).toBe('160');
      await page.getByRole('tab', { name: '兑换记录' }).click();
      await expect.poll(() => page.locator('[data-testid=exchange-record]').count()).toBe(2);

      await page.goto('/mine');
      await expect.poll(() => text(page, 'coins'), { timeout: 20_000 }).toBe('20');
      expect(await text(page, 'points')).toBe('160');
      await expect.poll(() => page.locator('[data-testid=vip-badge]').count()).toBe(1);
      expect(problems.filter((problem) => !/userExchangePointsGoods|ERR_CONNECTION_RESET/.test(problem))).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it('favourites a movie and finds it in /mine/like', async () => {
    const movie = await firstOf('free');
    const { page, context, problems } = await openPage(browser);
    await signedInUserId(page);
    await page.goto(`/movie/${movie.id}`);
    await page.locator('[data-testid=favourite-button]').click({ timeout: 20_000 });
    await expect.poll(() => page.locator('[data-testid=favourite-button]').getAttribute('aria-pressed')).toBe('true');
    await page.goto('/mine/like');
    await expect
      .poll(() => page.locator('.movie-card__title').allInnerTexts(), { timeout: 20_000 })
      .toEqual([movie.title]);
    await page.getByRole('tab', { name: '喜欢' }).click();
    await expect.poll(() => page.getByText('还没有点赞内容').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('logging out leaves nothing of the member on screen or in storage: history, likes, drafts, saved answers', async () => {
    const movie = await firstOf('free');
    const { page, context, problems } = await openPage(browser);
    await signedInUserId(page);
    await bindAccount(page, newAccount());
    const member = await signedInUserId(page);
    await playMovie(page, movie.id, 1);
    await page.goto(`/movie/${movie.id}`);
    const liked = page.waitForResponse((response) => response.url().endsWith('/api/movie/like'));
    await page.locator('[data-testid=like-button]').click({ timeout: 20_000 });
    await liked;
    await page.goto('/release');
    await page.locator('[data-testid=release-title]').fill('退出前的草稿');
    await expect
      .poll(async () => (await readIdb<{ title: string }>(page, 'release-draft'))?.title)
      .toBe('退出前的草稿');
    await page.goto('/mine');
    await expect.poll(() => page.locator('.recent__item').count(), { timeout: 20_000 }).toBe(1);

    await page.goto('/mine/setting');
    await page.locator('[data-testid=logout]').click();
    const dialog = page.getByRole('dialog');
    for (const what of ['观看记录', '草稿', '离线下载', '缓存']) expect(await dialog.innerText()).toContain(what);
    const settledDialog = () =>
      page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await settledDialog();
    await shoot(page, 'logout-confirm-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await settledDialog();
    await shoot(page, 'logout-confirm-desktop');
    await page.setViewportSize(PHONE.viewport);
    await page.locator('[data-testid=logout-confirm]').click();
    await expect.poll(() => signedInUserId(page), { timeout: 20_000 }).not.toBe(member);

    await page.goto('/mine');
    await expect.poll(() => page.locator('.profile-card').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.locator('.recent__item').count()).toBe(0);
    expect(await page.locator('main:visible').innerText()).not.toContain('退出前的草稿');
    const left = await page.evaluate(storedData);
    const history = left.keyval.history as { watch: unknown[]; read: unknown[] } | undefined;
    expect(history?.watch ?? []).toEqual([]);
    expect(history?.read ?? []).toEqual([]);
    expect(JSON.stringify(left.keyval)).not.toContain('退出前的草稿');
    expect(JSON.stringify(left.keyval)).not.toContain(`"id":${movie.id},"title"`);
    expect(left.answerKeys.filter((key) => key.startsWith(`${member} `))).toEqual([]);
    expect(left.outbox).toBe(0);
    expect(
      left.cachedUrls.filter(
        (url) => url.includes('/offline/') || (url.includes('/api/') && !url.includes('/api/icons')),
      ),
    ).toEqual([]);
    expect(left.localStorage).not.toContain(movie.title);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('deposits VIP through the cashier: the VIP badge and its expiry appear', async () => {
    const { page, context, problems } = await openPage(browser);
    await signedInUserId(page);
    await page.goto('/mine/vip');
    await page.locator('[data-testid=vip-plan]').first().click({ timeout: 20_000 });
    await page.locator('[data-testid=pay-wxpay]').click();
    await page.locator('[data-testid=checkout]').click();
    await payAtCashier(page, '/mine/vip');
    const plans = await apiData('/system/vipsetting/userGetVipSet', {}, (await tokenCookie(context))!.value);
    const expiry = new Date(Date.now() + plans[0]!.days * 86_400_000).toLocaleDateString('zh-CN', {
      timeZone: 'Asia/Shanghai',
    });
    await expect.poll(() => text(page, 'vip-expiry')).toContain(expiry);
    await page.goto('/mine');
    await expect.poll(() => page.locator('[data-testid=vip-badge]').count(), { timeout: 20_000 }).toBe(1);
    expect(await text(page, 'vip-strip')).toContain(expiry);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('credits the playing time up to a tab closed mid-play, and nothing after it', async () => {
    const movie = await firstOf('free');
    const { page, context } = await openPage(browser);
    await signedInUserId(page);
    const token = (await tokenCookie(context))!.value;
    await page.goto(`/movie/play/${movie.id}`);
    await page.locator('[data-testid=play-toggle]').click();
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(3);
    const played = await currentTime(page);
    await page.close(); // no pause, no React cleanup: only pagehide, whose beat must outlive the page
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    // A beat of our own: it credits nothing if the closing tab's beat said "not playing", else the
    // 8 s since the last beat it saw.
    const { secondsToday } = await apiData(
      '/movie/heartbeat',
      { movieId: movie.id, position: played, playing: false },
      token,
    );
    expect(secondsToday).toBeGreaterThanOrEqual(Math.floor(played) - 2);
    expect(secondsToday).toBeLessThanOrEqual(Math.ceil(played) + 3);
    await context.close();
  });

  it('keeps the watch history offline and resumes from it; personal info: nickname and avatar', async () => {
    const movie = await firstOf('free');
    const { page, context, problems } = await openPage(browser);
    await signedInUserId(page);
    await playMovie(page, movie.id, 3);
    await page.goto('/mine/history');
    await expect.poll(() => page.locator('[data-testid=watch-item]').count(), { timeout: 20_000 }).toBe(1);
    await context.setOffline(true);
    await page.getByRole('tab', { name: '阅读' }).click();
    await page.getByRole('tab', { name: '观看' }).click();
    const resume = page.locator('[data-testid=resume-link]');
    expect(await resume.innerText()).toMatch(/^继续观看 0:0[3-9]$/);
    await context.setOffline(false);
    await resume.click();
    await page.waitForURL((url) => url.pathname === `/movie/play/${movie.id}`);
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);

    await page.goto('/mine/personal');
    const nickname = page.getByLabel('昵称');
    await nickname.fill('  x  ');
    await nickname.blur();
    await expect.poll(() => page.getByText('昵称须为 2-16 个字符').count()).toBe(1);
    // A name of this attempt's own: a retry's new member may not take a look-alike of the first's.
    const newName = `影迷小测${String(Date.now()).slice(-4)}`;
    await nickname.fill(`  ${newName}  `);
    await page.locator('[data-testid=nickname-save]').click();
    await expect.poll(() => page.getByText('昵称已更新').count()).toBe(1);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .locator('[data-testid=avatar-input]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.locator('[data-testid=avatar-save]').click();
    await expect.poll(() => page.getByText('头像已更新').count(), { timeout: 20_000 }).toBe(1);
    const saved = async () => (await readIdb<{ info: { nickname: string; avatar: string } }>(page, 'user'))!.info;
    await expect.poll(async () => (await saved()).avatar).toMatch(/^\/uploads\/.+\.webp$/);
    const info = await saved();
    expect(info.nickname).toBe(newName);
    await page.goto('/mine');
    expect(await page.locator('.profile-card img.avatar').getAttribute('src')).toBe(info.avatar);
    expect(notFromOffline(problems)).toEqual([]);
    await context.close();
  });

  it('dialogs: the notice on home once a day, the check-in reminder claims points, none with ?nodialogs or under automation', async () => {
    const force = async (page: Page) => page.context().addInitScript(() => localStorage.setItem('dialogs-force', '1'));
    const dialog = (page: Page) => page.locator('dialog[data-testid^=dialog-]');

    const { page, context, problems } = await openPage(browser);
    await force(page);
    await page.goto('/');
    await expect.poll(() => dialog(page).getAttribute('data-testid'), { timeout: 20_000 }).toBe('dialog-notice');
    await page.getByRole('button', { name: '我知道了' }).click();
    await expect
      .poll(
        async () =>
          (await readIdb<{ dialogTimes: Record<string, number | null> }>(page, 'user'))?.dialogTimes.dialog ?? null,
      )
      .not.toBeNull();
    await page.reload();
    await page.waitForTimeout(5_000);
    expect(await dialog(page).count()).toBe(0);
    await context.close();

    const second = await openPage(browser);
    await force(second.page);
    await second.page.goto('/movie');
    await expect
      .poll(() => dialog(second.page).getAttribute('data-testid'), { timeout: 20_000 })
      .toBe('dialog-checkin');
    await second.page.locator('[data-testid=checkin-claim]').click();
    await expect.poll(() => dialog(second.page).innerText()).toContain('签到成功，积分 +10');
    await second.page.goto('/mine');
    await expect.poll(() => text(second.page, 'points'), { timeout: 20_000 }).toBe('10');
    await second.context.close();

    for (const [path, forced] of [
      ['/?nodialogs', true],
      ['/', false],
    ] as const) {
      const quiet = await openPage(browser);
      if (forced) await force(quiet.page);
      await quiet.page.goto(path);
      await signedInUserId(quiet.page);
      await quiet.page.waitForTimeout(5_000);
      expect(await dialog(quiet.page).count(), path).toBe(0);
      await quiet.context.close();
    }
    expect(problems).toEqual([]);
  });

  it('screenshots of every /mine page, phone and desktop', async () => {
    const movie = await firstOf('coins');
    const free = await firstOf('free');
    const phone = await openPage(browser, PHONE);
    await signedInUserId(phone.page);
    await depositCoins(phone.page, 2);
    const token = (await tokenCookie(phone.context))!.value;
    await apiData('/buy/movie', { movieId: movie.id }, token);
    await apiData('/long/handle/userFavorRecord', { movieId: free.id }, token);
    const tasks = await apiData('/activity/pointstaskprogress/userGetPointTaskProgress', {}, token);
    await apiData(
      '/activity/pointsmall/userReceivePoints',
      { taskId: tasks.find((task) => task.key === 'checkin')!.id },
      token,
    );
    const account = newAccount();
    await bindAccount(phone.page, account);
    const desktop = await openPage(browser, DESKTOP);
    await logIn(desktop.page, account);

    const pages = [
      '/mine',
      '/mine/wallet',
      '/mine/vip',
      '/mine/mall',
      '/mine/buy',
      '/mine/like',
      '/mine/history',
      '/mine/personal',
      '/mine/setting',
    ];
    const topic = (await apiData('/topic/getPage', { sort: 'new', page: 1, pageSize: 1 })).list[0]!;
    for (const [device, { page, problems }] of [
      ['phone', phone],
      ['desktop', desktop],
    ] as const) {
      await playMovie(page, free.id, 2);
      await playMovie(page, movie.id, 4);
      await readPost(page, `/topic/${topic.id}`, topic.id);
      for (const path of pages) {
        await page.goto(path);
        await expect
          .poll(() => page.locator('.skeleton:visible').count(), { timeout: 20_000, message: `${path} loaded` })
          .toBe(0);
        await shoot(page, `member-${path.slice(1).replace('/', '-')}-${device}`, { fullPage: true, settle: true });
        // Every request of the page answered before the next page, so a failed one is among the problems.
        await page.waitForLoadState('networkidle');
      }
      expect(problems, device).toEqual([]);
    }
    await phone.context.close();
    await desktop.context.close();
  }, 180_000);
});

/** In the page: what the app keeps on the device (idb-keyval's store, saved answers, the outbox, Cache Storage, localStorage). */
async function storedData() {
  const all = (name: string, store: string) =>
    new Promise<{ keys: string[]; values: unknown[] }>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onupgradeneeded = () => open.transaction?.abort(); // no such database: create none
      open.onerror = () => resolve({ keys: [], values: [] });
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains(store)) return resolve({ keys: [], values: [] });
        const objects = db.transaction(store).objectStore(store);
        const keys = objects.getAllKeys();
        const values = objects.getAll();
        values.onsuccess = () => resolve({ keys: keys.result.map(String), values: values.result });
        values.onerror = () => reject(values.error);
      };
    });
  const keyval = await all('keyval-store', 'keyval');
  const cachedUrls: string[] = [];
  for (const name of await caches.keys())
    for (const request of await (await caches.open(name)).keys()) cachedUrls.push(request.url);
  return {
    keyval: Object.fromEntries(keyval.keys.map((key, i) => [key, keyval.values[i]])) as Record<string, unknown>,
    answerKeys: (await all('offline-answers', 'answers')).keys,
    outbox: (await all('outbox', 'calls')).keys.length,
    cachedUrls,
    localStorage: JSON.stringify({ ...localStorage }),
  };
}

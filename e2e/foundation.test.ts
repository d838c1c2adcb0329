/**
 * The foundation in a real Chromium against the served production build: silent device
 * sign-in, the token cookie, the /mine guard, the 404 page and every route of the spec.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_ID_PATTERN } from '../contract/protocol/ids.ts';
import { API } from '../contract/calls/paths.ts';
import { apiData } from './content-api.ts';
import { launch, noBrowser, openPage, PHONE, readIdb, tokenCookie, WIDE } from './browser.ts';
import { shoot } from './screenshots.ts';

interface SavedUser {
  info: { id: number } | null;
}
interface SavedDevice {
  deviceId: string | null;
}

/** Waits until the silent sign-in has stored a user, and answers it. */
async function signedInUserId(page: import('playwright-core').Page): Promise<number> {
  await expect
    .poll(async () => (await readIdb<SavedUser>(page, 'user'))?.info?.id ?? null, { timeout: 15_000 })
    .not.toBeNull();
  return (await readIdb<SavedUser>(page, 'user'))!.info!.id;
}

/** One path per route of docs/spec.md section 2, with the layout it must render. */
const ROUTES: ReadonlyArray<[path: string, layout: 'default' | 'insede' | 'full' | 'search']> = [
  ['/', 'default'],
  ['/tag', 'insede'],
  ['/tag/%E5%8A%A8%E4%BD%9C', 'insede'],
  ['/user', 'insede'],
  ['/user/1', 'insede'],
  ['/forum', 'default'],
  ['/forum/101', 'insede'],
  ['/topic', 'insede'],
  ['/topic/1', 'insede'],
  ['/movie', 'default'],
  ['/movie/1', 'insede'],
  ['/movie/play/1', 'full'],
  ['/chigua', 'default'],
  ['/chigua/1', 'insede'],
  ['/category', 'insede'],
  ['/category/1', 'insede'],
  ['/featured/1', 'insede'],
  ['/search/%E7%94%B5%E5%BD%B1', 'search'],
  ['/archives/1', 'insede'],
  ['/release', 'insede'],
  ['/login', 'insede'],
  ['/register', 'insede'],
  ['/hot', 'default'],
  ['/mine', 'default'],
  ['/mine/buy', 'insede'],
  ['/mine/vip', 'insede'],
  ['/mine/like', 'insede'],
  ['/mine/mall', 'insede'],
  ['/mine/wallet', 'insede'],
  ['/mine/history', 'insede'],
  ['/mine/setting', 'insede'],
  ['/mine/personal', 'insede'],
];

/** The detail pages (a movie, a topic, a 吃瓜 post and an article) that have a side column of related items on a desktop. */
async function detailPaths(): Promise<string[]> {
  const first = { page: 1, pageSize: 1 };
  const [chigua, article] = await Promise.all([apiData(API.chiguaPage, first), apiData(API.archivesPage, first)]);
  return ['/movie/1', '/topic/1', `/chigua/${chigua.list[0]!.id}`, `/archives/${article.list[0]!.id}`];
}

/** The name of a walk's picture of a route: the device, then the path ('phone-mine-history', 'desktop-home'). */
const shotName = (device: string, path: string) =>
  `${device}-${decodeURIComponent(path).replace(/^\//, '').replace(/\//g, '-') || 'home'}`;

/** The visible element's box, or null when it is missing or not shown. */
async function visibleBox(page: Page, selector: string) {
  const element = page.locator(selector).first();
  return (await element.isVisible()) ? element.boundingBox() : null;
}

describe.skipIf(noBrowser)('foundation in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs a first visit in silently: device id in IndexedDB, token cookie for 86400 s, same user after reload and without the cookie', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.goto('/');
    const userId = await signedInUserId(page);

    const device = await readIdb<SavedDevice>(page, 'device');
    expect(device?.deviceId).toMatch(DEVICE_ID_PATTERN);
    const cookie = await tokenCookie(context);
    expect(cookie?.path).toBe('/');
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(86_400 - 120);
    expect(lifetime).toBeLessThanOrEqual(86_400 + 5);

    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await signedInUserId(page)).toBe(userId);
    expect((await tokenCookie(context))?.value).toBe(cookie?.value);

    await context.clearCookies({ name: 'token' });
    await page.reload();
    await expect.poll(async () => (await tokenCookie(context))?.value ?? null, { timeout: 15_000 }).not.toBeNull();
    expect((await tokenCookie(context))?.value).not.toBe(cookie?.value);
    expect(await signedInUserId(page)).toBe(userId);
    expect((await readIdb<SavedDevice>(page, 'device'))?.deviceId).toBe(device?.deviceId);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signs a fresh device in silently on /mine, /mine/wallet and /mine/history opened first, and shows each page (not the login form)', async () => {
    for (const [path, title, shown] of [
      ['/mine', null, '[data-testid=nickname]'],
      ['/mine/wallet', '我的钱包', '[data-testid=wallet-balance]'],
      ['/mine/history', '观看历史', '.layout--insede'],
    ] as const) {
      const { page, context, problems } = await openPage(browser);
      await page.goto(path);
      await signedInUserId(page);
      await expect.poll(() => page.locator(shown).count(), { message: `${path} shows its page` }).toBe(1);
      if (title) await expect.poll(() => page.locator('.sub-header__title').innerText()).toBe(title);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.locator('.auth-screen').count(), `${path} shows no login form`).toBe(0);
      expect(await tokenCookie(context)).toBeDefined();
      await page.waitForLoadState('networkidle');
      expect(problems, `console errors on ${path}`).toEqual([]);
      await context.close();
    }
  });

  it('sends a visitor to /login?redirect= from a member page only when the silent sign-in leaves no token', async () => {
    const { page, context } = await openPage(browser);
    await context.route('**/api/register/deviceId', (route) => route.abort());
    await page.goto('/mine/wallet');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/mine/wallet');
    await expect.poll(() => page.locator('.auth-screen').count()).toBe(1);
    expect(await tokenCookie(context)).toBeUndefined();
    await context.close();
  });

  it('in WeChat, a guide tells to open the site in the system browser, until 继续在此浏览', async () => {
    const wechat =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
    const { page, context, problems } = await openPage(browser, { ...PHONE, userAgent: wechat });
    await page.goto('/');
    const guide = page.getByRole('dialog', { name: '请在浏览器中打开' });
    await guide.waitFor();
    expect(await guide.innerText()).toContain('点击右上角 ··· 选择「在浏览器打开」');
    await guide.getByRole('button', { name: '继续在此浏览' }).click();
    await guide.waitFor({ state: 'detached' });
    expect(await page.locator('.layout--default').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('in iPhone Safari, the 添加到主屏幕 guide shows once, not after closing and reloading, and again from 设置', async () => {
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const { page, context, problems } = await openPage(browser, { ...PHONE, userAgent: safari });
    await page.goto('/');
    const guide = page.getByTestId('ios-install-guide');
    await guide.waitFor();
    const steps = await guide.locator('.install-steps li').allInnerTexts();
    expect(steps).toEqual(['点击浏览器底部的分享按钮', '在菜单中选择「添加到主屏幕」', '点击右上角的「添加」']);
    await guide.getByRole('button', { name: '我知道了' }).click();
    await guide.waitFor({ state: 'detached' });

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.arrivalGuide === 'none');
    expect(await guide.count()).toBe(0);

    await page.goto('/mine/setting');
    await page.getByTestId('install-guide-row').click();
    await guide.waitFor();
    expect(await guide.locator('.install-steps li').count()).toBe(3);
    await guide.getByRole('button', { name: '我知道了' }).click();
    await guide.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the 404 page for an unknown route, and its button goes home', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByText('Page not found: /no/such/page').count()).toBe(1);
    await expect.poll(() => page.getByText('您访问的页面不存在').count()).toBe(1);
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.locator('.layout--default').count()).toBe(1);
    await context.close();
  });

  it('renders every route of the spec in its layout without a console error', async () => {
    const { page, context, problems } = await openPage(browser);
    await page.goto('/');
    await signedInUserId(page);
    for (const [path, layout] of ROUTES) {
      await page.goto(path);
      await expect
        .poll(() => page.locator(`.layout--${layout}`).count(), { message: `${path} renders .layout--${layout}` })
        .toBe(1);
      await page.waitForLoadState('networkidle');
      expect(problems, `console errors on ${path}`).toEqual([]);
      // The phone layout: the bottom tab bar on the main lists, the back bar on sub-pages, no desktop top bar there.
      if (layout === 'default') expect(await visibleBox(page, '.tab-nav--bottom'), path).not.toBeNull();
      if (layout === 'insede' || layout === 'search') {
        expect(await visibleBox(page, '.sub-header .icon-button'), path).not.toBeNull();
        expect(await visibleBox(page, '.top-bar'), path).toBeNull();
      }
      await shoot(page, shotName('phone', path));
    }
    await context.close();
  });

  it('desktop 1440×900: every route has the top bar (logo, navigation, search), no phone column, details in two columns', async () => {
    const { page, context, problems } = await openPage(browser, WIDE);
    const twoColumns = await detailPaths();
    await page.goto('/');
    await signedInUserId(page);
    const routes = [...ROUTES, ...twoColumns.slice(2).map((path) => [path, 'insede'] as const)];
    for (const [path, layout] of routes) {
      await page.goto(path);
      await expect.poll(() => page.locator(`.layout--${layout}`).count(), { message: path }).toBe(1);
      await page.waitForLoadState('networkidle');
      expect(await visibleBox(page, '.top-bar .brand__logo'), `logo on ${path}`).not.toBeNull();
      expect(await visibleBox(page, '.top-bar .tab-nav--top'), `navigation on ${path}`).not.toBeNull();
      expect(await visibleBox(page, '.top-bar input[type=search]'), `search on ${path}`).not.toBeNull();
      expect(await visibleBox(page, '.tab-nav--bottom'), `no bottom tab bar on ${path}`).toBeNull();
      const main = await visibleBox(page, layout === 'full' ? '.play-stage' : '.page-main');
      expect(main?.width ?? 0, `main content width on ${path}`).toBeGreaterThan(1000);
      if (twoColumns.includes(path)) {
        const content = await visibleBox(page, '[data-testid=detail-content]');
        await page.locator('[data-testid=detail-side]').first().waitFor();
        const side = await visibleBox(page, '[data-testid=detail-side]');
        expect(content, `content column on ${path}`).not.toBeNull();
        expect(side, `side column on ${path}`).not.toBeNull();
        expect(side!.x, `side column right of the content on ${path}`).toBeGreaterThanOrEqual(
          content!.x + content!.width,
        );
        expect(side!.y, `side column beside the content on ${path}`).toBeLessThan(content!.y + content!.height);
      }
      await shoot(page, shotName('desktop', path));
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * Every console page as a 超级管理员 sees it on the demo data: each opened by its address at
 * 1440×900 and shot (SHOTS, e2e/screenshots.ts), with no error on the page; then the main ones at
 * 390×844 (a phone), where nothing may be cut off: the page never scrolls sideways, every control
 * outside a table's own scrolling frame lies within the screen, and the operator's role and 退出
 * keep to one line.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt, type Credentials, startConsoleSuite, type ConsoleSuite } from './admin-flows.ts';
import { noBrowser, openPage, PHONE, WIDE } from './browser.ts';
import { shoot } from './screenshots.ts';

/** The pages by address, with the name of each screenshot. */
const WIDE_PAGES: Array<[name: string, path: string]> = [
  ['dashboard', '/admin/dashboard'],
  ['content', '/admin/content'],
  ['taxonomy-categories', '/admin/taxonomy/categories'],
  ['taxonomy-tags', '/admin/taxonomy/tags'],
  ['taxonomy-featured', '/admin/taxonomy/featured'],
  ['taxonomy-hot-words', '/admin/taxonomy/hot-words'],
  ['moderation-pending', '/admin/moderation/pending'],
  ['moderation-handled', '/admin/moderation/handled'],
  ['moderation-words', '/admin/moderation/words'],
  ['moderation-settings', '/admin/moderation/settings'],
  ['users', '/admin/users'],
  ['orders', '/admin/orders'],
  ['settings-banners', '/admin/settings/banners'],
  ['settings-cdn', '/admin/settings/cdn'],
  ['settings-vip', '/admin/settings/vip'],
  ['settings-coins', '/admin/settings/coins'],
  ['settings-goods', '/admin/settings/goods'],
  ['settings-dictionary', '/admin/settings/dictionary'],
  ['settings-sites', '/admin/settings/sites'],
  ['points', '/admin/points'],
  ['operators', '/admin/operators'],
  ['audit', '/admin/audit'],
];
const PHONE_PAGES = ['dashboard', 'content', 'moderation-pending', 'users', 'orders', 'settings-banners', 'audit'];

/** Opens a console page by its address and waits for its heading and its data. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('.console__page h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.console__page').innerText()).not.toContain('加载中…');
}

/** What lies beyond the screen's right edge, outside a frame that scrolls sideways on purpose. */
const cutOff = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const scrolls = (element: Element | null): boolean => {
      for (let at = element; at && at !== document.body; at = at.parentElement) {
        const overflow = getComputedStyle(at).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return true;
      }
      return false;
    };
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page ${document.documentElement.scrollWidth}px wide`);
    for (const element of document.querySelectorAll('button, input, select, textarea, a, h1, h2, label')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || scrolls(element.parentElement)) continue;
      if (box.right > width + 1 || box.left < -1)
        out.push(`${element.tagName} ${element.textContent?.trim().slice(0, 20)}`);
    }
    return out;
  });

describe.skipIf(noBrowser)('every console page', () => {
  let suite: ConsoleSuite;
  let root: Credentials;

  beforeAll(async () => {
    suite = await startConsoleSuite('pages', [['root-pages', 'super']]);
    [root] = suite.operators as [Credentials];
  });
  afterAll(() => suite?.stop());

  it('opens each page by its address at 1440×900 and at 390×844, nothing cut off on the phone', async () => {
    const { page, context, problems } = await openPage(suite.browser, WIDE, suite.server.baseURL, {
      waitForApp: false,
    });
    await signInAt(page, '/admin/dashboard', root);
    for (const [name, path] of WIDE_PAGES) {
      await open(page, path);
      await shoot(page, `console-${name}-1440`);
      // The site's one zone, named where an operator looks for it (SITE_TIME_ZONE unset: Beijing time).
      if (name === 'settings-sites') {
        expect(await page.getByTestId('site-zone').innerText()).toContain('时区：北京时间（Asia/Shanghai）');
      }
    }
    // The detail pages, from the first row of their lists.
    await open(page, '/admin/content');
    await page.locator('.catalogue__title-link').first().click();
    await page.getByRole('button', { name: '保存' }).waitFor();
    await page.waitForLoadState('networkidle');
    await shoot(page, 'console-content-editor-1440');
    const editor = page.url();
    await open(page, '/admin/users');
    await page.locator('.money__row').first().click();
    await page.waitForURL(/\/admin\/users\/\d+$/);
    await page.waitForLoadState('networkidle');
    await shoot(page, 'console-user-detail-1440');
    const user = page.url();
    expect(problems.filter((line) => !line.includes('status of 401'))).toEqual([]);
    await context.close();

    const phone = await openPage(suite.browser, PHONE, suite.server.baseURL, { waitForApp: false });
    await signInAt(phone.page, '/admin/dashboard', root);
    const role = phone.page.locator('.console__role');
    const signOut = phone.page.getByRole('button', { name: '退出' });
    for (const [name, path] of [
      ...WIDE_PAGES.filter(([name]) => PHONE_PAGES.includes(name)),
      ['content-editor', new URL(editor).pathname] as [string, string],
      ['user-detail', new URL(user).pathname] as [string, string],
    ]) {
      await open(phone.page, path);
      await shoot(phone.page, `console-${name}-390`);
      expect(await cutOff(phone.page), name).toEqual([]);
      // One line each: not one character a line.
      expect((await role.boundingBox())!.height, name).toBeLessThan(30);
      expect((await signOut.boundingBox())!.height, name).toBeLessThan(48);
    }
    expect(phone.problems.filter((line) => !line.includes('status of 401'))).toEqual([]);
    await phone.context.close();
  }, 300_000);
});

/**
 * The tab bar's screens are loaded ahead of the first tap (src/app/warm-tabs.ts): once home has
 * answered and the browser is idle, a phone's first tap on 吃瓜 asks the network for its list only,
 * never for the screen's script.
 */
import { describe, expect, it } from 'vitest';
import { shellMessages } from '../src/shell-messages.ts';
import { browserSuite, noBrowser, PHONE } from './browser.ts';

describe.skipIf(noBrowser)('the tab bar', () => {
  const { open, closeAll } = browserSuite();

  it('a first tap on 吃瓜 after home loads fetches no script: its screen is already loaded', async () => {
    const { page } = await open(PHONE);
    await page.goto('/');
    // The 吃瓜 screen's chunk arrives by itself, without a tap.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .some((entry) => /\/assets\/chigua-list-[^/]+\.js$/.test(entry.name)),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);

    const scriptsAfterTap: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scriptsAfterTap.push(new URL(request.url()).pathname);
    });
    await page
      .getByRole('navigation', { name: shellMessages.nav.mainNavigation })
      .getByRole('link', { name: shellMessages.tabs.chigua })
      .tap();
    await page.locator('a[href^="/chigua/"] >> visible=true').first().waitFor({ timeout: 20_000 });
    expect(scriptsAfterTap.filter((path) => /chigua-list/.test(path))).toEqual([]);
    await closeAll();
  });
});

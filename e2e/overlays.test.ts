/**
 * What the app lays over a page never hides the page's own title, tabs or buttons: a toast (链接已复制)
 * shows in the middle of the screen, and the 网络已断开 strip sits at the top and moves the page
 * down instead of lying over it. On a 390×844 phone, on a topic's page.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, noBrowser, notFromOffline, PHONE } from './browser.ts';
import { shoot } from './screenshots.ts';

/** Whether the middle of `target` is `target` (or inside it) to the browser, not something laid over it. */
const uncovered = (target: Locator) =>
  target.evaluate((element) => {
    const { left, top, width, height } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(left + width / 2, top + height / 2);
    return hit !== null && (element === hit || element.contains(hit));
  });

/** Which of the visible elements matching `under` the first visible `over` lies over, measured at once. */
const liesOver = (page: Page, over: string, under: string[]) =>
  page.evaluate(
    ([top, below]) => {
      const visible = (selector: string) =>
        [...document.querySelectorAll(selector)].find((element) => element.checkVisibility()) ?? null;
      const box = visible(top)!.getBoundingClientRect();
      return below.filter((selector) => {
        const other = visible(selector)?.getBoundingClientRect();
        return (
          other !== undefined &&
          box.left < other.right &&
          other.left < box.right &&
          box.top < other.bottom &&
          other.top < box.bottom
        );
      });
    },
    [over, under] as const,
  );

async function openTopic(page: Page): Promise<void> {
  await page.goto('/topic');
  await page.locator('a[href^="/topic/"]').first().click();
  await page.locator('[data-testid=post-detail]').waitFor();
  await page.locator('[data-testid=replies]').waitFor();
}

describe.skipIf(noBrowser)('overlays on a phone', () => {
  const { open, closeAll } = browserSuite();

  it('a toast never lies over the page’s title bar, the group or the title', async () => {
    const { page, context } = await open(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openTopic(page);
    await page.getByRole('button', { name: '分享' }).first().click();
    const toast = page.locator('.toast').filter({ hasText: '链接已复制' });
    await toast.waitFor();
    expect(
      await liesOver(page, '.toast', ['.sub-header__title', '.post-detail__group', '.post-detail__title']),
    ).toEqual([]);
    await shoot(page, 'overlay-toast-phone');
    await closeAll();
  });

  it('the 网络已断开 strip moves the page down: the title bar, 全部回复 and its sorts stay uncovered', async () => {
    const { page, context, problems } = await open(PHONE);
    await openTopic(page);
    const head = page.locator('[data-testid=replies] .replies__head');
    // The replies' heading low on the screen, right above the composer, where the offline bar was docked.
    await head.evaluate((element) => {
      const dock = document.querySelector('.composer-dock, [data-testid=composer-dock]');
      const above = dock ? dock.getBoundingClientRect().top : innerHeight;
      window.scrollBy(0, element.getBoundingClientRect().bottom - above + 8);
    });
    await page.locator('#pwa-root').waitFor({ state: 'attached' }); // the PWA glue, loaded once the page is idle
    await context.setOffline(true);
    const strip = page.locator('[data-testid=offline-bar]');
    await strip.waitFor();
    await shoot(page, 'overlay-offline-phone');
    expect(await uncovered(page.locator('.sub-header__title:visible'))).toBe(true);
    expect(await uncovered(page.locator('[data-testid=replies-title]'))).toBe(true);
    for (const sort of await head.getByRole('tab').all()) expect(await uncovered(sort)).toBe(true);
    const [stripBox, titleBox] = [
      await strip.boundingBox(),
      await page.locator('.sub-header__title:visible').boundingBox(),
    ];
    expect(stripBox!.y + stripBox!.height).toBeLessThanOrEqual(titleBox!.y);
    await context.setOffline(false);
    await expect.poll(() => strip.count()).toBe(0);
    expect(notFromOffline(problems)).toEqual([]);
    problems.length = 0;
    await closeAll();
  });
});

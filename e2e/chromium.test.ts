/**
 * The suite's Chromium. Chinese text is drawn with a CJK font, as on every user's device, not as
 * boxes: two different characters of the tab bar's labels render to different pixels at the app's
 * own font stack. Without a CJK font installed both are the same missing-glyph box, and every layout
 * test and screenshot would measure boxes (how a 点 / 赞 line break once went unseen). And its
 * switches (chromium.ts) keep every feature Playwright turns off while leaving out the omnibox popup
 * that each new window would load.
 */
import { chromium, type Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, chromiumPath, noBrowser, PHONE } from './browser.ts';
import { CHROMIUM_SWITCHES } from './chromium.ts';

/** The features a browser was started without, as chrome://version shows its command line. */
async function disabledFeatures(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('chrome://version');
  const commandLine = await page.locator('#command_line').innerText();
  await context.close();
  return commandLine.match(/--disable-features=(\S+)/)?.[1]?.split(',') ?? [];
}

describe.skipIf(noBrowser)('the suite’s Chromium', () => {
  const { browser, open, closeAll } = browserSuite();

  it('draws 点 and 赞 as two different glyphs in the app’s font', async () => {
    const { page } = await open(PHONE);
    await page.goto('/');
    const [first, second] = await page.evaluate(async () => {
      await document.fonts.ready;
      const family = getComputedStyle(document.body).fontFamily;
      const drawn = (text: string) => {
        const canvas = document.createElement('canvas');
        canvas.width = 48;
        canvas.height = 48;
        const context = canvas.getContext('2d')!;
        context.font = `32px ${family}`;
        context.fillText(text, 8, 36);
        return canvas.toDataURL();
      };
      return [drawn('点'), drawn('赞')];
    });
    expect(first).not.toBe(second);
    await closeAll();
  });

  it('turns off every feature a plain Playwright launch does, and opens windows without an omnibox popup', async () => {
    const plain = await chromium.launch({ executablePath: chromiumPath!, args: CHROMIUM_SWITCHES, headless: true });
    const playwrights = await disabledFeatures(plain).finally(() => plain.close());
    expect(playwrights.length).toBeGreaterThan(0);
    expect(await disabledFeatures(browser())).toEqual(expect.arrayContaining(playwrights));

    const { page } = await open(PHONE);
    await page.goto('/');
    const session = await browser().newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    await session.detach();
    expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://omnibox'))).toEqual([]);
    await closeAll();
  });
});

/**
 * Chinese text is drawn with a CJK font, as on every user's device, not as boxes: two different
 * characters of the tab bar's labels render to different pixels at the app's own font stack. Without
 * a CJK font installed both are the same missing-glyph box, and every layout test and screenshot
 * would measure boxes (how a 点 / 赞 line break once went unseen).
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, noBrowser, PHONE } from './browser.ts';

describe.skipIf(noBrowser)('Chinese text in Chromium', () => {
  const { open, closeAll } = browserSuite();

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
});

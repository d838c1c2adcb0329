/**
 * Accessibility of the six main routes (docs/performance.md, `lighthouse`: home, a movie, a
 * topic, /forum, /search/{key} and the play page) and the member's /mine on a 390×844 phone, in the light and the dark colour mode (the
 * setting of 设置, kept in localStorage under THEME_MODE_KEY): axe-core, injected into the page,
 * must find no serious or critical violation (WCAG 2.0-2.2 A/AA and best practice, which include
 * colour contrast, target size, names of controls, landmarks and ARIA). axe leaves the text on a
 * gradient unchecked, so the primary button's colours are measured here, for several brand colours
 * an operator could set. Keyboard: a sheet opened
 * with the keyboard closes with Escape and gives the focus back to the control that opened it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../contract/calls/paths.ts';
import { contrastRatio, toHex, type Rgb } from '../src/lib/color-contrast.ts';
import { THEME_MODE_KEY } from '../src/lib/storage-keys.ts';
import { launch, noBrowser, openedPages, PHONE } from './browser.ts';
import { apiData } from './content-api.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The app's Content-Security-Policy allows no inline script: the test's own injection bypasses it. */
const PHONE_AXE = { ...PHONE, bypassCSP: true };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Waits until the screen has its content: no request under way and no skeleton left. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.skeleton, .skeleton-card').first().waitFor({ state: 'detached' });
}

/** axe-core's serious and critical violations on the page as it is, one readable line per element. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    const results = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
      violations: Violation[];
    };
    return results.violations;
  }, TAGS);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${violation.help}` +
          (node.failureSummary ? ` | ${node.failureSummary.replace(/\s+/g, ' ')}` : ''),
      ),
    );
}

/**
 * The text colour and every colour of the background (a gradient's stops) of an element, as the
 * sRGB a canvas draws them (so relative and OKLCH colours come out as the screen shows them).
 */
async function drawnColours(page: Page, selector: string): Promise<{ text: Rgb; fills: Rgb[] }> {
  return page.locator(selector).evaluate((element) => {
    const style = getComputedStyle(element);
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const drawn = (colour: string): [number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return [r! / 255, g! / 255, b! / 255];
    };
    const stops = style.backgroundImage.match(/(?:rgba?|oklch|oklab|lab|lch|color)\([^()]*\)/g) ?? [];
    const fills = [...stops, ...(style.backgroundColor === 'rgba(0, 0, 0, 0)' ? [] : [style.backgroundColor])];
    return { text: drawn(style.color), fills: fills.map(drawn) };
  });
}

describe.skipIf(noBrowser)('accessibility in Chromium', () => {
  let browser: Browser;
  let routes: string[];
  let topicId: number;
  const { open, closeAll } = openedPages(() => browser);

  beforeAll(async () => {
    browser = await launch();
    const movie = (await apiData(API.moviePage, { page: 1, pageSize: 1, sort: 'new', access: 'free' })).list[0]!;
    const topic = (await apiData('/topic/getPage', { sort: 'reply', page: 1, pageSize: 1 })).list[0]!;
    topicId = topic.id;
    routes = ['/', `/movie/${movie.id}`, `/topic/${topic.id}`, '/forum', `/search/${encodeURIComponent('海')}`];
    routes.push(`/movie/play/${movie.id}`, '/mine');
  });
  afterAll(async () => {
    await closeAll();
    await browser?.close();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`no serious or critical axe-core violation on the six main routes and /mine, ${mode}`, async () => {
      const { page, context } = await open(PHONE_AXE);
      await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: THEME_MODE_KEY,
        value: mode,
      });
      const found: string[] = [];
      for (const route of routes) {
        await page.goto(route);
        await settled(page);
        // The play page is dark whatever the setting (it forces the dark mode while shown).
        const expected = route.startsWith('/movie/play/') ? 'dark' : mode;
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(expected);
        found.push(...(await seriousViolations(page)).map((line) => `${route}: ${line}`));
      }
      expect(found.join('\n')).toBe('');
    });
  }

  it('the text of a primary button reads at 4.5:1 on every colour of its fill, dark and light, for any brand colour', async () => {
    const { page, context } = await open(PHONE);
    const found: string[] = [];
    for (const value of ['dark', 'light']) {
      // The setting of 设置 (the later init script runs last and wins).
      await context.addInitScript((setting) => localStorage.setItem(setting.key, setting.value), {
        key: THEME_MODE_KEY,
        value,
      });
      // An unknown path: the error page and its primary button 回首页.
      await page.goto('/no-such-page');
      await page.locator('.error-page .button--primary').waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(value);
      for (const brand of ['#ff4f6d', '#ff6a00', '#1d4ed8', '#16a34a', '#ffd400', '#7c3aed']) {
        await page.evaluate((colour) => document.documentElement.style.setProperty('--color-brand', colour), brand);
        const { text, fills } = await drawnColours(page, '.error-page .button--primary');
        expect(fills.length).toBeGreaterThan(0);
        for (const fill of fills) {
          const ratio = contrastRatio(text, fill);
          if (ratio < 4.5)
            found.push(`${value} ${brand}: ${ratio.toFixed(2)}:1 (text ${toHex(text)} on ${toHex(fill)})`);
        }
      }
    }
    expect(found.join('\n')).toBe('');
  });

  it('keyboard: Tab to 举报 on a floor, Enter opens the report sheet, Escape closes it and the focus is back on 举报', async () => {
    const { page } = await open(PHONE);
    await page.goto(`/topic/${topicId}`);
    const opener = page.locator('[data-testid=reply-report]').first();
    await opener.waitFor();
    // Tab until the first floor's 举报 has the focus (as a keyboard user would).
    const isFocused = () => opener.evaluate((element) => element === document.activeElement);
    for (let presses = 0; presses < 300 && !(await isFocused()); presses++) await page.keyboard.press('Tab');
    expect(await isFocused()).toBe(true);
    await page.keyboard.press('Enter');
    const sheet = page.locator('dialog[open]');
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await isFocused()).toBe(true);
    // The ring is drawn: a keyboard focus shows the :focus-visible outline.
    expect(await opener.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
  });
});

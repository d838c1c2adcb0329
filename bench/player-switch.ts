/**
 * The player stage's 清晰度 switch time (bench/player-playback.ts): a desktop page plays a title,
 * picks the other rung in the 清晰度 menu SWITCHES times (the two highest, back and forth) and
 * waits each time for the picture's height to change (the video's `resize` event); the median.
 * A stream of a single rung has nothing to switch to: the figure is then n/a.
 */
import type { Browser, Page } from 'playwright-core';
import { median, type Figure } from './figures.ts';

const SWITCHES = 6;

/** The heights the 清晰度 menu offers, highest first, without 自动. */
async function qualityHeights(page: Page): Promise<number[]> {
  await page.locator('[data-testid=player]').hover();
  await page.locator('[data-testid=quality]').click();
  const labels = await page.locator('[data-testid=quality-menu] [role=menuitemradio]').allInnerTexts();
  await page.keyboard.press('Escape');
  return labels.map((label) => Number.parseInt(label, 10)).filter((height) => height > 0);
}

async function playing(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid=play-toggle]').click({ timeout: 60_000 });
  await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, null, {
    timeout: 60_000,
  });
}

/**
 * Page-side: resolves, once the picture is `height` px tall (the video's resize event), with the
 * time of the last pointerdown on a menu item before it and the time of the resize. A string: tsx
 * would wrap a named inner function of a function passed to evaluate in its __name helper.
 */
const AWAIT_HEIGHT = (height: number) => `new Promise((resolve) => {
  const video = document.querySelector('[data-testid=player]');
  const done = new AbortController();
  let clicked = 0;
  document.addEventListener('pointerdown', (event) => {
    if (event.target.closest('[role=menuitemradio]')) clicked = performance.now();
  }, { capture: true, signal: done.signal });
  video.addEventListener('resize', () => {
    if (video.videoHeight !== ${height}) return;
    done.abort();
    resolve({ clicked, shown: performance.now() });
  }, { signal: done.signal });
})`;

/** One switch to `to`: seconds from the tap on the menu item to the picture of that height. */
async function switchOnce(page: Page, to: number): Promise<number | null> {
  const video = page.locator('[data-testid=player]');
  // Near the end of a short stream, back to its start first (a switch needs segments ahead).
  await video.evaluate((element: HTMLVideoElement) => {
    if (element.duration - element.currentTime < 8) element.currentTime = 1;
  });
  await page.waitForTimeout(1_000);
  await video.hover();
  await page.locator('[data-testid=quality]').click();
  const shown = page.evaluate(AWAIT_HEIGHT(to)) as Promise<{ clicked: number; shown: number }>;
  void shown.catch(() => undefined); // the page closed before it came
  await page.locator('[data-testid=quality-menu] [role=menuitemradio]', { hasText: `${to}P` }).click();
  const timeout = new Promise<null>((resolve) => setTimeout(resolve, 30_000, null));
  const marks = await Promise.race([shown, timeout]);
  return marks && marks.clicked ? (marks.shown - marks.clicked) / 1000 : null;
}

export async function measureSwitch(browser: Browser, baseURL: string, movieId: number): Promise<Figure> {
  const figure: Figure = { group: 'player', name: '清晰度 switch → new picture', value: null, unit: 's' };
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await playing(page, `${baseURL}/movie/play/${movieId}`);
    const heights = await qualityHeights(page);
    if (heights.length < 2) return { ...figure, note: 'n/a: single rung' };
    const [high, low] = heights as [number, number];
    const video = page.locator('[data-testid=player]');
    const times: number[] = [];
    for (let n = 0; n < SWITCHES; n++) {
      const from = await video.evaluate((element: HTMLVideoElement) => element.videoHeight);
      const to = from === high ? low : high;
      const seconds = await switchOnce(page, to);
      if (seconds === null) return { ...figure, note: `no ${to}P picture within 30 s of switch ${n + 1}` };
      times.push(seconds);
    }
    return {
      ...figure,
      value: median(times),
      note: `${high}P ⇄ ${low}P, 1366×900, no throttling, median of ${times.length}: ${times.map((s) => s.toFixed(2)).join(', ')}`,
    };
  } finally {
    await context.close();
  }
}

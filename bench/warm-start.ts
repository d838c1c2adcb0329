/**
 * Warm start with the service worker: a phone context visits home once (the service worker
 * installs, precaches the shell and takes control, the device signs in), then opens home again
 * several times; each time the page records when the first movie card of the list was painted
 * (the frame after it entered the DOM), in ms from the navigation's start. No throttling: the
 * figure is what the shell costs from the worker's cache here, the API calls still go to the server.
 */
import type { Page } from 'playwright-core';
import { launchChromium, PHONE } from './chromium.ts';
import { median, type Figure } from './figures.ts';

const RUNS = 5;
const CARD = '[data-testid="movie-card"]';

/** Page-side: the time of the frame after a movie card appeared, kept in window.__homePainted. */
function recordListPaint(selector: string): void {
  const marks = window as unknown as { __homePainted?: number };
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (marks.__homePainted = performance.now())));
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

export async function measureWarmStart(baseURL: string): Promise<Figure[]> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    await context.addInitScript(recordListPaint, CARD);
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    await page.waitForSelector(CARD);
    await controlledByWorker(page);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${baseURL}/`, { waitUntil: 'commit' });
      const handle = await page.waitForFunction(() => (window as unknown as { __homePainted?: number }).__homePainted);
      times.push((await handle.jsonValue()) as number);
    }
    const fromWorker = await page.evaluate(() => !!navigator.serviceWorker.controller);
    return [
      {
        group: 'warm start',
        name: 'navigation → home list painted',
        value: median(times),
        unit: 'ms',
        note: `median of ${RUNS}, service worker ${fromWorker ? 'in control' : 'NOT in control'}, no throttling`,
      },
    ];
  } finally {
    await browser.close();
  }
}

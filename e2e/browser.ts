/**
 * Browser helpers for the e2e suite: one Chromium per test file, phone and desktop contexts that
 * record console errors and failed requests, and readers for the app's IndexedDB and cookies.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium.ts';
import { workerSlot } from './workers.ts';

export const chromiumPath = inject('chromiumPath');
/** This worker slot's server (workers.ts). */
export const baseURL = inject('baseURLs')[workerSlot()] ?? '';
/** Browser tests run only where Chromium exists; global-setup fails CI without it, so CI never skips. */
export const noBrowser = !chromiumPath;

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
/** A wide desktop window (the layouts' widest breakpoint). */
export const WIDE = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath ?? undefined, args: CHROMIUM_ARGS, headless: true });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and failed requests seen since the page opened. */
  problems: string[];
}

/**
 * The suites test the app: after a navigation, wait until the app has taken over from the server's
 * first paint of a first visit (server/first-paint/, src/components/page/first-paint.ts), which shows the same
 * screen, inert, until then. e2e/first-paint.test.ts tests the first paint itself.
 */
function afterFirstPaint(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => !document.getElementById('first-paint'), null, { timeout: 20_000 });
    return response;
  };
}

/** A phone or desktop, optionally with a user agent of its own (an iPhone's Safari, WeChat …). */
export type Device = (typeof PHONE | typeof DESKTOP) & { userAgent?: string; serviceWorkers?: 'allow' | 'block' };

/**
 * A fresh context (no site data) on the suite's server, or on `origin` (a server of a test's own).
 * `waitForApp: false` leaves navigations as they are, for the tests of the first paint itself;
 * `timezoneId` is the browser's zone (a user in China by default).
 */
export async function openPage(
  browser: Browser,
  device: Device = PHONE,
  origin: string = baseURL,
  { waitForApp = true, timezoneId = 'Asia/Shanghai' }: { waitForApp?: boolean; timezoneId?: string } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    ...device,
    baseURL: origin,
    locale: 'zh-CN',
    timezoneId,
  });
  const page = await context.newPage();
  if (waitForApp) afterFirstPaint(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    if (!failure.includes('ERR_ABORTED')) problems.push(`requestfailed: ${request.url()} ${failure}`);
  });
  return { page, context, problems };
}

/**
 * The problems a lost network explains: requests that failed for want of a network (directly, or
 * through the service worker as net::ERR_FAILED) and the console lines Chromium logs for them.
 * HTTP error answers, page errors and other console errors stay problems.
 */
export function notFromOffline(problems: string[]): string[] {
  // The failed requests, and the service worker's update check that found no network.
  const offline = /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED$|An unknown error occurred when fetching the script/;
  return problems.filter((problem) => !offline.test(problem));
}

/** Reads a value from the app's idb-keyval store. */
export async function readIdb<T>(page: Page, key: string): Promise<T | undefined> {
  return page.evaluate(
    (wanted) =>
      new Promise<T | undefined>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(undefined);
          const get = db.transaction('keyval').objectStore('keyval').get(wanted);
          get.onsuccess = () => resolve(get.result as T | undefined);
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}

export async function tokenCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'token');
}

/**
 * The pages a suite opens (`open`, a fresh context each), closed together by `closeAll`, which
 * fails the test if any of them had a problem (a console error, a page error, a failed request).
 */
export function openedPages(browser: () => Browser) {
  let opened: WatchedPage[] = [];
  return {
    async open(device: typeof PHONE | typeof DESKTOP = PHONE): Promise<WatchedPage> {
      const watched = await openPage(browser(), device);
      opened.push(watched);
      return watched;
    },
    async closeAll(): Promise<void> {
      const closing = opened;
      opened = [];
      for (const { problems, context } of closing) {
        await context.close();
        expect(problems).toEqual([]);
      }
    },
  };
}

/**
 * A suite's browser: launched before its tests and closed after them, with `open` and `closeAll`
 * of openedPages on it. Call it in the describe block.
 */
export function browserSuite() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const launched = (): Browser => {
    if (!browser) throw new Error('the suite’s browser is not launched yet');
    return browser;
  };
  return { browser: launched, ...openedPages(launched) };
}

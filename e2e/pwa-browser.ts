/**
 * Browser helpers of the PWA tests: a Chromium profile on disk (Chromium's install checks refuse
 * the incognito-like contexts of browser.newContext), and waiting for the service worker.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { baseURL, chromiumPath, PHONE, type DESKTOP } from './browser.ts';
import { CHROMIUM_ARGS } from './chromium.ts';

export interface ProfilePage {
  page: Page;
  context: BrowserContext;
  close(): Promise<void>;
}

/** A browser of its own with a fresh profile on disk; `args` go to Chromium (e.g. --app=URL). */
export async function openProfile(
  device: Partial<typeof PHONE> | typeof DESKTOP = PHONE,
  args: string[] = [],
): Promise<ProfilePage> {
  const profile = mkdtempSync(join(tmpdir(), 'e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...device,
    executablePath: chromiumPath ?? undefined,
    args: [...CHROMIUM_ARGS, ...args],
    headless: true,
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    page,
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Resolves once the service worker is active and controls the page. */
export async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

/** A fresh context on `origin` (a server of the test's own), service workers allowed unless blocked. */
export async function openOn(
  browser: Browser,
  origin: string,
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: origin,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  return { page: await context.newPage(), context };
}

/** The build a page runs (vite.config.ts writes it into index.html). */
export const buildIdOf = (page: Page): Promise<string | null> =>
  page.evaluate(() => document.querySelector('meta[name="build-id"]')?.getAttribute('content') ?? null);

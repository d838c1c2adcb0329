/**
 * A chunk or a stylesheet that does not arrive (offline on a first visit, or a build file deleted by
 * a deploy under a tab still running the old build) never gives a page error: the dynamic import
 * goes through loadChunk (src/lib/load-chunk.ts), a screen that cannot load says so with 重试, and a
 * background feature (the start dialogs) simply does not start. The reload guard still reloads a
 * stale tab once when online (src/app/chunk-reload.ts), never offline.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { shellMessages } from '../src/shell-messages.ts';
import { browserSuite, noBrowser, PHONE } from './browser.ts';

/** The built files of a source module and of what it imports, from the build's manifest. */
function builtFiles(source: string): { script: string; styles: string[] } {
  const manifest = JSON.parse(readFileSync(join(inject('staticDir'), '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build's manifest`);
  return { script: `/${entry.file}`, styles: (entry.css ?? []).map((file) => `/${file}`) };
}

/** A first visit: no service worker to serve the shell's files from its cache. */
const FIRST_VISIT = { ...PHONE, serviceWorkers: 'block' as const };

const pageErrors = (problems: string[]) => problems.filter((problem) => problem.startsWith('pageerror'));

/** Problems other than the failed loads the test caused (Chromium logs each as a console error). */
const unexpected = (problems: string[], failed: string[]) =>
  problems.filter(
    (problem) =>
      !/net::ERR_INTERNET_DISCONNECTED|status of 404|net::ERR_FAILED$/.test(problem) &&
      !failed.some((path) => problem.includes(path)),
  );

async function openTab(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: shellMessages.nav.mainNavigation })
    .getByRole('link', { name: label })
    .click();
}

/** Resolves once a request for each of `paths` has failed. */
const failedLoads = (page: Page, paths: string[]) =>
  Promise.all(
    paths.map((path) => page.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname === path)),
  );

describe.skipIf(noBrowser)('a chunk or stylesheet that fails to load', () => {
  const { open, closeAll } = browserSuite();
  afterEach(closeAll);

  it('offline: the start dialogs do not start and a screen not opened before offers 重试, with no page error', async () => {
    const { page, context, problems } = await open(FIRST_VISIT);
    const dialogs = [
      builtFiles('src/features/arrival/arrival-root.tsx').script,
      builtFiles('src/features/start-dialogs/dialog-root.tsx').script,
    ];
    // The network drops just as the first of the idle-time chunks is asked for.
    await context.route(
      (url) => dialogs.includes(url.pathname),
      async (route) => {
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      },
    );
    const dialogsFailed = failedLoads(page, dialogs);
    await page.goto('/');
    await dialogsFailed;
    await openTab(page, shellMessages.tabs.forum);
    await expect
      .poll(() => page.getByRole('heading', { name: shellMessages.errors.loadFailedTitle }).isVisible())
      .toBe(true);
    // No reload offline: the browser's own offline page would have replaced the app.
    expect(new URL(page.url()).pathname).toBe('/forum');
    expect(pageErrors(problems)).toEqual([]);

    // Back online, 重试 brings the screen.
    await context.setOffline(false);
    await page.getByRole('button', { name: shellMessages.errors.retry }).click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByRole('heading', { name: shellMessages.errors.loadFailedTitle }).count()).toBe(0);
    await expect.poll(() => page.locator('.forum-screen').count()).toBeGreaterThan(0);
    expect(pageErrors(problems)).toEqual([]);
    expect(unexpected(problems, dialogs)).toEqual([]);
    problems.length = 0; // the lost network's own failures, checked above
  });

  it('a stale build: a screen whose script and stylesheet were deleted reloads once, then offers 重试', async () => {
    const { page, context, problems } = await open(PHONE);
    const mine = builtFiles('src/routes/mine.tsx');
    expect(mine.styles.length).toBeGreaterThan(0);
    const deleted = [mine.script, ...mine.styles];
    // What the server answers for a file that is not in its build (server/static.ts).
    await context.route(
      (url) => deleted.includes(url.pathname),
      (route) => route.fulfill({ status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not Found' }),
    );
    await page.goto('/');
    const reloaded = page.waitForEvent('load');
    await openTab(page, shellMessages.tabs.mine);
    await reloaded; // the guard's one reload, which would bring a new build's files
    await expect
      .poll(() => page.getByRole('heading', { name: shellMessages.errors.loadFailedTitle }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/mine');
    expect(pageErrors(problems)).toEqual([]);
    expect(unexpected(problems, deleted)).toEqual([]);
    problems.length = 0;
  });
});

/**
 * The update flow, on a server of this file's own: the page runs build A; build B (both built before
 * the tests) is deployed into the same folder (the server restarts on the same port and database: it
 * lists its static files at start, server/static.ts); an update check finds B's worker waiting, the
 * "发现新版本" prompt shows, 立即更新 lands the page on build B. The hourly interval itself is
 * asserted with fake timers in src/app/update-check.test.ts. Also: a chunk that fails to load
 * reloads the page once, and not again within the 10 s guard.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildInto } from '../scripts/lib/build.ts';
import { launch, noBrowser } from './browser.ts';
import { buildIdOf, controlledBySw, openOn } from './pwa-browser.ts';
import { copyOfSeededData } from './seeded-data.ts';
import { answers } from '../scripts/lib/server-child.ts';
import { startServer, type RunningServer } from './server-process.ts';

describe.skipIf(noBrowser)('updates and reloads in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  /** The folder the server serves, and the two builds deployed into it in turn. */
  let staticDir: string;
  const builds = { a: '', b: '' };
  let deployed: keyof typeof builds = 'a';

  /** Deploys a build where the other was and restarts the server on the same port and database. */
  async function deploy(build: keyof typeof builds): Promise<void> {
    await server.stop({ keepData: true });
    rmSync(staticDir, { recursive: true, force: true });
    cpSync(builds[build], staticDir, { recursive: true });
    deployed = build;
    server = await startServer({ STATIC_DIR: staticDir }, { port: server.port, dataDir: server.dataDir });
  }

  beforeAll(async () => {
    for (const build of ['a', 'b'] as const) {
      builds[build] = mkdtempSync(join(tmpdir(), `e2e-update-build-${build}-`));
      await buildInto(builds[build], { BUILD_ID: `build-${build}` });
    }
    staticDir = mkdtempSync(join(tmpdir(), 'e2e-update-dist-'));
    cpSync(builds.a, staticDir, { recursive: true });
    server = await startServer({ STATIC_DIR: staticDir }, { dataDir: copyOfSeededData() });
    browser = await launch();
  }, 300_000); // two production builds
  // A test that failed half-way (and is tried again in CI) may have left the server stopped.
  beforeEach(async () => {
    if (!(await answers(server.baseURL)))
      server = await startServer({ STATIC_DIR: staticDir }, { port: server.port, dataDir: server.dataDir });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    for (const dir of [staticDir, builds.a, builds.b]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows 发现新版本 after an update check finds build B, and 立即更新 reloads into build B', async () => {
    if (deployed !== 'a') await deploy('a');
    const { page, context } = await openOn(browser, server.baseURL);
    await page.goto('/movie');
    await controlledBySw(page);
    expect(await buildIdOf(page)).toBe('build-a');

    await deploy('b');

    expect(await page.locator('[data-testid=update-prompt]').count()).toBe(0);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.locator('[data-testid=update-prompt]');
    await expect.poll(() => prompt.count(), { timeout: 30_000 }).toBe(1);
    expect(await prompt.innerText()).toContain('发现新版本');
    expect(await buildIdOf(page)).toBe('build-a'); // nothing reloads by itself

    const reloaded = page.waitForEvent('load');
    await page.locator('[data-testid=update-now]').click();
    await reloaded;
    expect(await buildIdOf(page)).toBe('build-b');
    expect(new URL(page.url()).pathname).toBe('/movie');
    await expect.poll(() => page.locator('[data-testid=movie-card]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=update-prompt]').count()).toBe(0);
    await context.close();
  });

  it('reloads once after a chunk fails to load, and not again within 10 s', async () => {
    // Without the worker: its precache would serve the chunk this test makes fail.
    const { page, context } = await openOn(browser, server.baseURL, { serviceWorkers: 'block' });
    const firstLoad = new Set<string>();
    let breakNewChunks = false;
    await context.route('**/assets/*.js', (route) => {
      const url = route.request().url();
      if (!breakNewChunks) firstLoad.add(url);
      return breakNewChunks && !firstLoad.has(url) ? route.abort() : route.continue();
    });
    const documents: string[] = [];
    page.on('request', (request: Request) => request.resourceType() === 'document' && documents.push(request.url()));
    await page.goto('/');
    await expect.poll(() => page.locator('.layout--default').count(), { timeout: 20_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    breakNewChunks = true;

    await page.locator('a[href="/forum"]:visible').first().click(); // the forum's screen chunk cannot load
    await expect.poll(() => documents.length, { timeout: 10_000 }).toBe(2); // one reload
    expect(new URL(documents[1]!).pathname).toBe('/forum');
    // After the reload the chunk fails again: the error page stays, no second reload.
    await expect.poll(() => page.getByRole('button', { name: '返回首页' }).count(), { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(3_000);
    expect(documents).toHaveLength(2);
    await context.close();
  });
});

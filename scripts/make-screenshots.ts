/**
 * Renders the manifest's screenshots (public/screenshots/narrow.png and wide.png; the install
 * dialogs of Chromium show them) from the real app: the home page on a phone and on a desktop.
 * Run with `npx tsx scripts/make-screenshots.ts` (builds the PWA into a temporary folder and starts
 * the server on a fresh database) or `npx tsx scripts/make-screenshots.ts --url http://localhost:8080`
 * against a running server. The outputs are committed; their sizes are fixed in manifest.webmanifest.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, findChromium, requireCjkFonts } from '../e2e/chromium.ts';
import { startServer } from '../e2e/server-process.ts';
import { buildInto } from './lib/build.ts';
import { ensureServerBundle } from './lib/server-bundle.ts';

const OUT_DIR = 'public/screenshots';

/** Each shot's CSS viewport and pixel ratio; the PNG is viewport × ratio (see manifest.webmanifest). */
const SHOTS = [
  { file: 'narrow.png', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true },
  { file: 'wide.png', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false },
] as const;

async function shoot(browser: Browser, baseURL: string): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  for (const shot of SHOTS) {
    const { file, ...device } = shot;
    const context = await browser.newContext({
      ...device,
      baseURL,
      locale: 'zh-CN',
      colorScheme: 'dark',
      timezoneId: 'Asia/Shanghai',
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // Every image in view has loaded (or failed to) before the shot; lazy ones out of view or hidden
    // (width 0) stay unloaded.
    await page.waitForFunction(
      () =>
        [...document.images].every((image) => {
          const box = image.getBoundingClientRect();
          return (
            image.complete ||
            box.width === 0 ||
            box.top > innerHeight ||
            box.left > innerWidth ||
            box.bottom < 0 ||
            box.right < 0
          );
        }),
      undefined,
      { timeout: 15_000 },
    );
    await page.waitForTimeout(500);
    const png = await page.screenshot();
    // Palette PNGs are several times smaller and look the same at this size.
    await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(join(OUT_DIR, file));
    console.log(`${OUT_DIR}/${file}`);
    await context.close();
  }
}

async function main(): Promise<void> {
  const urlFlag = process.argv.indexOf('--url');
  const givenUrl = urlFlag >= 0 ? process.argv[urlFlag + 1] : undefined;
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH)');
  requireCjkFonts('The install screenshots');

  let stop = async () => {};
  let baseURL = givenUrl;
  if (!baseURL) {
    const staticDir = mkdtempSync(join(tmpdir(), 'screenshots-dist-'));
    await Promise.all([buildInto(staticDir), ensureServerBundle()]);
    const server = await startServer({ STATIC_DIR: staticDir });
    baseURL = server.baseURL;
    stop = async () => {
      await server.stop();
      rmSync(staticDir, { recursive: true, force: true });
    };
  }
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    await shoot(browser, baseURL);
  } finally {
    await browser.close();
    await stop();
  }
}

await main();

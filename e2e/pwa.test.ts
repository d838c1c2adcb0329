/**
 * The installable app in Chromium against the production build: installable by Chromium's own check,
 * the manifest's icons and screenshots served as declared, and a screenshot of the installed app
 * (display-mode standalone) in SHOTS (e2e/screenshots.ts).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, launch, noBrowser, openPage, PHONE } from './browser.ts';
import { controlledBySw, openProfile } from './pwa-browser.ts';
import { shoot } from './screenshots.ts';

interface ManifestImage {
  src: string;
  sizes: string;
  purpose?: string;
  form_factor?: string;
}

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes: Uint8Array): string => {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return `${view.getUint32(16)}x${view.getUint32(20)}`;
};

describe.skipIf(noBrowser)('installable PWA in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('passes Chromium installability check (Page.getInstallabilityErrors) once the service worker is active', async () => {
    const { page, context, close } = await openProfile();
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(errors).toEqual([]);
    await close();
  });

  it('a link, text and an image shared to the app (Web Share Target) open /release with them attached', async () => {
    const manifest = (await (await fetch(`${baseURL}/manifest.webmanifest`)).json()) as { share_target?: unknown };
    expect(manifest.share_target).toEqual({
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'images', accept: ['image/*'] }] },
    });
    const { page, context, problems } = await openPage(browser);
    await page.goto('/');
    await controlledBySw(page);
    // What the system's share sheet sends: the manifest's form, posted to its action.
    await page.evaluate(async () => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 48 });
      const draw = canvas.getContext('2d')!;
      draw.fillStyle = '#e33';
      draw.fillRect(0, 0, 64, 48);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
      const form = Object.assign(document.createElement('form'), {
        method: 'post',
        enctype: 'multipart/form-data',
        action: '/share-target',
      });
      for (const [name, value] of [
        ['title', '分享来的标题'],
        ['text', '看看这个'],
        ['url', 'https://example.com/a'],
      ])
        form.append(Object.assign(document.createElement('input'), { name, value }));
      const files = Object.assign(document.createElement('input'), { type: 'file', name: 'images' });
      const transfer = new DataTransfer();
      transfer.items.add(new File([blob], 'shot.png', { type: 'image/png' }));
      files.files = transfer.files;
      form.append(files);
      document.body.append(form);
      form.submit();
    });
    await page.waitForURL((url) => url.pathname === '/release' && url.search === '');
    await expect.poll(() => page.getByTestId('release-body').inputValue()).toBe('看看这个\nhttps://example.com/a');
    expect(await page.getByTestId('release-title').inputValue()).toBe('分享来的标题');
    await expect.poll(() => page.locator('.image-tile:not(.is-pending) img').count()).toBe(1);
    expect(await page.evaluate(async () => (await (await caches.open('share-target-v1')).keys()).length)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('declares icons 192, 512 and maskable 512 and a narrow and a wide screenshot, each of its stated size', async () => {
    const manifest = (await (await fetch(`${baseURL}/manifest.webmanifest`)).json()) as Record<string, unknown> & {
      icons: ManifestImage[];
      screenshots: ManifestImage[];
    };
    expect(manifest).toMatchObject({
      id: '/',
      scope: '/',
      start_url: '/',
      display: 'standalone',
      lang: 'zh-CN',
      short_name: expect.any(String),
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.screenshots.map((shot) => shot.form_factor)).toEqual(['narrow', 'wide']);
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const response = await fetch(`${baseURL}${image.src}`);
      expect(response.headers.get('content-type'), image.src).toBe('image/png');
      expect(pngSize(new Uint8Array(await response.arrayBuffer())), image.src).toBe(image.sizes);
    }
    const html = await (await fetch(`${baseURL}/`)).text();
    expect(html).toContain('<link rel="apple-touch-icon" sizes="180x180" href="/icons/apple-touch-icon.png"');
    expect(html).toMatch(/<meta name="apple-mobile-web-app-title" content="[^"]+"/);
    expect(html).toMatch(/<meta name="apple-mobile-web-app-status-bar-style" content="[^"]+"/);
  });

  it("runs as an installed app (Chromium's app window, display-mode standalone): screenshots of home on a phone and a desktop", async () => {
    // Not PHONE's isMobile: Chromium's mobile emulation reports display-mode browser even in an app window.
    const phoneWindow = { viewport: PHONE.viewport, deviceScaleFactor: PHONE.deviceScaleFactor };
    for (const [device, name] of [
      [phoneWindow, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const { page, close } = await openProfile(device, [`--app=${baseURL}/`]);
      await page.goto('/');
      await controlledBySw(page);
      expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
      await expect.poll(() => page.locator('[data-testid=movie-card]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await shoot(page, `pwa-standalone-${name}`, { settle: true });
      await close();
    }
  });
});

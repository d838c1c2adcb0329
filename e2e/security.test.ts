/**
 * The production build runs under the server's Content-Security-Policy. The theme script
 * inline in index.html runs (allowed by its hash), the app renders and plays, and the browser reports
 * no CSP violation on the way; the token cookie is SameSite=Lax (Secure only under HTTPS).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, noBrowser, openPage, tokenCookie } from './browser.ts';

/** Pages that exercise the shell, lists, details, the player (hls.js worker) and the member area. */
const PAGES = [
  '/',
  '/movie',
  '/movie/1',
  '/movie/play/1',
  '/topic',
  '/mine',
  '/mine/wallet',
  '/search/%E7%94%B5%E5%BD%B1',
];

/** Collects securitypolicyviolation events from the first script on, in every document. */
const RECORD_VIOLATIONS = () => {
  const seen: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(
      `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
    );
  });
};

const violationsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);

describe.skipIf(noBrowser)('the production build under the Content-Security-Policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the shell with the policy and the other security headers', async () => {
    const res = await fetch(`${baseURL}/movie/1`);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('renders every kind of page without a CSP violation or console error', async () => {
    const { page, context, problems } = await openPage(browser);
    await context.addInitScript(RECORD_VIOLATIONS);
    for (const path of PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // The inline theme script ran before the app: it is the only thing that sets data-theme this early.
      expect(await page.evaluate(() => document.documentElement.dataset.theme), path).toMatch(/^(dark|light)$/);
      await expect.poll(() => page.locator('#root > *').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await violationsOf(page), path).toEqual([]);
    }
    expect(problems.filter((p) => /Content.Security.Policy|Refused to/i.test(p))).toEqual([]);
    expect(problems).toEqual([]);
    const cookie = await tokenCookie(context);
    expect(cookie).toMatchObject({ sameSite: 'Lax', secure: false, path: '/' });
    await context.close();
  });
});

/** The security headers (docs/architecture.md "Server") on every kind of response. */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/calls/paths.ts';
import { contentSecurityPolicy, DATA_POLICY, inlineHashes } from '../security-headers.ts';
import { createHarness, type Harness } from './harness.ts';

const THEME = "\n  document.documentElement.setAttribute('data-theme', 'dark');\n";
const STYLE = 'html{background:#111}';
const INDEX = `<!doctype html><html><head><style>${STYLE}</style><script>${THEME}</script>
<script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the content security policy', () => {
  it('allows exactly the inline scripts and styles of the page, by hash', () => {
    expect(inlineHashes(INDEX)).toEqual({ scripts: [hashOf(THEME)], styles: [hashOf(STYLE)] });
    expect(inlineHashes('<script>\r\na()\r</script>').scripts).toEqual([hashOf('\na()\n')]);
    const policy = contentSecurityPolicy(inlineHashes(INDEX));
    const directives = new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('script-src')).toEqual(["'self'", hashOf(THEME)]);
    expect(directives.get('style-src')).toEqual(["'self'", hashOf(STYLE)]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
  });
});

describe('security headers on every response', () => {
  let h: Harness;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'csp-dist-'));
    writeFileSync(join(staticDir, 'index.html'), INDEX);
    h = await createHarness('pglite', { config: { STATIC_DIR: staticDir, TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const expectHardened = (headers: Record<string, unknown>, what: string) => {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(String(headers['content-security-policy']), what).toMatch(/frame-ancestors 'none'/);
  };

  it('on the app shell, with the build’s inline script and style hashes', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/mine' });
    expect(res.statusCode).toBe(200);
    expectHardened(res.headers, 'shell');
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy(inlineHashes(INDEX)));
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('on protocol answers, site info, media, icons, uploads, payment, 404s and bad URLs', async () => {
    const requests = [
      { method: 'POST', url: `/api${API.home}`, payload: '{}', headers: { accountid: '10001' } },
      { method: 'POST', url: '/api/no/such/call', payload: 'x' },
      { method: 'GET', url: '/api/fetch-data' },
      { method: 'GET', url: '/api/icons?icons=mdi:home' },
      { method: 'HEAD', url: '/cdn/1/ping' },
      { method: 'GET', url: '/assets/missing.js' },
      { method: 'GET', url: '/uploads/nothing.webp' },
      { method: 'POST', url: '/pay/notify', payload: 'garbage' },
      // URLs the router cannot decode are answered before any hook.
      { method: 'GET', url: '/%E0%A4%A' },
      { method: 'POST', url: '/api/%E0%A4%A', payload: 'x' },
    ] as const;
    for (const request of requests) {
      const res = await h.app.inject(request);
      expect(res.statusCode, request.url).toBeLessThan(500);
      expectHardened(res.headers, `${request.method} ${request.url}`);
    }
  });

  it('gives the data under /api a policy that lets nothing load or run', async () => {
    const requests = [
      { method: 'POST', url: `/api${API.home}`, payload: '{}', headers: { accountid: '10001' } },
      { method: 'GET', url: '/api/fetch-data' },
      { method: 'GET', url: '/api/icons?icons=mdi:home' },
    ] as const;
    for (const request of requests) {
      const res = await h.app.inject(request);
      expect(res.headers['content-security-policy'], request.url).toBe(DATA_POLICY);
    }
    const page = await h.app.inject({ method: 'GET', url: '/api-docs' });
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy(inlineHashes(INDEX)));
  });

  it('keeps a route’s own stricter policy (the sandbox cashier)', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/pay/cashier/20250101000000CABCDEFGHJ' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('adds HSTS when the request came over HTTPS through a trusted proxy', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

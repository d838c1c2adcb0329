import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/protocol/codes.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const INDEX = '<!doctype html><title>影视社区</title><div id="root"></div>';

function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'station-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  // What scripts/lib/precompress.ts writes beside the build's text files.
  for (const file of ['index.html', 'assets/index-abc123.js']) {
    const text = file === 'index.html' ? INDEX : 'console.log("app")';
    writeFileSync(join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${file}.gz`), gzipSync(text));
  }
  writeFileSync(join(dir, 'sw.js'), 'self.skipWaiting()');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"影视社区"}');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
  return dir;
}

describe.each(DB_KINDS)('the PWA build on %s', (kind) => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    dir = fakeBuild();
    h = await createHarness(kind, { config: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

  it('serves index.html at / and for SPA routes, never cached without revalidation', async () => {
    for (const url of ['/', '/movie/123', '/mine/wallet', '/search/%E7%94%B5%E5%BD%B1?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('serves index.html for a navigation whose last segment has a dot', async () => {
    const res = await get('/search/v1.2', { accept: 'text/html,application/xhtml+xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('serves hashed assets as immutable and the shell files with no-cache', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // A build's robots.txt (an older build had one) never shadows the one made per site.
    expect((await get('/robots.txt')).body).toContain('Sitemap: http://localhost/sitemap.xml');
  });

  it('sends the precompressed copy the browser accepts, with the headers of the original', async () => {
    const br = await h.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    const gz = await h.app.inject({ method: 'GET', url: '/movie/7', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/html/);
    expect(gz.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('answers 404, not index.html, for missing files, assets and media', async () => {
    for (const url of ['/assets/index-gone.js', '/media/poster/1.jpg', '/missing.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<!doctype html>');
    }
  });

  it('sends a share that reaches the server (no service worker) on to /release with a 303', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/share-target',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nhi\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/release');
  });

  it('keeps /api/* as envelopes', async () => {
    const res = await get('/api/unknown');
    expect(res.statusCode).toBe(200);
    expect(h.client.open(res.body).code).toBe(Code.NotFound);
  });

  it('answers the manifest of the site a host names: its title, description and own icons', async () => {
    const icons = {
      '192': '/uploads/i192.webp',
      '512': '/uploads/i512.webp',
      maskable: '/uploads/m.webp',
      apple: '/uploads/a.webp',
      badge: '/uploads/b.webp',
    };
    await h.db.query(
      `INSERT INTO sites (account_id, app_id, host, title, description, primary_color, icons)
       VALUES ('20002', 'site20002', 'brand.example.com', '品牌影院', '品牌站的简介', '#3366ff', $1::jsonb)`,
      [JSON.stringify(icons)],
    );
    const own = await get('/manifest.webmanifest', { host: 'brand.example.com' });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(own.headers['cache-control']).toBe('no-cache');
    const manifest = own.json<{ name: string; description: string; icons: { src: string; purpose: string }[] }>();
    expect(manifest).toMatchObject({ name: '品牌影院', short_name: '品牌影院', description: '品牌站的简介' });
    expect(manifest.icons.map((icon) => [icon.src, icon.purpose])).toEqual([
      ['/uploads/i192.webp', 'any'],
      ['/uploads/i512.webp', 'any'],
      ['/uploads/m.webp', 'maskable'],
    ]);
    // Another host is the demo site, with the build's icons.
    const demo = (await get('/manifest.webmanifest')).json<{ name: string; icons?: unknown }>();
    expect(demo.name).not.toBe('品牌影院');
    expect(demo.icons).toBeUndefined();
  });
});

describe.each(DB_KINDS)('without a PWA build on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { config: { STATIC_DIR: join(tmpdir(), 'station-no-such-build') } });
  });
  afterAll(() => h?.close());

  it('answers page requests with a hint to run the build', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/movie/1' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expect((await h.app.inject({ method: 'GET', url: '/api/fetch-data' })).statusCode).toBe(200);
  });
});

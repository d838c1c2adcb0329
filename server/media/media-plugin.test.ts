import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateMedia } from '../seed/generate-media.ts';
import { coverJob, posterJob, videoJob } from '../seed/media-jobs.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { startFiles } from './hls-playlist.ts';
import { issuePlaylistKey } from './play-ticket.ts';

const SECRET = 'test-media-secret-0123456789';
/** 12 s: a ladder (360p, 720p) of segments of 1, 3, 4 and 4 s (the first step of the 4 s grid cut in two). */
const JOBS = [posterJob(1, 'dark'), posterJob(2, 'bright'), coverJob(1), videoJob(1, 12)];

describe('generated media served under the CDN lines', () => {
  let mediaDir: string;
  let h: Harness;
  const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
  const key = (trialSeconds: number | null, secret = SECRET) =>
    issuePlaylistKey({ movieId: 7, video: 'videos/v1', trialSeconds, secret });

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'media-test-'));
    const first = await generateMedia(mediaDir, JOBS, { concurrency: 2 });
    expect(first).toMatchObject({ created: JOBS.length, skipped: 0 });
    h = await createHarness('pglite', { config: { MEDIA_DIR: mediaDir, MEDIA_SECRET: SECRET } });
  });
  afterAll(async () => {
    await h?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('skips files that exist on a second run and leaves them unchanged', async () => {
    const before = await stat(join(mediaDir, 'posters/m1-l.webp'));
    expect(await generateMedia(mediaDir, JOBS)).toMatchObject({ created: 0, skipped: JOBS.length });
    expect((await stat(join(mediaDir, 'posters/m1-l.webp'))).mtimeMs).toBe(before.mtimeMs);
  });

  it('serves posters as WebP of the promised sizes on every line, with long caching', async () => {
    for (const line of ['1', '2']) {
      const res = await get(`/cdn/${line}/posters/m1-s.webp`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
      expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    const { default: sharp } = await import('sharp');
    const large = await sharp(await readFile(join(mediaDir, 'posters/m2-l.webp'))).metadata();
    expect([large.width, large.height]).toEqual([720, 1080]);
    const cover = await sharp(await readFile(join(mediaDir, 'covers/c001.webp'))).metadata();
    expect([cover.width, cover.height]).toEqual([640, 360]);
  });

  it('answers HEAD, the ping target, ranges and revalidation', async () => {
    const head = await h.app.inject({ method: 'HEAD', url: '/cdn/2/posters/m1-l.webp' });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000);
    expect(head.body).toBe('');
    for (const url of ['/cdn/1/ping', '/cdn/2', '/cdn/1/']) {
      expect((await h.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    }
    const range = await get('/cdn/1/posters/m1-s.webp', { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
    expect((await get('/cdn/1/posters/m1-s.webp', { range: 'bytes=99999999-' })).statusCode).toBe(416);
    const etag = String(head.headers.etag);
    expect((await get('/cdn/2/posters/m1-l.webp', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('refuses raw videos, unknown places and traversal without a 5xx', async () => {
    expect((await get('/cdn/1/videos/v1/index.m3u8')).statusCode).toBe(403);
    expect((await get('/cdn/1/videos/v1/360p/index.m3u8')).statusCode).toBe(403);
    expect((await get('/cdn/1/videos/v1/720p/seg-002.ts')).statusCode).toBe(403);
    for (const url of [
      '/cdn/1/posters/m999-s.webp',
      '/cdn/1/secret.txt',
      '/cdn/1/posters/..%2F..%2Fpg%2FPG_VERSION',
      '/cdn/1/posters/../videos/v1/index.m3u8',
      '/cdn/1/posters/%2e%2e/%2e%2e/etc/passwd',
      '/cdn/..%2F/posters/m1-s.webp',
      '/cdn/1/posters/.hidden',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect([403, 404, 400], url).toContain(res.statusCode);
    }
  });

  it('serves the demo video as a master playlist over a 360p and a 720p rung', async () => {
    const res = await get(`/cdn/1/${key(null)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/RESOLUTION=\d+x\d+/g)).toEqual(['RESOLUTION=640x360', 'RESOLUTION=1280x720']);
    expect(res.body.match(/^\d+p\/index\.m3u8$/gm)).toEqual(['360p/index.m3u8', '720p/index.m3u8']);
  });

  it('cuts a trial playlist to the segments covering the trial and refuses the rest, even by hand-made URL', async () => {
    const playlistKey = key(4);
    expect(playlistKey).toMatch(/^play\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}\/index\.m3u8$/);
    for (const rung of ['360p', '720p']) {
      const rungKey = playlistKey.replace('index.m3u8', `${rung}/index.m3u8`);
      const res = await get(`/cdn/1/${rungKey}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/vnd.apple.mpegurl');
      expect(res.headers['cache-control']).toBe('private, max-age=600');
      expect(res.body.match(/^seg-\d{3}\.ts$/gm)).toEqual(['seg-000.ts', 'seg-001.ts']);
      expect(res.body.match(/^#EXTINF:[\d.]+/gm)).toEqual(['#EXTINF:1.000000', '#EXTINF:3.000000']);
      expect(res.body.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const base = `/cdn/2/${rungKey.replace(/index\.m3u8$/, '')}`;
      for (const segment of ['seg-000.ts', 'seg-001.ts']) {
        const allowed = await get(`${base}${segment}`);
        expect(allowed.statusCode).toBe(200);
        expect(allowed.headers['content-type']).toBe('video/mp2t');
        expect(allowed.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
      }
      for (const segment of ['seg-002.ts', 'seg-003.ts', 'seg-100.ts']) {
        expect((await get(`${base}${segment}`)).statusCode, segment).toBe(403);
      }
    }
    const nine = key(9).replace('index.m3u8', '720p/index.m3u8');
    expect((await get(`/cdn/1/${nine}`)).body.match(/^seg-\d{3}\.ts$/gm)).toEqual([
      'seg-000.ts',
      'seg-001.ts',
      'seg-002.ts',
      'seg-003.ts',
    ]);
    // A segment asked beside the master playlist (no rung) is not a trial's.
    expect((await get(`/cdn/1/${key(4).replace('index.m3u8', 'seg-000.ts')}`)).statusCode).toBe(403);
  });

  it('names what a player asks for first: the lowest rung and its first segment', async () => {
    expect(await startFiles(join(mediaDir, 'videos/v1'))).toEqual(['360p/index.m3u8', '360p/seg-000.ts']);
    expect(await startFiles(join(mediaDir, 'videos/v1/720p'))).toEqual(['seg-000.ts']);
    expect(await startFiles(join(mediaDir, 'videos/v404'))).toBeNull();
    // Each is there under the ticket's playlist, and the first segment is a short one.
    const base = `/cdn/1/${key(null).replace('index.m3u8', '')}`;
    for (const file of ['360p/index.m3u8', '360p/seg-000.ts']) expect((await get(base + file)).statusCode).toBe(200);
    expect((await get(`${base}360p/index.m3u8`)).body).toMatch(/#EXTINF:1\.0+,\nseg-000\.ts/);
  });

  it('serves the whole video with a full ticket', async () => {
    const playlistKey = key(null).replace('index.m3u8', '360p/index.m3u8');
    const res = await get(`/cdn/1/${playlistKey}`);
    const segments = res.body.match(/^seg-\d{3}\.ts$/gm) ?? [];
    expect(segments).toEqual(['seg-000.ts', 'seg-001.ts', 'seg-002.ts', 'seg-003.ts']);
    for (const segment of segments) {
      expect((await get(`/cdn/1/${playlistKey.replace('index.m3u8', segment)}`)).statusCode).toBe(200);
    }
    expect((await get(`/cdn/1/${playlistKey.replace('index.m3u8', 'seg-004.ts')}`)).statusCode).toBe(404);
  });

  it('refuses tampered, foreign, expired and malformed tickets with 403', async () => {
    const trial = key(4);
    const [, ticket] = trial.split('/');
    const [payload, signature] = ticket!.split('.');
    const widened = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), n: null }),
    ).toString('base64url');
    const expired = issuePlaylistKey({
      movieId: 7,
      video: 'videos/v1',
      trialSeconds: null,
      secret: SECRET,
      now: Date.now() - 86_400_000,
      ttlSeconds: 60,
    });
    for (const bad of [
      `play/${widened}.${signature}/360p/seg-002.ts`,
      key(null, 'another-secret-0123456789').replace('index.m3u8', '360p/seg-002.ts'),
      expired,
      'play/not-a-ticket/index.m3u8',
      `play/${payload}.${signature!.slice(0, -2)}AA/index.m3u8`,
    ]) {
      const res = await get(`/cdn/1/${bad}`);
      expect(res.statusCode, bad).toBe(403);
    }
  });
});

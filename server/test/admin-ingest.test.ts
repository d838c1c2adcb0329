/**
 * The console's video ingest: an operator uploads a 720p video through the chunk calls (resuming
 * from the chunks held), creates an episode with it, and the pg-boss job makes the ladder: a master
 * playlist over 360p and 720p only, segments, a poster, the episode ready with its duration. The
 * ladder plays through the same play tickets, each rung cut to a trial. A source ffmpeg cannot read
 * ends failed with a reason, and a retry runs the job again. Bad input answers 400 naming the field.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeWithJob } from '../../contract/admin/ingest.ts';
import type { AdminError } from '../../contract/admin/session.ts';
import { issuePlaylistKey } from '../media/play-ticket.ts';
import { makeSource, operator, type Operator } from './admin-ingest-fixture.ts';
import { FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { fakeMp4, filesUnder, md5 } from './upload-fixture.ts';

/** Movie 11 of the content fixture: VIP with a 60 s trial, episode 1 a demo video. */
const MOVIE = 11;
const source = makeSource(1280, 720, 12);

describe.each(DB_KINDS)('video ingest on %s', (kind) => {
  let h: Harness;
  let dir: string;
  let ops: Operator;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ingest-test-'));
    h = await createHarness(kind, {
      seed: seedContent,
      config: {
        UPLOAD_DIR: join(dir, 'uploads'),
        MEDIA_DIR: join(dir, 'media'),
        JOBS_POLL_SECONDS: 0.5,
        VIDEO_JOB_RETRY_SECONDS: 1,
      },
    });
    ops = await operator(h, 'ops');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const errorOf = (res: { json<T>(): T }) => res.json<AdminError>();

  it('uploads a 720p video as a new episode and makes its ladder: 360p and 720p, segments, poster, duration', async () => {
    const data = await source;
    const chunkSize = 256 * 1024;
    const count = Math.ceil(data.length / chunkSize);
    // A first run stops before its last chunk; checking again answers what the server holds.
    await ops.send(data, chunkSize, [count - 1]);
    const resumed = await ops.send(data, chunkSize);
    expect(resumed.uploaded).toEqual(Array.from({ length: count - 1 }, (_, i) => i));
    const merged = await ops.call('POST', '/admin-api/uploads/merge', { fileId: md5(data) });
    expect(merged.statusCode, merged.body).toBe(200);

    const created = await ops.call('POST', `/admin-api/movies/${MOVIE}/episodes`, {
      number: 2,
      title: '第二集',
      fileId: md5(data),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { episode, job } = created.json<EpisodeWithJob>();
    expect(episode).toMatchObject({ movieId: MOVIE, number: 2, title: '第二集', state: 'processing', video: null });
    expect(['queued', 'processing']).toContain(job!.state);

    const done = await ops.waitJob(job!.id);
    expect(done).toMatchObject({
      state: 'done',
      progress: 100,
      failure: null,
      rungs: [360, 720],
      episodeId: episode.id,
    });
    expect(done.durationS).toBe(12);
    expect(done.attempts).toBe(1);

    const row = await h.db.one<{ state: string; video: string; rungs: number[]; duration_s: number; progress: number }>(
      'SELECT state, video, rungs, duration_s, progress FROM episodes WHERE id = $1',
      [episode.id],
    );
    expect(row).toMatchObject({ state: 'ready', rungs: [360, 720], duration_s: 12, progress: 100 });
    expect(row!.video).toMatch(/^videos\/e\d+-[0-9a-f]{8}$/);
    expect(done.poster).toBe(`${row!.video}/poster.jpg`);

    const ladder = join(h.config.MEDIA_DIR, row!.video);
    const master = await readFile(join(ladder, 'index.m3u8'), 'utf8');
    expect(master).toMatch(/RESOLUTION=640x360,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\n360p\/index\.m3u8/);
    expect(master).toMatch(/RESOLUTION=1280x720,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\n720p\/index\.m3u8/);
    expect(master).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+/);
    expect(master).not.toContain('1080');
    const files = await filesUnder(ladder);
    for (const rung of ['360p', '720p']) {
      expect(files).toEqual(expect.arrayContaining([`${rung}/index.m3u8`, `${rung}/seg-000.ts`, `${rung}/seg-002.ts`]));
    }
    expect(files).not.toContain('1080p/index.m3u8');
    expect((await stat(join(ladder, 'poster.jpg'))).size).toBeGreaterThan(1000);
    // The source is gone with its upload row once the ladder is in place.
    expect(await filesUnder(join(h.config.UPLOAD_DIR, 'console', 'files'))).toEqual([]);
    expect(await h.db.query('SELECT 1 FROM console_uploads')).toEqual([]);

    const actions = await h.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action IN ('upload.merge', 'episode.create') ORDER BY id",
    );
    expect(actions.map((a) => a.action)).toEqual(['upload.merge', 'episode.create']);
  }, 240_000);

  it("gives a console-made title its first episode's length, which a later episode does not change", async () => {
    const data = await source;
    const made = await ops.call('POST', '/admin-api/movies', { title: '控制台新片', categoryId: FX.wuxia });
    expect(made.statusCode, made.body).toBe(201);
    const movieId = made.json<{ id: number }>().id;
    const length = async () =>
      (await h.db.one<{ n: number }>('SELECT duration_s AS n FROM movies WHERE id = $1', [movieId]))!.n;
    expect(await length()).toBe(0);
    for (const number of [1, 2]) {
      await ops.send(data, 256 * 1024);
      expect((await ops.call('POST', '/admin-api/uploads/merge', { fileId: md5(data) })).statusCode).toBe(200);
      const created = await ops.call('POST', `/admin-api/movies/${movieId}/episodes`, { number, fileId: md5(data) });
      expect(created.statusCode, created.body).toBe(201);
      expect(await ops.waitJob(created.json<EpisodeWithJob>().job!.id)).toMatchObject({ state: 'done', durationS: 12 });
      if (number === 1) {
        // A film's length is its video's.
        expect(await length()).toBe(12);
        // An operator's own figure (the editor's 时长: admin-catalogue.test.ts).
        await h.db.query('UPDATE movies SET duration_s = 600 WHERE id = $1', [movieId]);
      }
    }
    // A series keeps what it has.
    expect(await length()).toBe(600);
  }, 240_000);

  it('plays the ladder through play tickets: master, each rung cut to the trial, the poster in the open', async () => {
    const { video } = (await h.db.one<{ video: string }>(
      'SELECT video FROM episodes WHERE movie_id = $1 AND number = 2',
      [MOVIE],
    ))!;
    const get = (url: string) => h.app.inject({ method: 'GET', url });
    const secret = h.config.MEDIA_SECRET;
    const trial = issuePlaylistKey({ movieId: MOVIE, video, trialSeconds: 4, secret });
    const base = `/cdn/1/${trial.replace(/\/index\.m3u8$/, '')}`;
    const master = await get(`${base}/index.m3u8`);
    expect(master.statusCode, `${base} ${master.body}`).toBe(200);
    expect(master.body).toContain('720p/index.m3u8');
    for (const rung of ['360p', '720p']) {
      const playlist = await get(`${base}/${rung}/index.m3u8`);
      expect(playlist.statusCode).toBe(200);
      // The first 4 s of the grid are two segments: a 1 s one for a quick first picture, then 3 s.
      expect(playlist.body.match(/seg-\d+\.ts/g)).toEqual(['seg-000.ts', 'seg-001.ts']);
      expect(playlist.body.match(/#EXTINF:[\d.]+/g)).toEqual(['#EXTINF:1.000000', '#EXTINF:3.000000']);
      expect(playlist.body.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
      expect((await get(`${base}/${rung}/seg-001.ts`)).statusCode).toBe(200);
      expect((await get(`${base}/${rung}/seg-002.ts`)).statusCode).toBe(403);
    }
    expect((await get(`${base}/1080p/index.m3u8`)).statusCode).toBe(404);
    expect((await get(`${base}/x/index.m3u8`)).statusCode).toBe(404);

    const whole = issuePlaylistKey({ movieId: MOVIE, video, trialSeconds: null, secret });
    const full = await get(`/cdn/1/${whole.replace(/index\.m3u8$/, '')}720p/index.m3u8`);
    expect(full.body.match(/seg-\d+\.ts/g)).toEqual(['seg-000.ts', 'seg-001.ts', 'seg-002.ts', 'seg-003.ts']);

    const poster = await get(`/cdn/1/${video}/poster.jpg`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect((await get(`/cdn/1/${video}/720p/index.m3u8`)).statusCode).toBe(403);
  });

  it('ends a source ffmpeg cannot read as failed with a reason and no 重试 (it would fail the same way); a new upload makes it', async () => {
    const garbage = fakeMp4(300 * 1024);
    const fileId = await ops.upload(garbage);
    const created = await ops.call('POST', `/admin-api/movies/${MOVIE}/episodes`, { number: 3, fileId });
    expect(created.statusCode, created.body).toBe(201);
    const { episode, job } = created.json<EpisodeWithJob>();
    const failed = await ops.waitJob(job!.id);
    expect(failed).toMatchObject({ state: 'failed', retryable: false });
    expect(failed.failure).toMatch(/无法解码|损坏/);
    const row = await h.db.one<{ state: string; failure: string }>(
      'SELECT state, failure FROM episodes WHERE id = $1',
      [episode.id],
    );
    expect(row).toEqual({ state: 'failed', failure: failed.failure });
    // Read again (a reload of the console): still failed, still no 重试; asked anyway, refused.
    expect(await ops.waitJob(job!.id)).toMatchObject({ state: 'failed', retryable: false });
    const refused = await ops.call('POST', `/admin-api/jobs/${job!.id}/retry`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('该文件无法转码，重试会同样失败：请重新上传视频');

    // A good file attached to the same episode: a new job makes its ladder.
    const good = await ops.upload(await source);
    const attached = await ops.call('POST', `/admin-api/episodes/${episode.id}/video`, { fileId: good });
    expect(attached.statusCode, attached.body).toBe(200);
    const again = attached.json<EpisodeWithJob>().job!;
    expect(again.id).not.toBe(job!.id);
    const done = await ops.waitJob(again.id);
    expect(done).toMatchObject({ state: 'done', rungs: [360, 720], retryable: false });
    expect(await h.db.one('SELECT state, failure FROM episodes WHERE id = $1', [episode.id])).toEqual({
      state: 'ready',
      failure: null,
    });
    // The old job still reads as failed with its own reason; neither job can be retried.
    expect(await ops.waitJob(job!.id)).toMatchObject({ state: 'failed', failure: failed.failure, retryable: false });
    expect((await ops.call('POST', `/admin-api/jobs/${job!.id}/retry`)).statusCode).toBe(409);
    expect((await ops.call('POST', `/admin-api/jobs/${again.id}/retry`)).statusCode).toBe(409);
  }, 240_000);

  it('answers bad input with 400 naming the field, a missing row with 404, and other roles with 403', async () => {
    const check = (body: object) => ops.call('POST', '/admin-api/uploads/check', body);
    const good = {
      fileId: 'a'.repeat(32),
      fileName: 'a.mp4',
      fileSize: 100_000,
      chunkSize: 65_536,
      chunkCount: 2,
      mime: 'video/mp4',
    };
    for (const [body, field] of [
      [{ ...good, mime: 'image/png' }, 'mime'],
      [{ ...good, fileId: 'x' }, 'fileId'],
      [{ ...good, chunkCount: 3 }, 'chunkCount'],
      [{ ...good, fileName: '../a.mp4' }, 'fileName'],
      [{ ...good, chunkSize: 10 }, 'chunkSize'],
    ] as const) {
      const res = await check(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).field).toBe(field);
    }
    expect((await check(good)).statusCode).toBe(200);
    expect(errorOf(await ops.chunk(good.fileId, 0, Buffer.alloc(10))).field).toBe('chunk');
    expect(errorOf(await ops.chunk(good.fileId, 7, Buffer.alloc(10))).field).toBe('index');
    expect(errorOf(await ops.chunk(good.fileId, 'x', Buffer.alloc(10))).field).toBe('index');
    expect((await ops.chunk('b'.repeat(32), 0, Buffer.alloc(10))).statusCode).toBe(404);
    expect((await ops.chunk(good.fileId, 0, Buffer.alloc(0))).statusCode).toBe(400);
    expect(errorOf(await ops.call('POST', '/admin-api/uploads/merge', { fileId: good.fileId })).field).toBe('fileId');

    const episodes = (body: object, movie = MOVIE) => ops.call('POST', `/admin-api/movies/${movie}/episodes`, body);
    expect(errorOf(await episodes({ number: 0 })).field).toBe('number');
    expect(errorOf(await episodes({ number: 1 })).field).toBe('number'); // taken
    expect(errorOf(await episodes({ number: 9, fileId: good.fileId })).field).toBe('fileId'); // not merged
    expect((await episodes({ number: 9 }, 999_999)).statusCode).toBe(404);
    const plain = await episodes({ number: 9, title: '无视频' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json<EpisodeWithJob>()).toMatchObject({ job: null, episode: { state: 'waiting', number: 9 } });
    expect(errorOf(await ops.call('POST', '/admin-api/episodes/abc/video', { fileId: good.fileId })).field).toBe('id');
    expect((await ops.call('POST', '/admin-api/episodes/999999/video', { fileId: 'c'.repeat(32) })).statusCode).toBe(
      400,
    );
    expect(errorOf(await ops.call('GET', '/admin-api/jobs/nope')).field).toBe('id');
    expect((await ops.call('GET', '/admin-api/jobs/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const moderator = await operator(h, 'moderator');
    expect((await moderator.call('POST', '/admin-api/uploads/check', good)).statusCode).toBe(403);
    expect((await moderator.call('GET', '/admin-api/jobs/00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
  });
});

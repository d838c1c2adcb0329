/**
 * The ffmpeg that decodes uploads: members' videos (/file/chunk/*) and operators' (the console's
 * ingest) are decoded by FFMPEG_PATH (here a wrapper around Debian's /usr/bin/ffmpeg that records
 * each run, under strace when the machine has it), never by the packaged 2018 build, and told the
 * demuxer and the file protocol: a playlist (HLS, ffconcat, DASH) disguised as a video, with or
 * without a video's first bytes, fails without ffmpeg opening the file or the URL it names. With
 * FFMPEG_PATH pointing nowhere, video uploads are refused with a message; images still go through.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeWithJob } from '../../contract/admin/ingest.ts';
import type { AdminError } from '../../contract/admin/session.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { configWith } from '../config.ts';
import { describeUploadFfmpeg, uploadFfmpeg } from '../media/upload-ffmpeg.ts';
import { ffmpeg as packagedFfmpeg } from '../seed/video-render.ts';
import { operator } from './admin-ingest-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { seedMember } from './member-fixture.ts';
import { filesUnder, makeMp4, md5, png, uploadClient } from './upload-fixture.ts';

const SYSTEM_FFMPEG = '/usr/bin/ffmpeg';
/** Movie 11 of the content fixture. */
const MOVIE = 11;

/** Whether strace can trace a child here (installed, and ptrace allowed). */
async function straceWorks(): Promise<boolean> {
  try {
    await promisify(execFile)('strace', ['-f', '-qq', '-o', '/dev/null', 'true']);
    return true;
  } catch {
    return false;
  }
}

/**
 * An ffmpeg for FFMPEG_PATH that appends its arguments to calls.log and runs the system's, under
 * strace (files and sockets, one trace.<pid> per run) when it works.
 */
async function recordingFfmpeg(dir: string, trace: boolean): Promise<string> {
  const path = join(dir, 'ffmpeg');
  const run = trace
    ? `exec strace -f -qq -e trace=%file,%network -o "${dir}/trace.$$" ${SYSTEM_FFMPEG} "$@"`
    : `exec ${SYSTEM_FFMPEG} "$@"`;
  await writeFile(path, `#!/bin/sh\nprintf '%s\\n' "$*" >> "${dir}/calls.log"\n${run}\n`);
  await chmod(path, 0o755);
  return path;
}

/** A QuickTime file's first box header (size, 'free'), which is also the start of an XML comment. */
const dashAsMov = (secret: string, canary: string) =>
  Buffer.from(`<!--free-->
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" type="static" mediaPresentationDuration="PT3S" minBufferTime="PT1S">
 <Period>
  <AdaptationSet mimeType="video/mp4">
   <Representation id="1" bandwidth="100000" width="320" height="180" codecs="avc1.64000d"><BaseURL>file://${secret}</BaseURL></Representation>
  </AdaptationSet>
  <AdaptationSet mimeType="audio/mp4">
   <Representation id="2" bandwidth="64000" codecs="mp4a.40.2"><BaseURL>${canary}</BaseURL></Representation>
  </AdaptationSet>
 </Period>
</MPD>
`);
const hls = (secret: string, canary: string) =>
  `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.0,\nfile:///etc/passwd\n#EXTINF:10.0,\nfile://${secret}\n#EXTINF:10.0,\n${canary}\n#EXT-X-ENDLIST\n`;
const ffconcat = (secret: string) => `ffconcat version 1.0\nfile 'file:///etc/passwd'\nfile '${secret}'\n`;
/** An ftyp box (as an MP4 starts) before the text. */
const behindFtyp = (text: string) =>
  Buffer.concat([Buffer.from('\0\0\0\x18ftypisom\0\0\0\0isomiso2', 'latin1'), Buffer.from(text)]);

describe.each(DB_KINDS)('the ffmpeg that decodes uploads on %s', (kind) => {
  let h: Harness;
  let dir: string;
  let traced: boolean;
  let canary: Server;
  let canaryUrl: string;
  const canaryHits: string[] = [];
  let secret: string;
  const marker = `secret-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upload-ffmpeg-'));
    traced = await straceWorks();
    if (!traced) console.warn('[upload-ffmpeg.test] strace is not usable here: the runs are not traced');
    // A real video the disguised playlists name: decodable, so only not opening it keeps it out.
    secret = join(dir, `${marker}.mp4`);
    await writeFile(secret, await makeMp4(2));
    canary = createServer((req, res) => {
      canaryHits.push(req.url ?? '');
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}/${marker}.mp4`;
    h = await createHarness(kind, {
      seed: seedMember,
      config: {
        UPLOAD_DIR: join(dir, 'uploads'),
        MEDIA_DIR: join(dir, 'media'),
        FFMPEG_PATH: await recordingFfmpeg(dir, traced),
        JOBS_POLL_SECONDS: 0.5,
        VIDEO_JOB_RETRY_SECONDS: 1,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await new Promise((resolve) => canary?.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  const calls = async () => (await readFile(join(dir, 'calls.log'), 'utf8').catch(() => '')).trim().split('\n');
  /** Every strace line of every run so far. */
  async function traces(): Promise<string> {
    const names = (await readdir(dir)).filter((name) => name.startsWith('trace.'));
    return (await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')))).join('\n');
  }
  async function expectNothingOpened(): Promise<void> {
    expect(canaryHits).toEqual([]);
    if (!traced) return;
    const lines = await traces();
    expect(lines).toMatch(/execve\(/);
    expect(lines.split('\n').filter((line) => line.includes(marker) || line.includes('/etc/passwd'))).toEqual([]);
  }

  it('decodes uploads with the system ffmpeg (FFMPEG_PATH), naming the demuxer and the file protocol', async () => {
    const found = await uploadFfmpeg(configWith());
    expect(found.path).toBe(SYSTEM_FFMPEG);
    expect(found.problem).toBeUndefined();
    expect(found.version).toMatch(/^ffmpeg version /);
    expect(describeUploadFfmpeg(found)).toContain(SYSTEM_FFMPEG);
    // The packaged build is refused for uploads even when FFMPEG_PATH names it.
    const packaged = await uploadFfmpeg(configWith({ FFMPEG_PATH: await packagedFfmpeg() }));
    expect(packaged.problem).toMatch(/packaged/);
    expect(describeUploadFfmpeg(packaged)).toMatch(/video uploads: off/);

    const up = uploadClient(h.client);
    const token = (await h.client.registerGuest()).token;
    const data = await makeMp4(2);
    const merged = await up.upload(token, { data });
    expect(merged.code, merged.msg).toBe(0);
    await h.app.uploads.videos.idle();
    expect((await up.check(token, { data })).data.done?.video?.state).toBe('ready');
    const runs = (await calls()).filter((line) => line.includes(md5(data)));
    expect(runs.length).toBeGreaterThanOrEqual(2);
    for (const run of runs) expect(run).toMatch(/-protocol_whitelist file .*-f mov .*-i file:\//);
  }, 120_000);

  it("fails a member's playlist disguised as a video without opening what it names", async () => {
    const up = uploadClient(h.client);
    const token = (await h.client.registerGuest()).token;
    // Without a video's first bytes: refused at the merge.
    for (const text of [hls(secret, canaryUrl), ffconcat(secret)]) {
      const refused = await up.upload(token, { data: Buffer.from(text), fileName: 'playlist.mp4' });
      expect(refused.code).toBe(Code.InvalidParams);
      expect(refused.msg).toMatch(/不是 MP4、MOV、WebM 或 MKV 视频/);
    }
    // Behind an MP4's or a QuickTime file's first bytes: taken, and its job fails.
    for (const data of [
      behindFtyp(hls(secret, canaryUrl)),
      behindFtyp(ffconcat(secret)),
      dashAsMov(secret, canaryUrl),
    ]) {
      const merged = await up.upload(token, { data, fileName: 'playlist.mp4' });
      expect(merged.code, merged.msg).toBe(0);
      await h.app.uploads.videos.idle();
      expect((await up.check(token, { data })).data.done?.video).toMatchObject({ state: 'failed', playlist: null });
      expect((await filesUnder(join(h.config.UPLOAD_DIR, 'clips'))).filter((f) => f.includes(md5(data)))).toEqual([]);
    }
    await expectNothingOpened();
  }, 120_000);

  it("fails an operator's playlist disguised as a video with a reason, without opening what it names", async () => {
    const ops = await operator(h, 'ops');
    let number = 10;
    for (const data of [dashAsMov(secret, canaryUrl), behindFtyp(hls(secret, canaryUrl))]) {
      const fileId = await ops.upload(data);
      const created = await ops.call('POST', `/admin-api/movies/${MOVIE}/episodes`, { number: ++number, fileId });
      expect(created.statusCode, created.body).toBe(201);
      const { job } = created.json<EpisodeWithJob>();
      const failed = await ops.waitJob(job!.id);
      expect(failed.state).toBe('failed');
      expect(failed.failure).toMatch(/无法解码|不是/);
    }
    expect(await filesUnder(join(h.config.MEDIA_DIR, 'videos'))).toEqual([]);
    await expectNothingOpened();
  }, 120_000);
});

describe.each(DB_KINDS)('video uploads without a usable ffmpeg on %s', (kind) => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upload-no-ffmpeg-'));
    h = await createHarness(kind, {
      seed: seedMember,
      config: { UPLOAD_DIR: join(dir, 'uploads'), FFMPEG_PATH: join(dir, 'no-such-ffmpeg') },
    });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses video uploads with a message on /api and /admin-api, and still takes images', async () => {
    const up = uploadClient(h.client);
    const token = (await h.client.registerGuest()).token;
    const video = await up.check(token, { data: Buffer.alloc(1000) });
    expect(video.code).toBe(Code.InvalidParams);
    expect(video.msg).toMatch(/视频上传/);
    const image = await up.upload(token, { data: await png(40, 30), mime: 'image/png', fileName: 'a.png' });
    expect(image.code, image.msg).toBe(0);

    const ops = await operator(h, 'ops');
    const checked = await ops.call('POST', '/admin-api/uploads/check', {
      fileId: md5(Buffer.alloc(1000)),
      fileName: 'a.mp4',
      fileSize: 1000,
      chunkSize: 64 * 1024,
      chunkCount: 1,
      mime: 'video/mp4',
    });
    expect(checked.statusCode).toBe(400);
    const error = checked.json<AdminError>();
    expect(error.message).toMatch(/视频上传已关闭.*ffmpeg.*FFMPEG_PATH/);
    // An episode without a video is still made.
    const created = await ops.call('POST', `/admin-api/movies/${MOVIE}/episodes`, { number: 20 });
    expect(created.statusCode, created.body).toBe(201);
  });
});

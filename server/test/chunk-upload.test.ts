/**
 * The chunk calls (docs/api.md) through the real protocol. Resume, idempotent chunks and a
 * repeated merge; then a wrong MD5, a missing chunk, a chunk of the wrong size, a traversal file
 * name, an oversized file, a bad magic number and a foreign user's file id each get a clear error
 * and leave no merged file behind; the per-user cap, cancelling, and the 24 h sweep.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/calls/paths.ts';
import { MAX_OPEN_UPLOADS } from '../../contract/calls/publish-limits.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { CHUNK, checkPayload, chunkOf, fakeMp4, filesUnder, md5, png, uploadClient } from './upload-fixture.ts';

describe.each(DB_KINDS)('chunked upload on %s', (kind) => {
  let h: Harness;
  let up: ReturnType<typeof uploadClient>;
  let clock = Date.now();
  const uploadDir = mkdtempSync(join(tmpdir(), 'chunk-uploads-'));
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent, config: { UPLOAD_DIR: uploadDir }, now: () => clock });
    up = uploadClient(h.client);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const guest = async () => (await h.client.registerGuest()).token;
  /** Merged files and clips of every user: what a refused merge must not have added to. */
  const merged = async () => [
    ...(await filesUnder(join(uploadDir, 'files'))),
    ...(await filesUnder(join(uploadDir, 'clips'))),
  ];
  const expectRefused = (envelope: { code: number; msg: string }, code: number, msg: RegExp) => {
    expect(envelope.code, envelope.msg).toBe(code);
    expect(envelope.msg).toMatch(msg);
  };

  it('resumes from the chunks held, takes a chunk twice, merges once and answers the same merge again', async () => {
    const token = await guest();
    const spec = { data: fakeMp4(3 * CHUNK + 1000) };
    const { fileId } = checkPayload(spec);
    expect((await up.check(token, spec)).data).toEqual({ uploaded: [], done: null });
    expect((await up.sendChunk(token, fileId, 2, chunkOf(spec, 2))).data).toEqual({ index: 2, received: 1 });
    expect((await up.sendChunk(token, fileId, 0, chunkOf(spec, 0))).data).toEqual({ index: 0, received: 2 });
    expect((await up.sendChunk(token, fileId, 0, chunkOf(spec, 0))).data).toEqual({ index: 0, received: 2 });
    expect((await up.check(token, spec)).data).toEqual({ uploaded: [0, 2], done: null });
    await up.sendAll(token, spec);
    const first = await up.merge(token, fileId);
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({
      fileId,
      kind: 'video',
      size: spec.data.length,
      url: expect.stringMatching(/^clips\/u\d+-[0-9a-f]{32}\/index\.m3u8$/),
    });
    expect(first.data.video?.state).toBe('pending');
    const again = await up.merge(token, fileId);
    expect(again.data.url).toBe(first.data.url);
    expect((await up.check(token, spec)).data).toMatchObject({ uploaded: [], done: { fileId, url: first.data.url } });
    // the chunks are gone once merged
    expect((await filesUnder(join(uploadDir, 'chunks'))).filter((path) => path.includes(fileId))).toEqual([]);
    await h.app.uploads.videos.idle(); // fake bytes: the job fails, which is the next test's concern
  });

  it('merges an image upload into a stored WebP of at most 1600 px', async () => {
    const token = await guest();
    const data = await png(2000, 1000);
    const result = await up.upload(token, { data, mime: 'image/png', fileName: 'photo.png' });
    expect(result.code, result.msg).toBe(0);
    expect(result.data).toMatchObject({
      kind: 'image',
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.webp$/),
      video: null,
    });
  });

  it('refuses a wrong MD5 and drops the upload', async () => {
    const token = await guest();
    const before = await merged();
    const spec = { data: fakeMp4(2 * CHUNK), fileId: md5(Buffer.from('something else')) };
    await up.sendAll(token, spec);
    expectRefused(await up.merge(token, spec.fileId), Code.InvalidParams, /MD5 校验失败/);
    expect(await merged()).toEqual(before);
    expect((await up.check(token, spec)).data.uploaded).toEqual([]);
  });

  it('refuses a merge with a chunk missing', async () => {
    const token = await guest();
    const before = await merged();
    const spec = { data: fakeMp4(4 * CHUNK) };
    await up.sendAll(token, spec, [0, 1, 3]);
    expectRefused(await up.merge(token, md5(spec.data)), Code.InvalidParams, /缺少分片 2/);
    expect(await merged()).toEqual(before);
    // still resumable: the missing chunk, then the merge
    await up.sendAll(token, spec);
    expect((await up.merge(token, md5(spec.data))).code).toBe(0);
    await h.app.uploads.videos.idle();
  });

  it('refuses a chunk of the wrong size, in the middle and at the end, and stores nothing of it', async () => {
    const token = await guest();
    const before = await merged();
    const spec = { data: fakeMp4(2 * CHUNK + 500) };
    const { fileId } = checkPayload(spec);
    await up.check(token, spec);
    expectRefused(
      await up.sendChunk(token, fileId, 0, chunkOf(spec, 0).subarray(1)),
      Code.InvalidParams,
      /分片 0 大小不正确：应为 65536 字节，收到 65535 字节/,
    );
    expectRefused(
      await up.sendChunk(token, fileId, 2, Buffer.alloc(501)),
      Code.InvalidParams,
      /分片 2 大小不正确：应为 500 字节/,
    );
    expectRefused(await up.sendChunk(token, fileId, 3, Buffer.alloc(10)), Code.InvalidParams, /index 超出范围/);
    expectRefused(await up.sendChunk(token, fileId, 'x', Buffer.alloc(10)), Code.InvalidParams, /index/);
    expectRefused(
      await up.sendChunk(token, fileId, 0, Buffer.alloc(8 * 1024 * 1024 + 1)),
      Code.InvalidParams,
      /文件不能超过 8 MiB/,
    );
    expect((await up.check(token, spec)).data.uploaded).toEqual([]);
    expectRefused(await up.merge(token, fileId), Code.InvalidParams, /缺少分片 0、1、2/);
    expect(await merged()).toEqual(before);
  });

  it('refuses file names with a path, "..", or control characters', async () => {
    const token = await guest();
    const data = fakeMp4(CHUNK);
    for (const fileName of [
      '../../etc/passwd',
      '..\\..\\boot.ini',
      'a/b.mp4',
      '..',
      'clip\u0000.mp4',
      'clip\n.mp4',
      '',
    ]) {
      expectRefused(await up.check(token, { data, fileName }), Code.InvalidParams, /fileName/);
    }
    expect((await up.sendChunk(token, md5(data), 0, data)).code).toBe(Code.NotFound);
    expect(await filesUnder(join(uploadDir, 'chunks', 'x'))).toEqual([]);
  });

  it('refuses oversized files, too many chunks and an inconsistent layout', async () => {
    const token = await guest();
    const base = { fileId: md5(Buffer.from('big')), fileName: 'big.mp4', chunkSize: 8 * 1024 * 1024 };
    const check = (payload: object) =>
      h.client.post(API.chunkCheck, JSON.stringify({ ...base, ...payload }), { token }).then((r) => r.envelope);
    const video = 2 * 1024 ** 3 + 1;
    expectRefused(
      await check({ fileSize: video, chunkCount: Math.ceil(video / base.chunkSize), mime: 'video/mp4' }),
      Code.InvalidParams,
      /文件过大/,
    );
    const image = 10 * 1024 ** 2 + 1;
    expectRefused(await check({ fileSize: image, chunkCount: 2, mime: 'image/png' }), Code.InvalidParams, /文件过大/);
    expectRefused(
      await check({ fileSize: 5000 * 65536, chunkSize: 65536, chunkCount: 5000, mime: 'video/mp4' }),
      Code.InvalidParams,
      /chunkCount/,
    );
    expectRefused(
      await check({ fileSize: 100_000, chunkCount: 3, mime: 'video/mp4' }),
      Code.InvalidParams,
      /chunkCount 与 fileSize/,
    );
    expectRefused(await check({ fileSize: 100_000, chunkCount: 1, mime: 'text/html' }), Code.InvalidParams, /mime/);
    expectRefused(
      await check({ fileId: '../../../etc', fileSize: 100_000, chunkCount: 1, mime: 'video/mp4' }),
      Code.InvalidParams,
      /fileId/,
    );
  });

  it('refuses a file whose bytes are not of its kind (magic numbers)', async () => {
    const token = await guest();
    const before = await merged();
    const notVideo = { data: Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), Buffer.alloc(CHUNK)]) };
    await up.sendAll(token, notVideo);
    expectRefused(await up.merge(token, md5(notVideo.data)), Code.InvalidParams, /不是 MP4、MOV、WebM 或 MKV 视频/);
    const notImage = { data: fakeMp4(CHUNK), mime: 'image/jpeg', fileName: 'x.jpg' };
    await up.sendAll(token, notImage);
    expectRefused(await up.merge(token, md5(notImage.data)), Code.InvalidParams, /不是 JPEG、PNG、WebP 或 GIF 图片/);
    expect(await merged()).toEqual(before);
  });

  it("does not let a user touch another user's upload by its file id", async () => {
    const [owner, other] = [await guest(), await guest()];
    const spec = { data: fakeMp4(2 * CHUNK) };
    const { fileId } = checkPayload(spec);
    await up.sendAll(owner, spec, [0]);
    const before = await merged();
    expectRefused(await up.sendChunk(other, fileId, 1, chunkOf(spec, 1)), Code.NotFound, /上传不存在/);
    expectRefused(await up.merge(other, fileId), Code.NotFound, /上传不存在/);
    expect((await up.cancel(other, fileId)).data).toEqual({ cancelled: false });
    expect(await merged()).toEqual(before);
    expect((await up.check(owner, spec)).data.uploaded).toEqual([0]);
    // The same file is a separate upload of the other user, from nothing.
    expect((await up.check(other, spec)).data).toEqual({ uploaded: [], done: null });
  });

  it('needs a session for every chunk call', async () => {
    const spec = { data: fakeMp4(CHUNK) };
    expect((await up.check(undefined, spec)).code).toBe(Code.SessionExpired);
    expect((await up.sendChunk(undefined, md5(spec.data), 0, spec.data)).code).toBe(Code.SessionExpired);
    expect((await up.merge(undefined, md5(spec.data))).code).toBe(Code.SessionExpired);
  });

  it(`caps open uploads at ${MAX_OPEN_UPLOADS} per user; cancelling frees a place`, async () => {
    const token = await guest();
    const specs = Array.from({ length: MAX_OPEN_UPLOADS + 1 }, () => ({ data: fakeMp4(CHUNK) }));
    for (const spec of specs.slice(0, MAX_OPEN_UPLOADS)) expect((await up.check(token, spec)).code).toBe(0);
    expectRefused(await up.check(token, specs.at(-1)!), Code.RateLimited, /未完成的上传过多/);
    expect((await up.check(token, specs[0]!)).code).toBe(0); // an open one may be checked again
    expect((await up.cancel(token, md5(specs[0]!.data))).data).toEqual({ cancelled: true });
    expect((await up.check(token, specs.at(-1)!)).code).toBe(0);
  });

  it('removes uploads untouched for 24 h, and their chunks', async () => {
    const token = await guest();
    const spec = { data: fakeMp4(2 * CHUNK) };
    await up.sendAll(token, spec, [0]);
    const fileId = md5(spec.data);
    const chunks = async () => (await filesUnder(join(uploadDir, 'chunks'))).filter((path) => path.includes(fileId));
    expect(await chunks()).toHaveLength(1);
    clock += 23 * 3600 * 1000;
    await h.app.uploads.sweep();
    expect(await chunks()).toHaveLength(1);
    clock += 2 * 3600 * 1000;
    await h.app.uploads.sweep();
    expect(await chunks()).toEqual([]);
    expectRefused(await up.merge(token, fileId), Code.NotFound, /上传不存在或已过期/);
    clock = Date.now();
  });
});

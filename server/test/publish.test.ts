/**
 * Publishing topics (docs/api.md "Publishing calls") through the real protocol. A topic lands first in its lists with an
 * id from 100000, keeps its text exactly, counts for the publish task, takes uploaded images and
 * tags; a video upload becomes HLS in the background (pending → ready, playlist, segments and
 * poster served under a CDN line; a broken file → failed). Bad input gets clear codes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PostCard, PostDetail } from '../../contract/calls/content.ts';
import type { UploadedImage, PointTask } from '../../contract/calls/member.ts';
import type { PublishResult, TopicVideo } from '../../contract/calls/publish.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { codeOf, dataOf, FX } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { seedMember } from './member-fixture.ts';
import { fakeMp4, makeMp4, md5, png, uploadClient } from './upload-fixture.ts';

describe.each(DB_KINDS)('publishing topics on %s', (kind) => {
  let h: Harness;
  let up: ReturnType<typeof uploadClient>;
  const uploadDir = mkdtempSync(join(tmpdir(), 'publish-uploads-'));
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember, config: { UPLOAD_DIR: uploadDir } });
    up = uploadClient(h.client);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const guest = async () => (await h.client.registerGuest()).token;
  const publish = (token: string, payload: object) =>
    h.client.call<PublishResult>(API.topicPublish, payload, { token }).then((r) => r.envelope);
  const base = {
    title: '周末去哪儿看电影？',
    body: '第一段，**重点**。\n\n第二段 https://example.com/a',
    topicId: FX.forumGroup.topicId,
  };
  const image = async (token: string) =>
    (
      await h.client.postMultipart<UploadedImage>(
        API.uploadImage,
        [
          { name: 'purpose', data: 'post' },
          { name: 'file', filename: 'a.png', contentType: 'image/png', data: await png(2400, 1200) },
        ],
        { token },
      )
    ).envelope.data;

  it('publishes a topic with images and tags: first in its lists, text as written, counted by the publish task', async () => {
    const token = await guest();
    const photo = await image(token);
    expect(photo).toMatchObject({ width: 1600, height: 800 });
    const answer = await publish(token, { ...base, tags: ['热血', '悬疑'], images: [photo.url, photo.url] });
    expect(answer.code, answer.msg).toBe(0);
    const { id } = answer.data;
    expect(id).toBeGreaterThanOrEqual(100_000);
    expect(answer.data.video).toBeNull();

    const group = await dataOf<Page<PostCard>>(h.client, API.topicPage, { topicId: FX.forumGroup.topicId });
    expect(group.list.filter((post) => !post.pinned)[0]!.id).toBe(id);
    expect((await dataOf<Page<PostCard>>(h.client, API.topicPage, {})).list[0]).toMatchObject({
      id,
      summary: '第一段，重点。 第二段 https://example.com/a',
      cover: photo.url,
      images: [photo.url],
    });
    const detail = await dataOf<PostDetail>(h.client, API.topicDetail, { id });
    expect(detail).toMatchObject({
      title: base.title,
      body: base.body,
      allImages: [photo.url],
      video: null,
      category: { topicId: FX.forumGroup.topicId },
    });
    expect(detail.tags.map((tag) => tag.key)).toEqual(['热血', '悬疑']);
    const tasks = await dataOf<PointTask[]>(h.client, API.pointTasks, {}, token);
    expect(tasks.find((task) => task.key === 'publish')).toMatchObject({ progress: 1 });

    const second = await publish(token, { ...base, categoryId: 211 });
    expect(second.data.id).toBeGreaterThan(id);
    expect((await dataOf<PostDetail>(h.client, API.topicDetail, { id: second.data.id })).category.categoryId).toBe(211);
  });

  it('refuses bad input with clear codes', async () => {
    const token = await guest();
    const refusal = async (change: object) => {
      const { code, msg } = await publish(token, { ...base, ...change });
      return { code, msg };
    };
    expect(await refusal({ title: '  ' })).toEqual({ code: Code.InvalidParams, msg: '参数错误：title 不能为空' });
    expect(await refusal({ title: '长'.repeat(61) })).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：title 长度不能超过 60 个字符',
    });
    expect((await refusal({ title: '😀'.repeat(60) })).code).toBe(Code.Ok); // 60 characters, 120 UTF-16 units
    expect((await refusal({ body: 'x'.repeat(20_001) })).msg).toBe('参数错误：body 长度不能超过 20000 个字符');
    expect(await refusal({ body: 'a\u0000b' })).toMatchObject({
      code: Code.InvalidParams,
      msg: expect.stringMatching(/^参数错误：body /),
    });
    expect((await refusal({ body: 'a\ud800b' })).msg).toBe('参数错误：body 含有无法保存的字符');
    expect(await refusal({ topicId: 999 })).toEqual({ code: Code.NotFound, msg: '版块不存在：999' });
    expect((await refusal({ topicId: undefined })).msg).toMatch(/需要 topicId 或 categoryId/);
    expect(await refusal({ topicId: undefined, categoryId: 11 })).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：categoryId 必须是论坛下的版块',
    });
    expect((await refusal({ topicId: undefined, categoryId: 2 })).code).toBe(Code.InvalidParams); // the forum root itself
    expect((await refusal({ categoryId: 22 })).msg).toMatch(/不在 topicId 的版块内/);
    expect(await refusal({ tags: ['没有这个'] })).toEqual({ code: Code.NotFound, msg: '标签不存在：没有这个' });
    expect((await refusal({ tags: ['a', 'b', 'c', 'd', 'e', 'f'] })).msg).toMatch(/tags 最多 5 个/);
    expect((await refusal({ images: Array(10).fill('/uploads/x.webp') })).msg).toMatch(/images 最多 9 张/);
    expect((await refusal({ images: ['/uploads/0123456789abcdef0123456789abcdef.webp'] })).msg).toMatch(
      /images 中的图片不存在/,
    );
    expect((await refusal({ images: ['javascript:alert(1)'] })).code).toBe(Code.InvalidParams);
    expect(await refusal({ videoFileId: md5(Buffer.from('never uploaded')) })).toMatchObject({ code: Code.NotFound });
    expect((await codeOf(h.client, API.topicPublish, base)).code).toBe(Code.SessionExpired);
  });

  it("refuses another user's video", async () => {
    const [owner, other] = [await guest(), await guest()];
    const data = fakeMp4(70_000);
    expect((await up.upload(owner, { data })).code).toBe(0);
    expect(await publish(other, { ...base, videoFileId: md5(data) })).toMatchObject({
      code: Code.NotFound,
      msg: expect.stringMatching(/视频不存在/),
    });
    await h.app.uploads.videos.idle();
  });

  it('turns an uploaded video into HLS in the background: pending, then ready with playlist, segments and poster', async () => {
    const token = await guest();
    const data = await makeMp4(6);
    const merged = await up.upload(token, { data, chunkSize: 64 * 1024 });
    expect(merged.code, merged.msg).toBe(0);
    const answer = await publish(token, { ...base, videoFileId: merged.data.fileId });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.video?.state).toMatch(/pending|ready/);
    await h.app.uploads.videos.idle();

    const video = await dataOf<TopicVideo>(h.client, API.topicVideo, { id: answer.data.id });
    expect(video).toEqual({
      state: 'ready',
      playlist: merged.data.url,
      poster: merged.data.url.replace('index.m3u8', 'poster.jpg'),
      durationS: 6,
    });
    expect((await dataOf<PostDetail>(h.client, API.topicDetail, { id: answer.data.id })).video).toEqual(video);
    expect((await dataOf<Page<PostCard>>(h.client, API.topicPage, {})).list[0]).toMatchObject({
      id: answer.data.id,
      cover: video.poster,
    });

    const get = (key: string) => h.app.inject({ method: 'GET', url: `/cdn/1/${key}` });
    const playlist = await get(video.playlist!);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const segments = playlist.body.split('\n').filter((line) => line.endsWith('.ts'));
    // 6 s: a 1 s first segment (a quick first picture), the rest of the 4 s grid step, then 2 s.
    expect(segments).toEqual(['seg-000.ts', 'seg-001.ts', 'seg-002.ts']);
    expect(playlist.body.match(/#EXTINF:[\d.]+/g)).toEqual([
      '#EXTINF:1.000000',
      '#EXTINF:3.000000',
      '#EXTINF:2.000000',
    ]);
    const segment = await get(video.playlist!.replace('index.m3u8', segments[0]!));
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    expect((await get(video.poster!)).headers['content-type']).toBe('image/jpeg');
    for (const bad of [
      'clips/u1-..%2F..%2Fetc/index.m3u8',
      'clips/x/index.m3u8',
      `${video.playlist!.replace('index.m3u8', 'source.mp4')}`,
    ]) {
      expect((await get(bad)).statusCode).toBe(404);
    }
    // The source is removed once its clip is ready; a second check still answers the upload as done.
    expect((await up.check(token, { data })).data.done?.video?.state).toBe('ready');
  });

  it('marks a video ffmpeg cannot read as failed, and refuses to publish it', async () => {
    const token = await guest();
    const data = fakeMp4(100_000);
    const merged = await up.upload(token, { data });
    await h.app.uploads.videos.idle();
    expect((await up.check(token, { data })).data.done?.video).toEqual({
      state: 'failed',
      playlist: null,
      poster: null,
      durationS: null,
    });
    expect((await publish(token, { ...base, videoFileId: merged.data.fileId })).msg).toMatch(/视频无法转码/);
  });
});

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../contract/calls/account.ts';
import type { Page } from '../../contract/calls/content.ts';
import type { SavedItem, UploadedImage } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { DEFAULT_AVATAR } from '../db/users.ts';
import { codeOf, dataOf } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { assertLedgersBalanced, seedMember } from './member-fixture.ts';

const MEMBER_PATHS = [
  API.vipPlans,
  API.depositVip,
  API.coinPackages,
  API.depositCoin,
  API.depositOrder,
  API.coinLedger,
  API.pointsLedger,
  API.buyMovie,
  API.buyArticle,
  API.moviePurchases,
  API.articlePurchases,
  API.favourites,
  API.likes,
  API.movieHeartbeat,
  API.pointTasks,
  API.claimTask,
  API.goodsPage,
  API.exchangeGoods,
  API.exchangePage,
  API.updatePersonal,
];

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 255, g: 106, b: 0 } } })
    .png()
    .toBuffer();

describe.each(DB_KINDS)('saved lists, personal info and avatar upload on %s', (kind) => {
  let h: Harness;
  const uploadDir = mkdtempSync(join(tmpdir(), 'member-uploads-'));
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember, config: { UPLOAD_DIR: uploadDir } });
  });
  afterEach(() => assertLedgersBalanced(h.db));
  afterAll(async () => {
    await h?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const upload = (
    token: string | undefined,
    file: { data: Buffer | string; filename?: string; contentType?: string },
  ) =>
    h.client.postMultipart<UploadedImage>(
      API.uploadImage,
      [{ name: 'file', filename: 'a.png', contentType: 'image/png', ...file }],
      { token },
    );

  it('answers code 7 on every member call without a valid token', async () => {
    for (const path of MEMBER_PATHS) {
      expect({ path, code: (await codeOf(h.client, path, {})).code }).toEqual({ path, code: Code.SessionExpired });
      expect((await codeOf(h.client, path, {}, 'x'.repeat(43))).code).toBe(Code.SessionExpired);
    }
  });

  it('lists favourites and likes of movies and posts, newest first, filterable by type', async () => {
    const { token } = await h.client.registerGuest();
    await dataOf(h.client, API.movieFavourite, { movieId: 3 }, token);
    await dataOf(h.client, API.topicFavourite, { id: 101, like: true }, token);
    await dataOf(h.client, API.movieFavourite, { movieId: 5 }, token);
    const all = await dataOf<Page<SavedItem>>(h.client, API.favourites, {}, token);
    expect(all.total).toBe(3);
    expect(all.list.map((item) => `${item.type}:${item.id}`)).toEqual(['movie:5', 'post:101', 'movie:3']);
    expect(all.list[1]).toMatchObject({
      type: 'post',
      post: { id: 101, title: '话题101', kind: 'topic' },
      createdAt: expect.any(Number),
    });
    expect(all.list[0]).toMatchObject({ type: 'movie', movie: { id: 5, title: '50% 折扣之夜' } });
    const movies = await dataOf<Page<SavedItem>>(h.client, API.favourites, { type: 'movie', pageSize: 1 }, token);
    expect(movies).toMatchObject({ total: 2, pageSize: 1, list: [{ type: 'movie', id: 5 }] });
    await dataOf(h.client, API.movieFavourite, { movieId: 5 }, token); // toggled off
    expect(
      (await dataOf<Page<SavedItem>>(h.client, API.favourites, { type: 'movie' }, token)).list.map((i) => i.id),
    ).toEqual([3]);

    await dataOf(h.client, API.topicLike, { id: 102, like: true }, token);
    await dataOf(h.client, API.movieLike, { id: 7, like: true }, token);
    const likes = await dataOf<Page<SavedItem>>(h.client, API.likes, {}, token);
    expect(likes.list.map((item) => `${item.type}:${item.id}`)).toEqual(['movie:7', 'post:102']);
    expect((await dataOf<Page<SavedItem>>(h.client, API.likes, { type: 'post' }, token)).total).toBe(1);
    expect((await codeOf(h.client, API.likes, { type: 'song' }, token)).code).toBe(Code.InvalidParams);
  });

  it('accepts a real image: checked, resized to at most 512 px WebP, stored and served', async () => {
    const guest = await h.client.registerGuest();
    const { status, envelope } = await upload(guest.token, { data: await png(1024, 768) });
    expect(status).toBe(200);
    expect(envelope.code).toBe(Code.Ok);
    expect(envelope.data).toEqual({
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.webp$/),
      width: 512,
      height: 384,
    });
    const served = await h.app.inject({ method: 'GET', url: envelope.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 384 });
    for (const url of ['/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/0123456789abcdef0123456789abcdef.webp']) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }

    const small = await upload(guest.token, { data: await png(64, 48), filename: 'x.jpg', contentType: 'image/jpeg' });
    expect(small.envelope.data).toMatchObject({ width: 64, height: 48 });
  });

  it('refuses non-images by their bytes, oversized files, other types and malformed bodies with code 2', async () => {
    const { token } = await h.client.registerGuest();
    const refusal = async (file: Parameters<typeof upload>[1]) => (await upload(token, file)).envelope;
    expect(await refusal({ data: 'just some text, not a picture' })).toMatchObject({
      code: Code.InvalidParams,
      msg: '参数错误：file 的内容不是 JPEG、PNG、WebP 或 GIF 图片',
    });
    const oversized = Buffer.concat([await png(8, 8), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await refusal({ data: oversized })).toMatchObject({
      code: Code.InvalidParams,
      msg: '参数错误：文件不能超过 5 MiB',
    });
    expect(await refusal({ data: await png(8, 8), contentType: 'application/pdf' })).toMatchObject({
      code: Code.InvalidParams,
    });
    const broken = Buffer.concat([(await png(64, 64)).subarray(0, 40)]);
    expect(await refusal({ data: broken })).toMatchObject({
      code: Code.InvalidParams,
      msg: '参数错误：file 图片已损坏或尺寸过大，无法解析',
    });
    const noFile = await h.client.postMultipart(API.uploadImage, [{ name: 'note', data: 'hello' }], { token });
    expect(noFile.envelope.code).toBe(Code.InvalidParams);
    expect(noFile.envelope.msg).toContain('缺少 file');
    const json = await h.client.post(API.uploadImage, '{}', { token });
    expect(json.envelope).toMatchObject({
      code: Code.InvalidParams,
      msg: '参数错误：请求体必须是 multipart/form-data',
    });
    const truncated = await h.client.post(
      API.uploadImage,
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
      {
        token,
        contentType: 'multipart/form-data; boundary=b',
      },
    );
    expect(truncated).toMatchObject({ status: 200, envelope: { code: Code.InvalidParams } });
    // A signed call sent as multipart is refused as such, not crashed on.
    const signedAsMultipart = await h.client.postMultipart(API.updatePersonal, [{ name: 'nickname', data: '新名字' }], {
      token,
    });
    expect(signedAsMultipart).toMatchObject({ status: 200, envelope: { code: Code.InvalidParams } });
  });

  it('needs the token for an upload (code 7) and stores nothing then', async () => {
    const before = readdirSync(uploadDir).length;
    const { status, envelope } = await upload(undefined, { data: await png(33, 33) });
    expect(status).toBe(200);
    expect(envelope).toMatchObject({ code: Code.SessionExpired });
    expect(readdirSync(uploadDir)).toHaveLength(before);
  });

  it('updates the nickname and sets an uploaded avatar; refuses bad names and foreign avatars', async () => {
    const guest = await h.client.registerGuest();
    const image = (await upload(guest.token, { data: await png(100, 100) })).envelope.data;
    const info = await dataOf<UserInfo>(
      h.client,
      API.updatePersonal,
      { nickname: '  新名字  ', avatar: image.url },
      guest.token,
    );
    expect(info).toMatchObject({ id: guest.info.id, nickname: '新名字', avatar: image.url });
    expect(await dataOf<UserInfo>(h.client, API.current, {}, guest.token)).toMatchObject({
      nickname: '新名字',
      avatar: image.url,
    });
    expect(await dataOf<UserInfo>(h.client, API.updatePersonal, { avatar: DEFAULT_AVATAR }, guest.token)).toMatchObject(
      { nickname: '新名字', avatar: DEFAULT_AVATAR },
    );

    const bad = async (payload: object) => codeOf(h.client, API.updatePersonal, payload, guest.token);
    expect(await bad({})).toEqual({ code: Code.InvalidParams, msg: '参数错误：需要 nickname 或 avatar' });
    expect(await bad({ nickname: 'a' })).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：nickname 长度不能少于 2 个字符',
    });
    expect((await bad({ nickname: '名'.repeat(17) })).code).toBe(Code.InvalidParams);
    expect(await bad({ nickname: 'ab\u202ecd' })).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：nickname 不能包含控制字符或不可见字符',
    });
    expect(await bad({ avatar: 'https://evil.example/x.png' })).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：avatar 必须是 /shard/memberUploadImg 返回的图片地址',
    });
    expect((await bad({ avatar: '/uploads/0123456789abcdef0123456789abcdef.webp' })).code).toBe(Code.InvalidParams);
    expect(await dataOf<UserInfo>(h.client, API.current, {}, guest.token)).toMatchObject({
      nickname: '新名字',
      avatar: DEFAULT_AVATAR,
    });
  });
});

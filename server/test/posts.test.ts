import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PostCard, PostDetail, Reply } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { codeOf, dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const ids = (page: Page<{ id: number }>) => page.list.map((p) => p.id);

describe.each(DB_KINDS)('post calls (topics, chigua, archives) on %s', (kind) => {
  let h: Harness;
  const page = (path: string, payload: object = {}) => dataOf<Page<PostCard>>(h.client, path, payload);
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent });
  });
  afterAll(() => h?.close());

  it('lists each section by its kind, newest first, with card fields', async () => {
    const topics = await page(API.topicPage, { pageSize: 5 });
    expect(topics.total).toBe(12);
    expect(ids(topics)).toEqual([112, 111, 110, 109, 108]);
    expect(topics.list[2]).toMatchObject({
      kind: 'topic',
      title: '话题110',
      summary: '话题110的正文。', // no summary of its own: the start of the body
      images: ['a.webp', 'b.webp', 'c.webp'],
      author: { id: 9003, nickname: '阿强', avatar: '/avatar/3.webp' },
      category: { categoryId: 22, name: '影评交流', topicId: 503 },
      pinned: false,
    });
    expect(ids(await page(API.chiguaPage))).toEqual([205, 204, 203, 202, 201]);
    const articles = await page(API.archivesPage, { page: 2, pageSize: 2 });
    expect({ ...articles, list: ids(articles) }).toEqual({
      list: [303, 302],
      total: 5,
      page: 2,
      pageSize: 2,
      cursor: expect.stringMatching(/^pn\./),
    });
    expect((await codeOf(h.client, API.chiguaPage, { pageSize: 51 })).code).toBe(Code.InvalidParams);
  });

  it('filters by forum group (pinned first), category subtree, tag and author; sorts by views and replies', async () => {
    const group = await page(API.topicPage, { topicId: FX.forumGroup.topicId });
    expect(ids(group)).toEqual([FX.pinnedTopic, 112, 111, 109, 108, 106, 105, 103]);
    expect(ids(await page(API.topicPage, { categoryId: 211 }))).toEqual([112, 109, 106, 103]);
    expect(ids(await page(API.topicPage, { topicId: FX.forumGroup.topicId, categoryId: 211 }))).toEqual([
      112, 109, 106, 103,
    ]);
    expect(ids(await page(API.topicPage, { tag: '热血' }))).toEqual([102, 101]);
    expect(ids(await page(API.topicPage, { authorId: 9001 }))).toEqual([111, 108, 105, 102]);
    const hot = (await page(API.topicPage, { sort: 'hot', pageSize: 50 })).list;
    expect(hot.map((p) => p.views)).toEqual(hot.map((p) => p.views).sort((a, b) => b - a));
    expect(ids(await page(API.topicPage, { sort: 'reply', pageSize: 1 }))).toEqual([FX.topicWithReplies]);
    expect(await codeOf(h.client, API.topicPage, { topicId: 21 })).toEqual({
      code: Code.NotFound,
      msg: '版块不存在：21',
    });
    expect((await codeOf(h.client, API.chiguaPage, { categoryId: 999 })).code).toBe(Code.NotFound);
  });

  it("a member's posts of each kind (the tabs of a user page): every section filters by author, with the total", async () => {
    const byAuthor = async (path: string, authorId: number) => {
      const answer = await page(path, { authorId, pageSize: 2 });
      return { list: ids(answer), total: answer.total };
    };
    expect(await byAuthor(API.topicPage, 9002)).toEqual({ list: [112, 109], total: 4 });
    expect(await byAuthor(API.chiguaPage, 9002)).toEqual({ list: [204, 203], total: 4 });
    expect(await byAuthor(API.archivesPage, 9002)).toEqual({ list: [], total: 0 });
    expect(await byAuthor(API.archivesPage, 9003)).toEqual({ list: [305, 304], total: 5 });
    expect(await byAuthor(API.chiguaPage, 9003)).toEqual({ list: [], total: 0 });
  });

  it('answers a detail of its own section only and counts the view', async () => {
    const first = await dataOf<PostDetail>(h.client, API.topicDetail, { id: 101 });
    expect(first).toMatchObject({
      id: 101,
      body: '话题101的正文。',
      allImages: ['a.webp', 'b.webp', 'c.webp', 'd.webp'],
      tags: [{ id: 1, key: '热血', name: '热血' }],
      liked: false,
      favorited: false,
      unlocked: true,
      replyCount: 25,
    });
    const second = await dataOf<PostDetail>(h.client, API.topicDetail, { id: 101 });
    expect(second.views).toBe(first.views + 1);
    expect((await dataOf<PostDetail>(h.client, API.chiguaDetail, { id: 201 })).cover).toBe('covers/c201.webp');
    expect(await codeOf(h.client, API.chiguaDetail, { id: 101 })).toEqual({
      code: Code.NotFound,
      msg: '吃瓜内容不存在：101',
    });
    expect(await codeOf(h.client, API.archivesDetail, { id: 9 })).toEqual({
      code: Code.NotFound,
      msg: '文章不存在：9',
    });
    expect(await codeOf(h.client, API.topicDetail, { id: 301 })).toEqual({
      code: Code.NotFound,
      msg: '帖子不存在：301',
    });
  });

  it('locks a priced article to its summary, except for its author', async () => {
    const locked = await dataOf<PostDetail>(h.client, API.archivesDetail, { id: FX.pricedArticle });
    expect(locked).toMatchObject({
      unlocked: false,
      priceCoins: 20,
      body: '文章摘要303',
      allImages: ['x.webp', 'y.webp', 'z.webp'],
    });
    const { token, info } = await h.client.registerGuest();
    expect((await dataOf<PostDetail>(h.client, API.archivesDetail, { id: FX.pricedArticle }, token)).unlocked).toBe(
      false,
    );
    await h.db.query('UPDATE posts SET author_id = $1 WHERE id = $2', [info.id, FX.pricedArticle]);
    const own = await dataOf<PostDetail>(h.client, API.archivesDetail, { id: FX.pricedArticle }, token);
    expect(own).toMatchObject({ unlocked: true, body: '文章303的全文，只有解锁后可见。' });
    expect(own.allImages).toHaveLength(4);
  });

  it('pages replies oldest first with floor numbers', async () => {
    const replies = (payload: object) => dataOf<Page<Reply>>(h.client, API.topicReplies, payload);
    const first = await replies({ id: FX.topicWithReplies, pageSize: 10 });
    expect(first.total).toBe(25);
    expect(first.list[0]).toMatchObject({ floor: 1, body: '第1条回复', likes: 1, author: { id: 9002 } });
    expect(first.list[0]?.createdAt).toBe(Date.parse('2025-05-01T00:01:00Z'));
    const last = await replies({ id: FX.topicWithReplies, page: 3, pageSize: 10 });
    expect(last.list.map((r) => [r.floor, r.body])).toEqual([21, 22, 23, 24, 25].map((n) => [n, `第${n}条回复`]));
    expect((await replies({ id: 201 })).list.map((r) => r.floor)).toEqual([1]);
    expect(await replies({ id: 102 })).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
    expect(await codeOf(h.client, API.topicReplies, { id: 999 })).toEqual({
      code: Code.NotFound,
      msg: '内容不存在：999',
    });
  });

  it('likes and favourites posts of any kind idempotently', async () => {
    const { token } = await h.client.registerGuest();
    const like = (id: number, value: boolean) => dataOf(h.client, API.topicLike, { id, like: value }, token);
    expect(await like(201, true)).toEqual({ liked: true, likes: 1 });
    expect(await like(201, true)).toEqual({ liked: true, likes: 1 });
    const other = await h.client.registerGuest();
    expect(await dataOf(h.client, API.topicLike, { id: 201, like: true }, other.token)).toEqual({
      liked: true,
      likes: 2,
    });
    expect(await like(201, false)).toEqual({ liked: false, likes: 1 });
    expect(await like(201, false)).toEqual({ liked: false, likes: 1 });
    expect((await codeOf(h.client, API.topicLike, { id: 999, like: true }, token)).code).toBe(Code.NotFound);
    expect((await codeOf(h.client, API.topicLike, { id: 201, like: true })).code).toBe(Code.SessionExpired);

    const favourite = (value: boolean) => dataOf(h.client, API.topicFavourite, { id: 301, like: value }, token);
    expect(await favourite(true)).toEqual({ favorited: true });
    expect(await favourite(true)).toEqual({ favorited: true });
    expect(await dataOf<PostDetail>(h.client, API.archivesDetail, { id: 301 }, token)).toMatchObject({
      favorited: true,
    });
    expect(await favourite(false)).toEqual({ favorited: false });
    expect(await dataOf<PostDetail>(h.client, API.archivesDetail, { id: 301 }, token)).toMatchObject({
      favorited: false,
    });
    expect((await codeOf(h.client, API.topicFavourite, { id: 999, like: true }, token)).code).toBe(Code.NotFound);
  });
});

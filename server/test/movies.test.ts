import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovieCard, MovieDetail, Page } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { codeOf, dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ids = (page: Page<MovieCard>) => page.list.map((m) => m.id);
const newestFirst = (list: number[]) => [...list].sort((a, b) => b - a);

describe.each(DB_KINDS)('movie calls on %s', (kind) => {
  let h: Harness;
  const page = (payload: object) => dataOf<Page<MovieCard>>(h.client, API.moviePage, payload);
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent });
  });
  afterAll(() => h?.close());

  it('pages newest first with totals and page boundaries', async () => {
    const first = await page({});
    expect({ ...first, list: ids(first) }).toEqual({
      list: newestFirst(range(11, 30)),
      total: 30,
      page: 1,
      pageSize: 20,
      cursor: expect.stringMatching(/^mn\./),
    });
    expect(first.list[0]).toEqual({
      id: 30,
      title: '影片30',
      poster: { small: 'posters/m30-s.webp', large: 'posters/m30-l.webp' },
      durationS: 630,
      views: ((30 * 7) % 31) * 10,
      likes: (30 * 11) % 31,
      access: 'coins',
      priceCoins: 50,
      year: 2030,
      region: '大陆',
      episodeCount: 1,
      finished: true,
    });
    expect(ids(await page({ page: 2 }))).toEqual(newestFirst(range(1, 10)));
    expect(await page({ page: 3, pageSize: 15 })).toEqual({ list: [], total: 30, page: 3, pageSize: 15 });
    expect((await codeOf(h.client, API.moviePage, { pageSize: 51 })).code).toBe(Code.InvalidParams);
    expect((await codeOf(h.client, API.moviePage, { page: 0 })).code).toBe(Code.InvalidParams);
    expect((await codeOf(h.client, API.moviePage, { sort: 'random' })).code).toBe(Code.InvalidParams);
  });

  it('filters by a category with its descendants, by tag key and by access', async () => {
    const action = await page({ categoryId: FX.action, pageSize: 50 });
    expect(ids(action)).toEqual(newestFirst(range(1, 30).filter((i) => i % 4 !== 2)));
    expect(action.total).toBe(22);
    expect(ids(await page({ categoryId: FX.wuxia }))).toEqual(newestFirst(range(1, 30).filter((i) => i % 4 === 0)));
    expect(ids(await page({ categoryId: FX.movieRoot, pageSize: 50 }))).toHaveLength(30);
    expect(ids(await page({ tag: '热血' }))).toEqual(newestFirst(range(1, 30).filter((i) => i % 3 === 0)));
    const vip = await page({ access: 'vip' });
    expect(ids(vip)).toEqual(newestFirst(range(11, 20)));
    expect(ids(await page({ categoryId: FX.wuxia, tag: '悬疑', access: 'free' }))).toEqual([8, 4]);
    expect(await codeOf(h.client, API.moviePage, { categoryId: 999 })).toEqual({
      code: Code.NotFound,
      msg: '分类不存在：999',
    });
    expect(await codeOf(h.client, API.moviePage, { tag: '没有' })).toEqual({
      code: Code.NotFound,
      msg: '标签不存在：没有',
    });
  });

  it('sorts by views and by likes, tie-broken by id', async () => {
    const hot = (await page({ sort: 'hot', pageSize: 50 })).list;
    expect(hot.map((m) => m.views)).toEqual(hot.map((m) => m.views).sort((a, b) => b - a));
    const liked = (await page({ sort: 'like', pageSize: 50 })).list;
    expect(liked.map((m) => m.likes)).toEqual(liked.map((m) => m.likes).sort((a, b) => b - a));
    await h.db.query('UPDATE movies SET views = 1000 WHERE id IN (4, 7)');
    expect(ids(await page({ sort: 'hot', pageSize: 2 }))).toEqual([7, 4]);
  });

  it('answers the detail with path, tags and related movies, and counts the view', async () => {
    const before = await h.db.one<{ views: number }>('SELECT views FROM movies WHERE id = 12');
    const detail = await dataOf<MovieDetail>(h.client, API.movieDetail, { id: 12 });
    expect(detail).toMatchObject({
      id: 12,
      description: '影片12的简介',
      category: { categoryId: 111, name: '武侠' },
      categoryPath: [
        { categoryId: 1, name: '电影' },
        { categoryId: 11, name: '动作' },
        { categoryId: 111, name: '武侠' },
      ],
      tags: [
        { id: 1, key: '热血', name: '热血' },
        { id: 2, key: '悬疑', name: '悬疑' },
      ],
      publishedAt: Date.parse('2025-01-13T00:00:00Z'),
      views: (before?.views ?? 0) + 1,
      favorited: false,
      liked: false,
      canPlay: false,
      trialSeconds: 60,
    });
    expect(detail.related.length).toBeGreaterThan(0);
    expect(detail.related.length).toBeLessThanOrEqual(12);
    expect(detail.related.map((m) => m.id)).not.toContain(12);
    // Movie 24 shares both tags and the category: the closest.
    expect(detail.related[0]?.id).toBe(24);
    const again = await dataOf<MovieDetail>(h.client, API.movieDetail, { id: 12 });
    expect(again.views).toBe(detail.views + 1);
    expect(await codeOf(h.client, API.movieDetail, { id: 999 })).toEqual({
      code: Code.NotFound,
      msg: '影片不存在：999',
    });
  });

  it('tells each viewer whether they may play in full', async () => {
    const detail = (id: number, token?: string) => dataOf<MovieDetail>(h.client, API.movieDetail, { id }, token);
    expect(await detail(FX.freeMovie)).toMatchObject({ canPlay: true, trialSeconds: 0 });
    const guest = await h.client.registerGuest();
    expect(await detail(FX.vipMovie, guest.token)).toMatchObject({ canPlay: false, trialSeconds: 60 });
    await h.db.query("UPDATE users SET vip_expire_at = now() + interval '1 day' WHERE id = $1", [guest.info.id]);
    expect(await detail(FX.vipMovie, guest.token)).toMatchObject({ canPlay: true, trialSeconds: 0 });
    expect(await detail(FX.coinsMovie, guest.token)).toMatchObject({ canPlay: false, trialSeconds: 32 });
    await h.db.query("UPDATE users SET vip_expire_at = now() - interval '1 second' WHERE id = $1", [guest.info.id]);
    expect(await detail(FX.vipMovie, guest.token)).toMatchObject({ canPlay: false });
  });

  it('likes idempotently, the counter following the like rows and never below 0', async () => {
    expect((await codeOf(h.client, API.movieLike, { id: 5, like: true })).code).toBe(Code.SessionExpired);
    const { token, info } = await h.client.registerGuest();
    const like = (id: number, value: boolean) => dataOf(h.client, API.movieLike, { id, like: value }, token);
    const start = (await h.db.one<{ likes: number }>('SELECT likes FROM movies WHERE id = 5'))?.likes ?? 0;
    expect(await like(5, true)).toEqual({ liked: true, likes: start + 1 });
    expect(await like(5, true)).toEqual({ liked: true, likes: start + 1 });
    expect((await dataOf<MovieDetail>(h.client, API.movieDetail, { id: 5 }, token)).liked).toBe(true);
    expect(await like(5, false)).toEqual({ liked: false, likes: start });
    expect(await like(5, false)).toEqual({ liked: false, likes: start });

    await h.db.query('UPDATE movies SET likes = 0 WHERE id = 6');
    await h.db.query("INSERT INTO user_likes (user_id, item_type, item_id) VALUES ($1, 'movie', 6)", [info.id]);
    expect(await like(6, false)).toEqual({ liked: false, likes: 0 });

    const before = (await h.db.one<{ likes: number }>('SELECT likes FROM movies WHERE id = 7'))?.likes ?? 0;
    await Promise.all([1, 2, 3, 4].map(() => like(7, true)));
    expect(await like(7, true)).toEqual({ liked: true, likes: before + 1 });

    expect(await codeOf(h.client, API.movieLike, { id: 999, like: true }, token)).toEqual({
      code: Code.NotFound,
      msg: '影片不存在：999',
    });
    expect(await h.db.query("SELECT 1 FROM user_likes WHERE item_type = 'movie' AND item_id = 999")).toHaveLength(0);
  });

  it('toggles a movie favourite', async () => {
    const { token } = await h.client.registerGuest();
    const toggle = () => dataOf(h.client, API.movieFavourite, { movieId: 3 }, token);
    expect(await toggle()).toEqual({ favorited: true });
    expect((await dataOf<MovieDetail>(h.client, API.movieDetail, { id: 3 }, token)).favorited).toBe(true);
    expect(await toggle()).toEqual({ favorited: false });
    expect(await toggle()).toEqual({ favorited: true });
    expect((await codeOf(h.client, API.movieFavourite, { movieId: 999 }, token)).code).toBe(Code.NotFound);
    expect((await codeOf(h.client, API.movieFavourite, { movieId: 3 })).code).toBe(Code.SessionExpired);
  });
});

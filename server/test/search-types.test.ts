import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovieCard, Page, PostCard } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { codeOf, dataOf } from './content-fixture.ts';
import { createHarness, EVERY_DB_KIND, type Harness } from './harness.ts';
import { seedIndexedContent } from './search-fixture.ts';

const ids = (page: Page<{ id: number }>) => page.list.map((p) => p.id);

describe.each(EVERY_DB_KIND)('search and content type pages on %s', (kind) => {
  let h: Harness;
  const movies = (payload: object) => dataOf<Page<MovieCard>>(h.client, API.searchMovies, payload);
  const posts = (payload: object) => dataOf<Page<PostCard>>(h.client, API.searchPosts, payload);
  const typePage = (payload: object) => dataOf<Page<MovieCard>>(h.client, API.typePage, payload);
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedIndexedContent });
  });
  afterAll(() => h?.close());

  it('matches words of titles, tags and descriptions whatever their case; punctuation and stop words find nothing', async () => {
    expect(ids(await movies({ keyword: 'matrix' }))).toEqual([8]);
    expect(ids(await movies({ keyword: 'SCI' }))).toEqual([10]); // tag Sci-Fi
    expect(ids(await movies({ keyword: '真实' }))).toEqual([9]); // tag 100%_真实
    expect(ids(await movies({ keyword: 'star wars' }))).toEqual([7]); // title Star_Wars 特别版
    expect(ids(await movies({ keyword: '  折扣 ' }))).toEqual(expect.arrayContaining([5, 6]));
    expect(ids(await posts({ keyword: '悬疑' }))).toEqual([301]); // by tag
    for (const keyword of ['%', '_', '\\', "'", '"', '%_', '的', '了吗']) {
      const page = await movies({ keyword });
      expect({ list: page.list, total: page.total }, keyword).toEqual({ list: [], total: 0 });
    }
  });

  it('pages search results over every post kind', async () => {
    const first = await movies({ keyword: '影片', pageSize: 10 });
    expect(first.total).toBe(30); // 影片 in 26 titles and in every description
    const third = await movies({ keyword: '影片', page: 3, pageSize: 10 });
    const fourth = await movies({ keyword: '影片', page: 4, pageSize: 10 });
    expect([third.list.length, fourth.list.length]).toEqual([10, 0]);
    const all = [first, third, fourth, await movies({ keyword: '影片', page: 2, pageSize: 10 })].flatMap(ids);
    expect(new Set(all).size).toBe(30);
    const mixed = [];
    for (const keyword of ['正文', '全文'])
      for (const page of [1, 2]) mixed.push(await posts({ keyword, page, pageSize: 24 }));
    expect(new Set(mixed.flatMap((page) => page.list.map((p) => p.kind)))).toEqual(
      new Set(['topic', 'chigua', 'article']),
    );
    expect((await codeOf(h.client, API.searchMovies, { keyword: ' ' })).code).toBe(Code.InvalidParams);
    expect((await codeOf(h.client, API.searchPosts, { keyword: 'x', pageSize: 25 })).code).toBe(Code.InvalidParams);
  });

  it('resolves each content type of the dictionary to its movie list', async () => {
    const vip = await typePage({ type: 'vip', pageSize: 50 });
    expect(vip.total).toBe(10);
    expect(vip.list.every((m) => m.access === 'vip')).toBe(true);
    expect((await typePage({ type: 'free', pageSize: 50 })).list.every((m) => m.access === 'free')).toBe(true);
    expect((await typePage({ type: 'coins' })).list.map((m) => m.id)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21]);
    const hot = (await typePage({ type: 'hot', pageSize: 50 })).list.map((m) => m.views);
    expect(hot).toEqual([...hot].sort((a, b) => b - a));
    const newest = await typePage({ type: 'new', pageSize: 3 });
    expect({ ids: ids(newest), total: newest.total }).toEqual({ ids: [30, 29, 28], total: 30 });
    expect(await dataOf(h.client, API.typeInfo, { type: 'vip' })).toEqual({ type: 'vip', label: 'VIP 专区' });
    expect(await dataOf(h.client, API.typeInfo, { type: 'hot' })).toEqual({ type: 'hot', label: '热门' });
  });

  it('answers code 6 "内容类型不存在" to a type outside the dictionary or without a list', async () => {
    for (const type of ['nope', 'bogus', 'toString', '__proto__']) {
      expect(await codeOf(h.client, API.typeInfo, { type })).toEqual({ code: Code.NotFound, msg: '内容类型不存在' });
      expect(await codeOf(h.client, API.typePage, { type })).toEqual({ code: Code.NotFound, msg: '内容类型不存在' });
    }
    await h.db.query("DELETE FROM dictionary WHERE type = 'contentType' AND key = 'coins'");
    expect((await codeOf(h.client, API.typePage, { type: 'coins' })).code).toBe(Code.NotFound);
  });
});

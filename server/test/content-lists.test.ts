import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AppInit,
  CategoryDetail,
  CategoryNode,
  FeaturedCard,
  FeaturedDetail,
  ForumGroup,
  HomeData,
  Page,
  Tag,
  UserCard,
  UserProfile,
} from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { codeOf, dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

describe.each(DB_KINDS)('app-wide lists, categories, tags, forum, users, featured on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent });
  });
  afterAll(() => h?.close());

  it('answers /system/init with the site banners, tree, CDN lines, dictionary and hot tags', async () => {
    const init = await dataOf<AppInit>(h.client, API.init);
    expect(init.banners.map((b) => b.id)).toEqual([2, 1]); // by sort, this site's only
    expect(init.banners[0]).toEqual({ id: 2, title: '开通会员', image: 'banners/2.webp', link: '/mine/vip' });
    expect(init.categories.map((c) => c.route)).toEqual(['/movie', '/forum', '/chigua', '/archives']);
    const movie = init.categories[0] as CategoryNode;
    expect(movie.childList.map((c) => c.categoryId)).toEqual([11, 12]);
    expect(movie.childList[0]?.childList.map((c) => c.name)).toEqual(['武侠', '警匪']);
    expect(init.categories[1]?.childList.map((c) => c.topicId)).toEqual([501, 503]);
    expect(init.cdnLines).toEqual([
      { id: 1, name: '线路一', cdnLine: '/cdn/1' },
      { id: 2, name: '线路二', cdnLine: '/cdn/2' },
    ]);
    expect(init.dictionary.movieSort?.map((e) => e.key)).toEqual(['new', 'hot', 'like']);
    expect(init.dictionary.contentType?.[0]).toEqual({ key: 'vip', label: 'VIP 专区' });
    expect(init.hotTags).toEqual([
      { id: 1, key: '热血', name: '热血', hot: true, count: 12 },
      { id: 2, key: '悬疑', name: '悬疑', hot: true, count: 8 },
    ]);
    // The same lists have calls of their own.
    expect(await dataOf(h.client, API.banners)).toEqual(init.banners);
    expect(await dataOf(h.client, API.categoryTree)).toEqual(init.categories);
    expect(await dataOf(h.client, API.cdnLines)).toEqual(init.cdnLines);
    expect(await dataOf(h.client, API.dictionary)).toEqual(init.dictionary);
    expect(await dataOf(h.client, API.hotTags)).toEqual(init.hotTags);
  });

  it('counts banner clicks, with or without a session, on the own site only', async () => {
    expect(await dataOf(h.client, API.bannerClick, { bannerId: 1 })).toEqual({ clicks: 1 });
    const guest = await h.client.registerGuest();
    expect(await dataOf(h.client, API.bannerClick, { bannerId: 1 }, guest.token)).toEqual({ clicks: 2 });
    expect(await codeOf(h.client, API.bannerClick, { bannerId: FX.otherSiteBanner })).toEqual({
      code: Code.NotFound,
      msg: '横幅不存在：3',
    });
    expect((await codeOf(h.client, API.bannerClick, { bannerId: 'x' })).code).toBe(Code.InvalidParams);
  });

  it('finds a category by id or by route, with its subtree, path and content type', async () => {
    const wuxia = await dataOf<CategoryDetail>(h.client, API.categoryDetail, { categoryId: FX.wuxia });
    expect(wuxia.path).toEqual([
      { categoryId: 1, name: '电影' },
      { categoryId: 11, name: '动作' },
      { categoryId: 111, name: '武侠' },
    ]);
    expect(wuxia.contentType).toBe('movie');
    const forum = await dataOf<CategoryDetail>(h.client, API.categoryDetail, { route: '/forum' });
    expect(forum.node.childList.map((c) => c.topicId)).toEqual([501, 503]);
    expect(forum.contentType).toBe('topic');
    const chigua = await dataOf<CategoryDetail>(h.client, API.categoryDetail, { route: 'chigua' });
    expect(chigua.contentType).toBe('chigua');
    expect((await dataOf<CategoryDetail>(h.client, API.categoryDetail, { categoryId: 41 })).contentType).toBe(
      'article',
    );
    expect(await codeOf(h.client, API.categoryDetail, { categoryId: 999 })).toEqual({
      code: Code.NotFound,
      msg: '分类不存在：999',
    });
    expect((await codeOf(h.client, API.categoryDetail, { route: '/nope' })).code).toBe(Code.NotFound);
    expect((await codeOf(h.client, API.categoryDetail, {})).code).toBe(Code.InvalidParams);
  });

  it('lists all tags most used first and finds one by key', async () => {
    const tags = await dataOf<Tag[]>(h.client, API.allTags);
    expect(tags.map((t) => [t.key, t.count])).toEqual([
      ['热血', 12],
      ['悬疑', 8],
      ['100%_真实', 2],
      ['Sci-Fi', 1],
      ['爱情', 0],
    ]);
    expect(await dataOf(h.client, API.tagDetail, { key: 'Sci-Fi' })).toEqual({
      id: 5,
      key: 'Sci-Fi',
      name: 'Sci-Fi',
      hot: false,
      count: 1,
      counts: { movie: 1, topic: 0, chigua: 0, article: 0 },
    });
    expect(await codeOf(h.client, API.tagDetail, { key: '没有' })).toEqual({
      code: Code.NotFound,
      msg: '标签不存在：没有',
    });
  });

  it('lists forum groups with topic counts (subgroups included) and finds one by topicId', async () => {
    const groups = await dataOf<ForumGroup[]>(h.client, API.forumList);
    expect(groups).toEqual([
      { topicId: 501, categoryId: 21, name: '综合讨论', description: '', icon: null, topicCount: 8, todayCount: 2 },
      { topicId: 503, categoryId: 22, name: '影评交流', description: '', icon: null, topicCount: 4, todayCount: 0 },
    ]);
    expect(await dataOf(h.client, API.forumDetail, { topicId: 503 })).toEqual(groups[1]);
    expect(await codeOf(h.client, API.forumDetail, { topicId: 21 })).toEqual({
      code: Code.NotFound,
      msg: '版块不存在：21',
    });
  });

  it("lists the site's authors, most posts first, and shows a profile of the site only", async () => {
    const page = await dataOf<Page<UserCard>>(h.client, API.userPage, { page: 1, pageSize: 2 });
    expect(page.total).toBe(3);
    expect(page.list.map((u) => [u.id, u.postCount])).toEqual([
      [9003, 9],
      [9002, 8],
    ]);
    const last = await dataOf<Page<UserCard>>(h.client, API.userPage, { page: 2, pageSize: 2 });
    expect(last.list.map((u) => u.id)).toEqual([9001]);
    await h.db.query('UPDATE posts SET likes = 5 WHERE id IN (301, 302)');
    const profile = await dataOf<UserProfile>(h.client, API.userDetail, { id: 9003 });
    expect(profile).toMatchObject({ id: 9003, nickname: '阿强', bio: '', postCount: 9, likesReceived: 10 });
    expect(typeof profile.createdAt).toBe('number');
    expect(await codeOf(h.client, API.userDetail, { id: FX.otherSiteAuthor })).toEqual({
      code: Code.NotFound,
      msg: '用户不存在：9004',
    });
  });

  it('lists featured collections and answers one with its items in order', async () => {
    const list = await dataOf<FeaturedCard[]>(h.client, API.featuredList);
    expect(list.map((f) => [f.id, f.itemCount])).toEqual([
      [1, 5],
      [2, 0],
    ]);
    const one = await dataOf<FeaturedDetail>(h.client, API.featuredDetail, { id: 1 });
    expect(one.movies.map((m) => m.id)).toEqual([3, 1, 2]);
    expect(one.movies[0]?.poster).toEqual({ small: 'posters/m3-s.webp', large: 'posters/m3-l.webp' });
    expect(one.posts.map((p) => [p.id, p.kind])).toEqual([
      [201, 'chigua'],
      [101, 'topic'],
    ]);
    expect(await codeOf(h.client, API.featuredDetail, { id: 77 })).toEqual({
      code: Code.NotFound,
      msg: '专题不存在：77',
    });
  });

  it('answers the home page in one call', async () => {
    const home = await dataOf<HomeData>(h.client, API.home);
    expect(home.banners.map((b) => b.id)).toEqual([2, 1]);
    expect(home.hotTags.map((t) => t.key)).toEqual(['热血', '悬疑']);
    expect(home.shortcuts.map((c) => c.name)).toEqual(['动作', '喜剧']);
    expect(home.featured.map((f) => f.id)).toEqual([1, 2]);
    expect(home.newestMovies.map((m) => m.id)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19]);
    const views = home.hotMovies.map((m) => m.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(home.hotMovies).toHaveLength(12);
    expect(home.newestTopics.slice(0, 2).map((p) => p.id)).toEqual([112, 111]);
    expect(home.newestTopics.every((p) => p.kind === 'topic')).toBe(true);
  });
});

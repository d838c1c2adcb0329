/**
 * Posts and browsing in a real Chromium against the seeded demo site: topics with
 * replies and floors, like with its count, the forum and a group, chigua, a priced article, the
 * category tree down to a third level, tags, users, a featured collection, the /{type} pages and
 * their 404, and search with its history. Every screen must show the server's real content (not
 * the placeholder, not a skeleton). Screenshots go to SHOTS (e2e/screenshots.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatCount, formatTotal } from '../src/lib/format.ts';
import { browserSuite, DESKTOP, noBrowser, PHONE, readIdb, tokenCookie } from './browser.ts';
import { apiData } from './content-api.ts';
import { shoot } from './screenshots.ts';

const PLACEHOLDER = '内容即将上线';

/** Opens a path and waits until it shows content: no skeleton left, no placeholder. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settled(page);
}

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('main:visible').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect
    .poll(() => page.locator('.skeleton:visible, .page-loading:visible').count(), { timeout: 20_000 })
    .toBe(0);
  await page.waitForLoadState('networkidle');
  // Two screens may both be shown for a moment (the kept-alive one leaving): none shows the placeholder.
  expect((await texts(page, 'main')).join('\n')).not.toContain(PLACEHOLDER);
}

/** The texts of the elements shown (kept-alive pages stay in the DOM, hidden). */
const texts = (page: Page, selector: string) => page.locator(selector).filter({ visible: true }).allInnerTexts();
const cardTitles = (page: Page) => texts(page, '[data-testid=post-card] .post-card__title');
const movieTitles = (page: Page) => texts(page, '.movie-card__title');
const historyTerms = (page: Page) => texts(page, '[data-testid=search-history] .chip');

interface SavedUser {
  searchHistory: string[];
}

describe.skipIf(noBrowser)('posts and browsing in Chromium', () => {
  const { open, closeAll } = browserSuite();

  it('/topic lists the topics newest first, and by 最热', async () => {
    const newest = await apiData('/topic/getPage', { sort: 'new', page: 1, pageSize: 20 });
    const hottest = await apiData('/topic/getPage', { sort: 'hot', page: 1, pageSize: 20 });
    const { page } = await open();
    await visit(page, '/topic');
    await expect.poll(async () => (await cardTitles(page))[0]).toContain(newest.list[0]!.title);
    expect((await cardTitles(page)).length).toBeGreaterThanOrEqual(10);
    await page.getByRole('tab', { name: '最热' }).click();
    await expect.poll(async () => (await cardTitles(page))[0]).toContain(hottest.list[0]!.title);
    await closeAll();
  });

  it('a topic shows its title, author, text paragraphs, images, tags and replies with floors', async () => {
    const topics = await apiData('/topic/getPage', { sort: 'reply', page: 1, pageSize: 20 });
    const chosen = topics.list.find((topic) => topic.images.length > 0 && topic.replyCount > 3) ?? topics.list[0]!;
    const post = await apiData('/topic/detail', { id: chosen.id });
    const replies = await apiData('/topic/replyPage', { id: chosen.id, page: 1, pageSize: 20 });

    for (const device of [PHONE, DESKTOP]) {
      const { page } = await open(device);
      await visit(page, `/topic/${post.id}`);
      expect(await page.locator('h1.post-detail__title').innerText()).toContain(post.title);
      expect(await page.locator('.post-detail .post-author__name').innerText()).toBe(post.author!.nickname);
      const firstParagraph = post.body.split('\n\n')[0]!.trim();
      expect(await page.locator('[data-testid=post-body] p').first().innerText()).toBe(firstParagraph);
      expect(await page.locator('.post-images .media-image').count()).toBe(post.allImages.length);
      for (const tag of post.tags)
        expect(await page.locator('.post-detail [data-testid=tag-chip]').allInnerTexts()).toContainEqual(
          expect.stringContaining(tag.name),
        );

      await expect.poll(() => page.locator('[data-testid=reply]').count()).toBeGreaterThan(0);
      const first = page.locator('[data-testid=reply]').first();
      expect(await first.locator('.reply__floor').innerText()).toBe(`${replies.list[0]!.floor}楼`);
      expect(await first.locator('.reply__body').innerText()).toBe(replies.list[0]!.body);
      expect(await page.locator('.replies__title').innerText()).toContain(String(post.replyCount));

      const name = device === PHONE ? 'phone' : 'desktop';
      await shoot(page, `content-topic-detail-${name}`, { settle: true });
      await page.locator('.replies').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -120));
      await shoot(page, `content-topic-replies-${name}`, { settle: true });
    }
    await closeAll();
  });

  it('like on a topic changes the count at once, is kept by the server, and toggles back', async () => {
    const topic = (await apiData('/topic/getPage', { sort: 'new', page: 1, pageSize: 1 })).list[0]!;
    const { page, context } = await open();
    await visit(page, `/topic/${topic.id}`);
    const like = page.locator('[data-testid=like-button]');
    const count = page.locator('[data-testid=like-count]');
    const before = await count.innerText();
    expect(await like.getAttribute('aria-pressed')).toBe('false');

    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => count.innerText()).toBe(formatCount(topic.likes + 1));
    const token = (await tokenCookie(context))!.value;
    await expect.poll(async () => (await apiData('/topic/detail', { id: topic.id }, token)).liked).toBe(true);

    await page.reload();
    await settled(page);
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => count.innerText()).toBe(before);
    await expect.poll(async () => (await apiData('/topic/detail', { id: topic.id }, token)).liked).toBe(false);
    await closeAll();
  });

  it('分享 on a topic opens the system share sheet (navigator.share) with its title and link', async () => {
    const topic = (await apiData('/topic/getPage', { sort: 'new', page: 1, pageSize: 1 })).list[0]!;
    const { page } = await open();
    await page.addInitScript(() => {
      const calls: ShareData[] = [];
      Object.assign(window, { shareCalls: calls });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => void calls.push(data),
      });
    });
    await visit(page, `/topic/${topic.id}`);
    await page.getByTestId('share-button').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls))
      .toEqual([{ title: topic.title, text: topic.title, url: new URL(`/topic/${topic.id}`, page.url()).href }]);
    expect(await page.getByText('链接已复制').count()).toBe(0);
    await closeAll();
  });

  it('/forum lists the groups; a group shows its header and its topics, pinned first', async () => {
    const groups = await apiData('/forum/getList', {});
    const group = groups[0]!;
    const topics = await apiData('/topic/getPage', { topicId: group.topicId, sort: 'new', page: 1, pageSize: 20 });
    const { page } = await open();
    await visit(page, '/forum');
    expect(await texts(page, '.forum-group__name')).toEqual(groups.map((g) => g.name));
    expect(await page.locator('[data-testid=forum-group]').first().innerText()).toContain(group.description);

    await page.locator('[data-testid=forum-group]').first().click();
    await page.waitForURL((url) => url.pathname === `/forum/${group.topicId}`);
    await settled(page);
    expect(await page.locator('[data-testid=group-header]').innerText()).toContain(group.name);
    await expect.poll(async () => (await cardTitles(page))[0]).toContain(topics.list[0]!.title);
    const pinned = topics.list.filter((topic) => topic.pinned).length;
    expect(await page.locator('[data-testid=post-card] .post-badge--pinned').count()).toBe(pinned);
    await closeAll();
  });

  it('/chigua shows the gossip feed with covers; a chigua post opens with its text', async () => {
    const feed = await apiData('/chigua/getPage', { sort: 'new', page: 1, pageSize: 20 });
    const first = feed.list[0]!;
    const post = await apiData('/chigua/detail', { id: first.id });
    const { page } = await open();
    await visit(page, '/chigua');
    await expect.poll(async () => (await cardTitles(page))[0]).toContain(first.title);
    expect(await page.locator('.post-card--cover .post-card__cover-image').count()).toBeGreaterThan(0);

    await page.locator('[data-testid=post-card] a.post-card__link').first().click();
    await page.waitForURL((url) => url.pathname === `/chigua/${first.id}`);
    await settled(page);
    expect(await page.locator('h1.post-detail__title').innerText()).toContain(post.title);
    expect(await page.locator('[data-testid=post-body]').innerText()).toContain(post.body.split('\n\n')[0]!.trim());
    await closeAll();
  });

  it('/archives/{id}: a free article in full, a priced one as its summary with "N 金币解锁"', async () => {
    const articles = await apiData('/archives/getPage', { sort: 'new', page: 1, pageSize: 50 });
    const free = articles.list.find((article) => article.priceCoins === 0)!;
    const priced = articles.list.find((article) => article.priceCoins > 0)!;
    const freeDetail = await apiData('/archives/detail', { id: free.id });
    const { page } = await open();

    await visit(page, `/archives/${free.id}`);
    expect(await page.locator('h1.post-detail__title').innerText()).toContain(free.title);
    const paragraphs = freeDetail.body.split('\n\n');
    expect(await page.locator('[data-testid=post-body] p').count()).toBe(paragraphs.length);
    expect(await page.locator('[data-testid=post-locked]').count()).toBe(0);

    await visit(page, `/archives/${priced.id}`);
    expect(await page.locator('h1.post-detail__title').innerText()).toContain(priced.title);
    expect(await page.locator('[data-testid=post-body]').innerText()).toBe(priced.summary);
    expect(await page.locator('[data-testid=post-locked]').innerText()).toContain(`${priced.priceCoins} 金币解锁`);
    await closeAll();
  });

  it('/category expands down to a third-level category, whose page lists its movies', async () => {
    const init = await apiData('/system/init', {});
    const movieRoot = init.categories.find((node) => node.route === '/movie')!;
    const second = movieRoot.childList.find((node) => node.childList.length > 0)!;
    const third = second.childList[0]!;
    const movies = await apiData('/movie/getPage', {
      categoryId: third.categoryId,
      sort: 'new',
      page: 1,
      pageSize: 24,
    });

    for (const device of [PHONE, DESKTOP]) {
      const { page } = await open(device);
      await visit(page, '/category');
      expect(await texts(page, '.category-root__name')).toEqual(init.categories.map((node) => node.name));
      await page.getByRole('button', { name: `展开 ${second.name}` }).click();
      await page.getByRole('link', { name: third.name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/category/${third.categoryId}`);
      await settled(page);
      await expect
        .poll(() => texts(page, '.breadcrumbs li'))
        .toEqual(['全部分类', movieRoot.name, second.name, third.name]);
      await expect
        .poll(async () => (await movieTitles(page)).slice(0, 4))
        .toEqual(movies.list.slice(0, 4).map((movie) => movie.title));
      await shoot(page, `content-category-${device === PHONE ? 'phone' : 'desktop'}`, { settle: true });

      // A second-level category: its children as chips, then its movies.
      await page.locator('.breadcrumbs a', { hasText: second.name }).click();
      await page.waitForURL((url) => url.pathname === `/category/${second.categoryId}`);
      await settled(page);
      expect(await texts(page, '[data-testid=category-child]')).toEqual(second.childList.map((node) => node.name));
    }

    // The forum's root lists topics.
    const forumRoot = init.categories.find((node) => node.route === '/forum')!;
    const topics = await apiData('/topic/getPage', {
      categoryId: forumRoot.categoryId,
      sort: 'new',
      page: 1,
      pageSize: 20,
    });
    const { page } = await open();
    await visit(page, `/category/${forumRoot.categoryId}`);
    await expect.poll(async () => (await cardTitles(page))[0]).toContain(topics.list[0]!.title);
    await closeAll();
  });

  it('/tag lists every tag with its count, hot ones highlighted; a tag page has its movies and posts', async () => {
    const tags = await apiData('/long/tag/getAllTag', {});
    const { page } = await open();
    await visit(page, '/tag');
    expect(await page.locator('[data-testid=tag-chip]').count()).toBe(tags.length);
    expect(await page.locator('.tag-chip--hot').count()).toBe(tags.filter((tag) => tag.hot).length);
    expect(await page.locator('[data-testid=tag-chip]').first().innerText()).toContain(tags[0]!.name);

    let withMovies = null;
    for (const tag of tags) {
      const movies = await apiData('/movie/getPage', { tag: tag.key, sort: 'new', page: 1, pageSize: 24 });
      if (movies.total > 0) {
        withMovies = { tag, movies };
        break;
      }
    }
    expect(withMovies).not.toBeNull();
    const { tag, movies } = withMovies!;
    await page.locator(`[data-testid=tag-chip][href="/tag/${encodeURIComponent(tag.key)}"]`).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/tag/${tag.key}`);
    await settled(page);
    expect(await page.locator('[data-testid=tag-head]').innerText()).toContain(tag.name);
    await expect.poll(async () => (await movieTitles(page))[0]).toBe(movies.list[0]!.title);

    const topics = await apiData('/topic/getPage', { tag: tag.key, sort: 'new', page: 1, pageSize: 20 });
    await page.getByRole('tab', { name: '话题' }).click();
    if (topics.total > 0) await expect.poll(async () => (await cardTitles(page))[0]).toContain(topics.list[0]!.title);
    else await expect.poll(() => page.getByText('没有带这个标签的内容').count()).toBe(1);
    await closeAll();
  });

  it('/user lists users; a user page shows the profile and their topics', async () => {
    const users = await apiData('/user/getPage', { page: 1, pageSize: 20 });
    const user = users.list[0]!;
    const topics = await apiData('/topic/getPage', { authorId: user.id, sort: 'new', page: 1, pageSize: 20 });
    const { page } = await open();
    await visit(page, '/user');
    expect((await texts(page, '.user-card__name')).slice(0, 5)).toEqual(users.list.slice(0, 5).map((u) => u.nickname));

    await page.locator('[data-testid=user-card]').first().click();
    await page.waitForURL((url) => url.pathname === `/user/${user.id}`);
    await settled(page);
    const header = await page.locator('[data-testid=profile-head]').innerText();
    expect(header).toContain(user.nickname);
    expect(header).toContain(formatCount(user.likesReceived));
    if (topics.total > 0) await expect.poll(async () => (await cardTitles(page))[0]).toContain(topics.list[0]!.title);
    await closeAll();
  });

  it('/featured/{id} shows the cover header, the description, its movies and posts', async () => {
    const list = await apiData('/featured/getList', {});
    const featured = await apiData('/featured/detail', { id: list[0]!.id });
    const { page } = await open();
    await visit(page, `/featured/${featured.id}`);
    const header = await page.locator('[data-testid=featured-head]').innerText();
    expect(header).toContain(featured.title);
    expect(await page.locator('.featured-desc').innerText()).toBe(featured.description);
    expect(await movieTitles(page)).toEqual(featured.movies.map((movie) => movie.title));
    expect((await cardTitles(page)).length).toBe(featured.posts.length);
    await closeAll();
  });

  it('/hot is a movie grid named by the dictionary; an unknown /{type} is the 404 page', async () => {
    const info = await apiData('/content/typeInfo', { type: 'hot' });
    const movies = await apiData('/content/typePage', { type: 'hot', page: 1, pageSize: 24 });
    const { page, problems } = await open();
    await visit(page, '/hot');
    expect(await page.locator('h1.screen-title').innerText()).toBe(info.label);
    await expect
      .poll(async () => (await movieTitles(page)).slice(0, 6))
      .toEqual(movies.list.slice(0, 6).map((movie) => movie.title));

    await page.goto('/nosuchtype');
    await expect.poll(() => page.getByText('您访问的页面不存在').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByText('Page not found: /nosuchtype').count()).toBe(1);
    // The 404 is an expected page: main.tsx keeps React from logging it as a caught error.
    expect(problems).toEqual([]);
    await closeAll();
  });

  it('search shows results and keeps the history: newest first, a repeat moves to the front, kept on reload, 清空 empties it', async () => {
    const movie = (await apiData('/movie/getPage', { sort: 'hot', page: 1, pageSize: 1 })).list[0]!;
    const first = movie.title;
    const second = '热议';
    const posts = await apiData('/search/posts', { keyword: second, page: 1, pageSize: 20 });

    const searchFor = async (page: Page, term: string) => {
      const box = page.getByRole('combobox').first();
      await box.fill(term);
      await box.press('Enter');
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/search/${term}`);
      await settled(page);
    };

    for (const device of [PHONE, DESKTOP]) {
      const { page } = await open(device);
      await visit(page, '/');
      await searchFor(page, first);
      await expect.poll(async () => (await movieTitles(page))[0]).toBe(first);
      expect(await historyTerms(page)).toEqual([first]);

      await searchFor(page, second);
      const postsTab = page.getByRole('tab', { name: `帖子 ${formatTotal(posts.total, posts.capped)}` });
      await postsTab.click();
      expect(await postsTab.getAttribute('aria-selected')).toBe('true');
      await expect.poll(async () => (await cardTitles(page))[0]).toContain(posts.list[0]!.title);
      expect(await historyTerms(page)).toEqual([second, first]);
      await shoot(page, `content-search-${device === PHONE ? 'phone' : 'desktop'}`, { settle: true });

      await searchFor(page, first);
      expect(await historyTerms(page)).toEqual([first, second]);

      await expect.poll(async () => (await readIdb<SavedUser>(page, 'user'))?.searchHistory).toEqual([first, second]);
      await page.reload();
      await settled(page);
      // Kept on reload: the device's saved history shows once it is read back.
      await expect.poll(() => historyTerms(page)).toEqual([first, second]);

      await page.getByRole('button', { name: '清空' }).click();
      await expect.poll(() => page.locator('[data-testid=search-history]').filter({ visible: true }).count()).toBe(0);
      await expect.poll(async () => (await readIdb<SavedUser>(page, 'user'))?.searchHistory).toEqual([]);
      await page.reload();
      await settled(page);
      expect(await page.locator('[data-testid=search-history]').filter({ visible: true }).count()).toBe(0);
    }
    await closeAll();
  });

  it("home's 文章 tile opens /archives, the articles newest first by infinite scroll; no link of home is a 404", async () => {
    const articles = await apiData('/archives/getPage', { sort: 'new', page: 1, pageSize: 20 });
    const { page } = await open();
    const asked: { page: number; cursor?: string }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/archives/getPage'))
        asked.push(JSON.parse((request.postDataJSON() as { body: string }).body) as (typeof asked)[number]);
    });
    await visit(page, '/');
    const links = await page
      .locator('main a[href^="/"]:visible, nav a[href^="/"]:visible')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
    await page.locator('.shortcuts a:visible', { hasText: '文章' }).click();
    await page.waitForURL((url) => url.pathname === '/archives');
    await settled(page);
    expect(await page.locator('h1:visible').allInnerTexts()).toEqual(['文章']);
    await expect.poll(async () => (await cardTitles(page))[0]).toContain(articles.list[0]!.title);
    // Scrolled to its end, the list asks for the next page after the cursor of the first.
    expect(articles.total).toBeGreaterThan(articles.list.length);
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return asked.some((payload) => payload.page > 1 && !!payload.cursor);
      })
      .toBe(true);

    // One link of each shape (ids alike), opened in the app as a tap would: none is the 404 page.
    const shapes = new Map(links.map((href) => [href.replace(/\d+/g, 'N'), href]));
    for (const href of shapes.values()) {
      await page.evaluate((to) => history.pushState(null, '', to), href);
      await settled(page);
      expect(await page.getByText('您访问的页面不存在').filter({ visible: true }).count(), href).toBe(0);
    }
    await closeAll();
  });

  it('/tag/热议 opens on the first tab that has content, each tab labelled with its count', async () => {
    const key = '热议';
    const totals = {
      movie: (await apiData('/movie/getPage', { tag: key, sort: 'new', page: 1, pageSize: 1 })).total,
      topic: (await apiData('/topic/getPage', { tag: key, sort: 'new', page: 1, pageSize: 1 })).total,
      chigua: (await apiData('/chigua/getPage', { tag: key, sort: 'new', page: 1, pageSize: 1 })).total,
      article: (await apiData('/archives/getPage', { tag: key, sort: 'new', page: 1, pageSize: 1 })).total,
    };
    const labels = { movie: '电影', topic: '话题', chigua: '吃瓜', article: '文章' };
    const first = (['movie', 'topic', 'chigua', 'article'] as const).find((kind) => totals[kind] > 0)!;
    expect(first).not.toBe('movie'); // 热议: a tag no movie carries
    const path = { topic: '/topic/getPage', chigua: '/chigua/getPage', article: '/archives/getPage' } as const;
    const newest = await apiData(path[first as keyof typeof path], { tag: key, sort: 'new', page: 1, pageSize: 1 });

    const { page } = await open();
    await visit(page, `/tag/${key}`);
    const tabs = page.getByRole('tablist', { name: key }).getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(
      (['movie', 'topic', 'chigua', 'article'] as const).map((kind) => `${labels[kind]} ${formatCount(totals[kind])}`),
    );
    expect(await page.getByRole('tab', { selected: true }).filter({ visible: true }).innerText()).toContain(
      labels[first],
    );
    await expect.poll(async () => (await cardTitles(page))[0]).toContain(newest.list[0]!.title);
    expect(await page.getByText('没有带这个标签的影片').filter({ visible: true }).count()).toBe(0);
    await closeAll();
  });

  it('/mine/history of a device that only read posts opens on 阅读, not on an empty 观看', async () => {
    const topic = (await apiData('/topic/getPage', { sort: 'new', page: 1, pageSize: 1 })).list[0]!;
    const { page } = await open();
    await visit(page, `/topic/${topic.id}`);
    await visit(page, '/mine/history');
    expect(await page.getByRole('tab', { selected: true }).filter({ visible: true }).innerText()).toBe('阅读');
    await expect.poll(async () => (await cardTitles(page))[0]).toContain(topic.title);
    await closeAll();
  });

  it('at 390 px like and favourite keep their labels on one line inside the column, and the stats show a like at once', async () => {
    // The most liked movie has the widest count; a like shows in the stats where the count is below 1万.
    const mostLiked = (await apiData('/movie/getPage', { sort: 'like', page: 1, pageSize: 1 })).list[0]!;
    const movie = (await apiData('/movie/getPage', { sort: 'new', page: 1, pageSize: 50 })).list.find(
      (each) => each.likes < 9_999,
    )!;
    const topic = (await apiData('/topic/getPage', { sort: 'new', page: 1, pageSize: 20 })).list.find(
      (each) => each.likes < 9_999,
    )!;
    const { page } = await open(PHONE);

    /** Each visible button of `column`: the lines its text takes, and whether its box stays inside the column. */
    const checkButtons = (column: string) =>
      page.evaluate((columnSelector) => {
        const box = document.querySelector(columnSelector)!.getBoundingClientRect();
        const buttons = [...document.querySelectorAll<HTMLElement>(`${columnSelector} button`)].filter((button) =>
          button.checkVisibility(),
        );
        return buttons.map((button) => {
          const lines = new Set<number>();
          const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.top / 4));
          }
          const own = button.getBoundingClientRect();
          const where = own.right <= box.right + 0.5 ? 'inside' : 'sticks out';
          return `${button.innerText.replace(/\s+/g, ' ')}: ${lines.size} line(s), ${where}`;
        });
      }, column);

    await visit(page, `/movie/${movie.id}`);
    const movieLikes = page.locator('.movie-stats > div', { hasText: '点赞' }).locator('dd');
    expect(await movieLikes.innerText()).toBe(formatCount(movie.likes));
    await page.getByTestId('like-button').filter({ visible: true }).click();
    await expect.poll(() => movieLikes.innerText()).toBe(formatCount(movie.likes + 1));

    await visit(page, `/movie/${mostLiked.id}`);
    await page.getByTestId('like-button').filter({ visible: true }).click();
    await page.getByTestId('favourite-button').filter({ visible: true }).click();
    await expect
      .poll(() => checkButtons('.movie-hero'))
      .toContain(`已点赞 ${formatCount(mostLiked.likes + 1)}: 1 line(s), inside`);
    expect(await checkButtons('.movie-hero')).toContain('已收藏: 1 line(s), inside');
    for (const line of await checkButtons('.movie-hero')) expect(line).toMatch(/: 1 line\(s\), inside$/);

    await visit(page, `/topic/${topic.id}`);
    const topicLikes = page.locator('.post-detail__meta .post-stat').nth(2);
    expect(await topicLikes.innerText()).toBe(formatCount(topic.likes));
    await page.getByTestId('like-button').filter({ visible: true }).click();
    await expect.poll(() => topicLikes.innerText()).toBe(formatCount(topic.likes + 1));
    for (const line of await checkButtons('.post-detail')) expect(line).toMatch(/: 1 line\(s\), inside$/);
    await closeAll();
  });

  it('the bars draw their blur, or else are opaque, in light and dark: nothing shows through them', async () => {
    const movie = (await apiData('/movie/getPage', { sort: 'new', page: 1, pageSize: 1 })).list[0]!;
    const { page } = await open(PHONE);
    /** Each bar: its background's alpha and whether a backdrop blur is drawn under it. */
    const bars = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.top-bar, .sub-header, .tab-nav--bottom, .composer-dock')]
          .filter((bar) => bar.checkVisibility())
          .map((bar) => {
            const style = getComputedStyle(bar);
            const alpha = /rgba?\([^)]*[,/]\s*([\d.]+)\)/.exec(style.backgroundColor)?.[1];
            const blurred = /blur\(/.test(style.backdropFilter);
            const opaque = alpha === undefined || Number(alpha) >= 0.99;
            return `${bar.className}: ${opaque || (blurred && Number(alpha) >= 0.9) ? 'covers' : 'shows through'}`;
          }),
      );
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await visit(page, '/');
      expect(await bars()).toEqual(['top-bar: covers', 'tab-nav tab-nav--bottom: covers']);
      await visit(page, `/movie/${movie.id}`);
      await expect.poll(bars).toEqual(['sub-header: covers', 'composer-dock: covers']);
    }
    await closeAll();
  });
});

/**
 * Screens of tabs open on the first tab that has something, never on an empty one beside a full
 * one: /mine/buy of a member who bought only an article, /mine/like of one who only liked a post,
 * and a user page (its posts by kind: 话题 / 吃瓜 / 文章, with their counts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../src/lib/format.ts';
import { browserSuite, noBrowser } from './browser.ts';
import { apiData } from './content-api.ts';
import { buyPricedArticle, depositCoins, signedInUserId } from './member-flows.ts';

/** The names of the selected tabs, top to bottom. */
const selectedTabs = (page: Page) => page.locator('[role=tab][aria-selected=true]').allInnerTexts();

describe.skipIf(noBrowser)('the first tab with content', () => {
  const { open, closeAll } = browserSuite();

  it('/mine/buy opens on 文章 and /mine/like on 喜欢 · 帖子 for a member who only bought an article and liked a topic', async () => {
    const { page } = await open();
    await signedInUserId(page);
    await depositCoins(page, 1);
    const priced = await buyPricedArticle(page);

    const topic = (await apiData('/topic/getPage', { sort: 'new', page: 1, pageSize: 1 })).list[0]!;
    await page.goto(`/topic/${topic.id}`);
    const like = page.locator('[data-testid=like-button]').first();
    await like.click({ timeout: 20_000 });
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');

    await page.goto('/mine/buy');
    await expect
      .poll(() => page.locator('[data-testid=post-card]').allInnerTexts(), { timeout: 20_000 })
      .toEqual([expect.stringContaining(priced.title)]);
    expect(await selectedTabs(page)).toEqual(['文章']);

    await page.goto('/mine/like');
    await expect
      .poll(() => page.locator('[data-testid=post-card]').allInnerTexts(), { timeout: 20_000 })
      .toEqual([expect.stringContaining(topic.title)]);
    expect(await selectedTabs(page)).toEqual(['喜欢', '帖子']);
    await closeAll();
  });

  it('a user page lists their posts by kind in tabs with counts, opening on the first kind they posted', async () => {
    // A demo author who posted 吃瓜 (preferably one without topics, whose page must not open on 话题).
    const users = (await apiData('/user/getPage', { page: 1, pageSize: 50 })).list;
    const authors = await Promise.all(
      users.map(async (user) => {
        const [topic, chigua, article] = await Promise.all(
          (['/topic/getPage', '/chigua/getPage', '/archives/getPage'] as const).map((path) =>
            apiData(path, { authorId: user.id, sort: 'new', page: 1, pageSize: 20 }),
          ),
        );
        return { user, topic: topic!, chigua: chigua!, article: article! };
      }),
    );
    const author =
      authors.find((found) => found.topic.total === 0 && found.chigua.total > 0) ??
      authors.find((found) => found.chigua.total > 0)!;
    const kinds = [
      ['话题', author.topic],
      ['吃瓜', author.chigua],
      ['文章', author.article],
    ] as const;
    const { page } = await open();
    await page.goto(`/user/${author.user.id}`);
    await expect
      .poll(() => page.locator('[role=tab]').allInnerTexts(), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(kinds.map(([name, list]) => `${name} ${formatCount(list.total)}`)));
    const opened = kinds.find(([, list]) => list.total > 0)!;
    expect((await selectedTabs(page))[0]).toBe(`${opened[0]} ${formatCount(opened[1].total)}`);

    await page.getByRole('tab', { name: /^吃瓜/ }).click();
    await expect
      .poll(() => page.locator('[data-testid=post-card]').first().innerText(), { timeout: 20_000 })
      .toContain(author.chigua.list[0]!.title);
    await closeAll();
  });
});

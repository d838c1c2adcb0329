/**
 * The search screen in Chromium against the demo site: suggestions as the user types (one request
 * for a fast burst of keystrokes, a stale request cancelled), a suggestion opening its item, the
 * tabs 综合 / 影片 / 帖子 / 用户 with their totals and the answer's terms in <mark>, a demo author
 * found by nickname, 热门搜索 on the idle screen and after a search that found nothing, one
 * visitor's search kept out of the hot searches (a crowd makes them: docs/search.md), a genre's
 * name finding its films, and the top bar's search box showing the history and 热门搜索 on focus.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatTotal } from '../src/lib/format.ts';
import { browserSuite, DESKTOP, noBrowser } from './browser.ts';
import { apiData } from './content-api.ts';
import { shoot } from './screenshots.ts';

const WIDE = { ...DESKTOP, viewport: { width: 1440, height: 900 } };

const SUGGEST = '/api/search/suggest';

/** The keyword a suggest request asked for (public calls send their payload as the wrapper's JSON body). */
const keywordOf = (request: Request): string =>
  (JSON.parse((request.postDataJSON() as { body: string }).body) as { keyword: string }).keyword;

const visible = (page: Page, selector: string) => page.locator(selector).filter({ visible: true });

/** Types into the bar of the current screen and waits for the listbox of `keyword`'s suggestions. */
async function typeAndWaitForList(page: Page, text: string): Promise<void> {
  const box = page.getByRole('combobox').first();
  await box.fill('');
  await box.pressSequentially(text, { delay: 20 });
  await expect.poll(() => box.getAttribute('aria-expanded'), { timeout: 5_000 }).toBe('true');
}

/** Submits a search from the bar and waits for 综合 (or nothing found). */
async function searchFor(page: Page, term: string): Promise<void> {
  const box = page.getByRole('combobox').first();
  await box.fill(term);
  await box.press('Enter');
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/search/${term}`);
  await expect
    .poll(() => visible(page, '[data-testid=search-overview], [data-testid=search-nothing]').count(), {
      timeout: 10_000,
    })
    .toBe(1);
}

describe.skipIf(noBrowser)('search in Chromium', () => {
  const { open, closeAll } = browserSuite();

  it('suggests as the user types: one request for a burst, the stale one cancelled, a suggestion opens its movie', async () => {
    const movie = (await apiData('/movie/getPage', { sort: 'hot', page: 1, pageSize: 1 })).list[0]!;
    const typed = [...movie.title].slice(0, 2).join('');
    const expected = (await apiData('/search/suggest', { keyword: typed })).suggestions;
    const chosen = expected.findIndex((suggestion) => suggestion.kind === 'movie');
    expect(chosen).toBeGreaterThanOrEqual(0);

    const { page } = await open();
    await page.goto('/search/%20');
    const sent: string[] = [];
    const aborted: string[] = [];
    page.on('request', (request) => request.url().endsWith(SUGGEST) && sent.push(keywordOf(request)));
    page.on('requestfailed', (request) => request.url().endsWith(SUGGEST) && aborted.push(keywordOf(request)));

    // A burst of keystrokes within the debounce asks once, for what was typed last.
    await typeAndWaitForList(page, typed);
    expect(sent).toEqual([typed]);
    const options = page.getByRole('option');
    const optionTexts = () => visible(page, '.search-suggest__text').allInnerTexts();
    expect(await optionTexts()).toEqual(expected.map((suggestion) => suggestion.text));
    // The typed text is marked in each option.
    expect(await options.first().locator('mark').first().innerText()).not.toBe('');

    // ↓ to the movie, Enter: its page opens.
    const box = page.getByRole('combobox').first();
    for (let i = 0; i <= chosen; i += 1) await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await options.nth(chosen).getAttribute('id'));
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === `/movie/${expected[chosen]!.id}`);

    // A keystroke while the answer for the text before is on its way cancels that request.
    await page.goto('/search/%20');
    await page.route(`**${SUGGEST}`, async (route) => {
      if (keywordOf(route.request()) === typed[0]) await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined); // the page may have cancelled it meanwhile
    });
    sent.length = 0;
    const field = page.getByRole('combobox').first();
    const first = page.waitForRequest((request) => request.url().endsWith(SUGGEST));
    await field.pressSequentially(typed[0]!);
    await first;
    await field.pressSequentially(typed.slice(1));
    await expect.poll(() => aborted).toEqual([typed[0]]);
    await expect.poll(() => sent).toEqual([typed[0], typed]);
    await expect.poll(optionTexts).toEqual(expected.map((suggestion) => suggestion.text));
    await field.press('Escape');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    await closeAll();
  });

  it('shows the tabs with their totals and the matches marked; 查看全部 leads to its tab', async () => {
    const movie = (await apiData('/movie/getPage', { sort: 'hot', page: 1, pageSize: 1 })).list[0]!;
    const keyword = [...movie.title].slice(0, 2).join('');
    const all = await apiData('/search/all', { keyword });
    const posts = await apiData('/search/posts', { keyword, page: 1, pageSize: 20 });
    expect(all.totals.movies).toBeGreaterThan(0);

    const { page } = await open();
    await page.goto('/');
    await searchFor(page, keyword);
    const label = (kind: 'movies' | 'posts' | 'users', name: string) =>
      `${name} ${formatTotal(all.totals[kind], all.totals.capped.includes(kind))}`;
    for (const [kind, name] of [
      ['movies', '影片'],
      ['posts', '帖子'],
      ['users', '用户'],
    ] as const)
      await expect.poll(() => page.getByRole('tab', { name: label(kind, name) }).count()).toBe(1);
    expect(await page.getByRole('tab', { name: '综合' }).getAttribute('aria-selected')).toBe('true');

    // 综合: the best movies, their titles marked.
    const overviewTitles = visible(page, '.search-section--movies .movie-card__title');
    expect(await overviewTitles.allInnerTexts()).toEqual(all.movies.map((hit) => hit.title));
    expect(await visible(page, '.search-section--movies mark').count()).toBeGreaterThan(0);

    // 查看全部 of the movies: the 影片 tab, an infinite grid with its marks.
    await page.locator('.search-section--movies').getByRole('link', { name: '查看全部' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'movies');
    expect(await page.getByRole('tab', { name: label('movies', '影片') }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => visible(page, '.movie-card__title').first().innerText()).toBe(all.movies[0]!.title);
    const marks = await visible(page, '.movie-card__title mark').allInnerTexts();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(all.terms.map((term) => term.toLowerCase())).toContain(mark.toLowerCase());

    // 帖子: the posts, titles or excerpts marked.
    await page.getByRole('tab', { name: label('posts', '帖子') }).click();
    if (posts.total > 0) {
      await expect.poll(() => visible(page, '.post-card__title').first().innerText()).toContain(posts.list[0]!.title);
      expect(await visible(page, '[data-testid=post-card] mark').count()).toBeGreaterThan(0);
    } else {
      await expect.poll(() => visible(page, '.empty-state').innerText()).toContain(keyword);
    }
    await closeAll();
  });

  it('用户 finds a demo author by nickname, the nickname marked', async () => {
    const author = (await apiData('/user/getPage', { page: 1, pageSize: 20 })).list.find((user) => user.postCount > 0)!;
    const { page } = await open();
    await page.goto('/search/%20');
    await searchFor(page, author.nickname);
    await page.getByRole('tab', { name: /^用户/ }).click();
    const card = visible(page, '[data-testid=user-card]').filter({ hasText: author.nickname }).first();
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.locator('mark').allInnerTexts()).not.toEqual([]);
    await card.click();
    await page.waitForURL((url) => url.pathname === `/user/${author.id}`);
    await closeAll();
  });

  it('the idle screen and a search that found nothing show the hot searches; one visitor’s search does not join them', async () => {
    const { page } = await open();
    await page.goto('/search/%20');
    const hot = visible(page, '[data-testid=search-hot] li');
    await expect.poll(() => hot.count()).toBeGreaterThan(0);

    await searchFor(page, '查无此词zqxj');
    const nothing = visible(page, '[data-testid=search-nothing]');
    expect(await nothing.innerText()).toContain('没有找到与“查无此词zqxj”相关的内容');
    await expect.poll(() => nothing.locator('[data-testid=search-hot] li').count()).toBeGreaterThan(0);

    // A search with hits by one device (counted before its answer) does not make its keyword hot.
    const word = (await apiData('/movie/getPage', { sort: 'new', page: 1, pageSize: 1 })).list[0]!.title;
    await searchFor(page, word);
    const visitor = await open();
    await visitor.page.goto('/search/%20');
    await expect.poll(() => visible(visitor.page, '[data-testid=search-hot] li').count()).toBeGreaterThan(0);
    const shown = await visible(visitor.page, '[data-testid=search-hot] .search-hot__name').allInnerTexts();
    expect(shown).not.toContain(word.toLowerCase());
    await closeAll();
  });

  it('a genre’s name finds its films: /search/悬疑 shows 影片 first, then posts of distinct titles', async () => {
    for (const [device, name] of [
      [undefined, 'search-genre-390'],
      [WIDE, 'search-genre-1440'],
    ] as const) {
      const { page } = await open(device);
      await page.goto(`/search/${encodeURIComponent('悬疑')}`);
      const movies = visible(page, '.search-section--movies .movie-card__title');
      await expect.poll(() => movies.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      const tab = await page.getByRole('tab', { name: /^影片/ }).innerText();
      expect(Number(tab.replace(/\D/g, ''))).toBeGreaterThan(10);
      // The films come above the posts, and no two posts shown share a title.
      const order = await visible(page, '.search-section').evaluateAll((sections) =>
        sections.map((section) => section.className),
      );
      expect(order.findIndex((c) => c.includes('--movies'))).toBeLessThan(
        order.findIndex((c) => c.includes('--posts')),
      );
      const postTitles = await visible(page, '.search-section--posts .post-card__title').allInnerTexts();
      expect(new Set(postTitles).size).toBe(postTitles.length);
      await shoot(page, name, { settle: true });
      // 影片: the genre's films, page after page.
      await page.getByRole('tab', { name: /^影片/ }).click();
      await expect.poll(() => visible(page, '.movie-card__title').count()).toBeGreaterThan(6);
    }
    await closeAll();
  });

  it('the top bar’s search box shows the history with 清空 and 热门搜索 on focus; a hot word opens its search', async () => {
    for (const [device, name] of [
      [undefined, 'search-focus-panel-390'],
      [WIDE, 'search-focus-panel-1440'],
    ] as const) {
      const { page } = await open(device);
      const phone = device === undefined;
      await page.goto('/');
      await searchFor(page, '悬疑');
      await page.goto('/');
      const box = page.getByRole('combobox').first();
      await (phone ? box.tap() : box.click());
      const panel = visible(page, '[data-testid=search-focus-panel]');
      await expect.poll(() => panel.count()).toBe(1);
      expect(await panel.locator('[data-testid=search-history] button').allInnerTexts()).toEqual(['悬疑']);
      const hot = panel.locator('[data-testid=search-hot] .search-hot__name');
      await expect.poll(() => hot.count()).toBeGreaterThan(0);
      await shoot(page, name);

      // 清空 empties the history; the panel stays, with 热门搜索.
      const clear = panel.getByRole('button', { name: '清空' });
      await (phone ? clear.tap() : clear.click());
      await expect.poll(() => panel.locator('[data-testid=search-history]').count()).toBe(0);
      expect(await hot.count()).toBeGreaterThan(0);

      // A hot word searches it.
      const word = await hot.first().innerText();
      await (phone ? hot.first().tap() : hot.first().click());
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/search/${word}`);
      // Typing replaces the panel with the suggestions.
      await page.goto('/');
      await (phone ? box.tap() : box.click());
      await expect.poll(() => panel.count()).toBe(1);
      await box.pressSequentially(word.slice(0, 1));
      await expect.poll(() => panel.count()).toBe(0);
    }
    await closeAll();
  });
});

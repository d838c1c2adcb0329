/**
 * 分类与标签 in Chromium against the production build, on a demo server of this file's own: a 运营
 * adds a sub-category (an empty name refused with the server's message in the dialog), a pinned
 * hot search word and a blocked word (an empty one refused beside its field), and the visitors' app
 * shows the first two (the genre's page lists the sub-category, the
 * search page's 热门搜索 the word first). Screenshots of each sub-tab at 1366 px, the tree at 1024.
 * A 运营 limited to one site is offered no change to the shared categories, tags and collections
 * (the server would refuse it) and reads why, while keeping the hot words of its site.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt, type Credentials, startConsoleSuite, type ConsoleSuite } from './admin-flows.ts';
import { DESKTOP, noBrowser, openPage, WIDE } from './browser.ts';
import { shoot } from './screenshots.ts';
import type { RunningServer } from './server-process.ts';

/** The first genre of the demo tree (电影 › 动作), a level-2 category. */
const GENRE = { id: 10, name: '动作' };

describe.skipIf(noBrowser)('console 分类与标签', () => {
  let browser: Browser;
  let suite: ConsoleSuite;
  let server: RunningServer;
  let ops: Credentials;
  let opsOneSite: Credentials;

  beforeAll(async () => {
    // One operator a test: a TOTP code signs in once.
    suite = await startConsoleSuite('taxonomy', [
      ['ops-taxonomy', 'ops'],
      ['ops-one-site', 'ops', '1'],
    ]);
    ({ server, browser } = suite);
    [ops, opsOneSite] = suite.operators as [Credentials, Credentials];
  });
  afterAll(() => suite?.stop());

  it('a 运营 adds a sub-category and a hot search word, and the visitors’ app shows them', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAt(page, '/admin/taxonomy', ops!);
    await page.getByRole('heading', { name: '分类与标签' }).waitFor();
    await page.waitForURL(/\/admin\/taxonomy\/categories$/);

    // 分类: the tree, then 新增子分类 under 动作; an empty name first (the server's refusal shown).
    const genre = page.getByTestId(`category-${GENRE.id}`);
    await genre.waitFor();
    expect(await genre.innerText()).toContain(GENRE.name);
    await genre.getByRole('button', { name: '新增子分类' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('请填写名称');
    await dialog.getByLabel('名称').fill('怀旧港片');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    const added = page.getByTestId('category-tree').locator('tbody tr', { hasText: '怀旧港片' });
    await added.waitFor();
    // Level 3: no 新增子分类 below it.
    expect(await added.getByRole('button', { name: '新增子分类' }).isDisabled()).toBe(true);
    await shoot(page, 'admin-taxonomy-categories-1366');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shoot(page, 'admin-taxonomy-categories-1024');
    await page.setViewportSize({ width: 1366, height: 900 });

    // 标签 and 专题: lists with counts and covers.
    await page.getByRole('link', { name: '标签', exact: true }).click();
    const tags = page.getByTestId('tag-table').locator('tbody tr');
    await expect.poll(() => tags.count()).toBeGreaterThan(10);
    await shoot(page, 'admin-taxonomy-tags-1366');
    await page.getByRole('link', { name: '专题', exact: true }).click();
    const featured = page.getByTestId('featured-table').locator('tbody tr');
    await expect.poll(() => featured.count()).toBeGreaterThan(0);
    await shoot(page, 'admin-taxonomy-featured-1366');
    await featured.first().getByRole('link', { name: '编辑' }).click();
    await page.getByTestId('featured-items').waitFor();
    await shoot(page, 'admin-taxonomy-featured-editor-1366', { fullPage: true });

    // 热搜词: a pinned word for the demo site.
    await page.getByRole('link', { name: '热搜词', exact: true }).click();
    await page.getByTestId('hot-word-table').waitFor();
    await page.getByRole('textbox', { name: '热搜词' }).fill('怀旧港片');
    await page.getByRole('checkbox', { name: '置顶' }).check();
    await page.getByRole('button', { name: '添加' }).click();
    const row = page.getByTestId('hot-word-table').locator('tbody tr', { hasText: '怀旧港片' });
    await row.waitFor();
    expect(await row.innerText()).toContain('置顶');
    // 屏蔽词 below: an empty word refused beside its field, then a word blocked.
    const blocks = page.getByTestId('hot-word-blocks');
    await blocks.locator('form').getByRole('button', { name: '屏蔽', exact: true }).click();
    await expect.poll(() => blocks.locator('#hot-word-block-word-error').innerText()).toBe('请填写要屏蔽的词');
    await blocks.getByRole('textbox', { name: '屏蔽词' }).fill('测试屏蔽');
    await blocks.locator('form').getByRole('button', { name: '屏蔽', exact: true }).click();
    await page.getByTestId('hot-word-block-table').locator('tbody tr', { hasText: '测试屏蔽' }).waitFor();
    expect(await blocks.locator('#hot-word-block-word-error').count()).toBe(0);
    await shoot(page, 'admin-taxonomy-hot-words-1366');
    // The session check before sign-in (401) and the refused empty name (400) are expected.
    expect(problems.filter((problem) => !/status of (401|400)/.test(problem))).toEqual([]);
    await context.close();

    // The visitors' app (a fresh visitor, within the read cache's time): the genre's page lists the
    // sub-category; the search page's 热门搜索 starts with the pinned word.
    const visitor = await openPage(browser, DESKTOP, server.baseURL);
    await visitor.page.goto(`/category/${GENRE.id}`);
    await visitor.page.getByRole('link', { name: '怀旧港片' }).waitFor();
    await visitor.page.goto('/search/%20');
    const hot = visitor.page.getByTestId('search-hot').locator('li');
    await expect.poll(() => hot.first().innerText(), { timeout: 10_000 }).toContain('怀旧港片');
    await shoot(visitor.page, 'admin-taxonomy-visitor-search');
    await visitor.context.close();
  });

  it('a 运营 limited to one site sees no 添加/删除 of the shared taxonomy and reads why; its hot words stay', async () => {
    const { page, context, problems } = await openPage(browser, WIDE, server.baseURL, { waitForApp: false });
    await signInAt(page, '/admin/taxonomy', opsOneSite);
    await page.waitForURL(/\/admin\/taxonomy\/categories$/);
    const why = '分类、标签与专题为全部站点共用，只有可管理全部站点的操作员能修改';
    const note = page.getByTestId('every-site-note');
    /** No button or link named `name` anywhere on the page. */
    const offered = (name: string) =>
      page
        .getByRole('button', { name, exact: true })
        .or(page.getByRole('link', { name, exact: true }))
        .count();

    // 分类: the tree to read, no column of changes.
    await page.getByTestId(`category-${GENRE.id}`).waitFor();
    expect(await note.innerText()).toBe(why);
    for (const name of ['新增一级分类', '新增子分类', '重命名', '删除', '上移', '移动到…'])
      expect(await offered(name)).toBe(0);
    expect(await page.getByRole('columnheader', { name: '操作' }).count()).toBe(0);
    await shoot(page, 'admin-taxonomy-one-site-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'admin-taxonomy-one-site-390');
    await page.setViewportSize(WIDE.viewport);

    // 标签 and 专题 the same; an editor's address leads back to the list.
    await page.getByRole('link', { name: '标签', exact: true }).click();
    await expect.poll(() => page.getByTestId('tag-table').locator('tbody tr').count()).toBeGreaterThan(10);
    expect(await note.innerText()).toBe(why);
    for (const name of ['新增标签', '重命名', '设为热门', '合并到…', '删除']) expect(await offered(name)).toBe(0);
    await page.getByRole('link', { name: '专题', exact: true }).click();
    await expect.poll(() => page.getByTestId('featured-table').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await note.innerText()).toBe(why);
    for (const name of ['新建专题', '编辑', '删除']) expect(await offered(name)).toBe(0);
    await page.goto('/admin/taxonomy/featured/new');
    await page.waitForURL(/\/admin\/taxonomy\/featured\/?$/);
    await page.getByTestId('featured-table').waitFor();

    // 热搜词 are the site's own: still offered, with no such line.
    await page.getByRole('link', { name: '热搜词', exact: true }).click();
    await page.getByTestId('hot-word-table').waitFor();
    expect(await page.getByRole('button', { name: '添加', exact: true }).count()).toBe(1);
    expect(await note.count()).toBe(0);
    expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    await context.close();
  });
});

/**
 * What a new member finds on a phone and a desktop around the forum and the cards: 发帖 on /forum
 * (floating on a phone, in the heading's row on a desktop), on a forum group (which /release then
 * has chosen) and on /mine; 点赞 with a long count kept on one line on a topic and a 吃瓜 post; a
 * dense phone grid of films (at least six whole cards on the first screen of /movie, no blank line
 * under a title), a finished series' card saying 全N集 and one still being released 更新至第N集 (as
 * its 选集 does); the forum's group cards equally tall in a desktop row. Screenshots of each at
 * 390×844 and 1440×900.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../contract/calls/paths.ts';
import { launch, noBrowser, openedPages, PHONE, WIDE } from './browser.ts';
import { buildDemoPlan } from '../server/seed/demo-plan.ts';
import { apiData } from './content-api.ts';
import { shoot } from './screenshots.ts';

const phoneOf = (width: number) => ({ ...PHONE, viewport: { width, height: 844 } });

/** The box of the first visible match of `selector`. */
const boxOf = (page: Page, selector: string) =>
  page
    .locator(`${selector}:visible`)
    .first()
    .evaluate((element) => {
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return { top, bottom, left, right, position: getComputedStyle(element).position };
    });

describe.skipIf(noBrowser)('the forum, its 发帖 and the cards on a phone and a desktop', () => {
  let browser: Browser;
  const { open, closeAll } = openedPages(() => browser);

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await closeAll();
    await browser?.close();
  });

  it('发帖 on /forum floats above the tab bar on a phone, sits in the heading on a desktop, and opens /release', async () => {
    const phone = (await open(PHONE)).page;
    await phone.goto('/forum');
    await phone.locator('[data-testid=forum-group]').first().waitFor();
    const compose = phone.getByRole('link', { name: '发帖' });
    const box = await boxOf(phone, '[data-testid=compose-link]');
    const tabBar = await boxOf(phone, '.tab-nav--bottom');
    expect(box.position).toBe('fixed');
    expect(box.bottom).toBeLessThanOrEqual(tabBar.top);
    expect(box.right).toBeGreaterThan(390 - 40);
    await shoot(phone, 'forum-compose-phone', { settle: true });
    await compose.click();
    await phone.locator('[data-testid=release]').waitFor();
    expect(new URL(phone.url()).pathname).toBe('/release');

    const desktop = (await open(WIDE)).page;
    await desktop.goto('/forum');
    await desktop.locator('[data-testid=forum-group]').first().waitFor();
    const heading = await boxOf(desktop, '.forum-screen .screen-title');
    const button = await boxOf(desktop, '[data-testid=compose-link]');
    expect(button.position).toBe('static');
    expect(button.top).toBeLessThan(heading.bottom + 24);
    expect(button.left).toBeGreaterThan(heading.right);
    await shoot(desktop, 'forum-compose-desktop', { settle: true });
  });

  it('发帖 on a forum group opens /release with that group chosen; /mine has 发帖 too', async () => {
    const [group] = await apiData(API.forumList, {});
    const { page } = await open(PHONE);
    await page.goto(`/forum/${group!.topicId}`);
    await page.locator('[data-testid=group-header]').waitFor();
    await shoot(page, 'forum-group-compose-phone', { settle: true });
    await page.getByRole('link', { name: '发帖' }).click();
    await page.locator('[data-testid=release]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/release');
    const chosen = page.getByRole('radio', { name: group!.name, exact: true });
    await expect.poll(() => chosen.getAttribute('aria-checked')).toBe('true');

    await page.goto('/mine');
    await page.locator('[data-testid=nickname]').waitFor({ timeout: 20_000 });
    await shoot(page, 'mine-compose-phone', { settle: true });
    await page.getByRole('link', { name: '发帖' }).click();
    await page.locator('[data-testid=release]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/release');

    const desktop = (await open(WIDE)).page;
    await desktop.goto(`/forum/${group!.topicId}`);
    await desktop.locator('[data-testid=group-header]').waitFor();
    await shoot(desktop, 'forum-group-compose-desktop', { settle: true });
    await desktop.goto('/mine');
    await desktop.locator('[data-testid=nickname]').waitFor({ timeout: 20_000 });
    await shoot(desktop, 'mine-compose-desktop', { settle: true });
  });

  it('点赞 with a four- or five-digit count stays on one line on a topic and a 吃瓜 post at 360 and 390 px', async () => {
    const topic = (await apiData(API.topicPage, { sort: 'reply', page: 1, pageSize: 1 })).list[0]!;
    const chigua = (await apiData(API.chiguaPage, { sort: 'new', page: 1, pageSize: 1 })).list[0]!;
    for (const width of [360, 390]) {
      const { page } = await open(phoneOf(width));
      for (const path of [`/topic/${topic.id}`, `/chigua/${chigua.id}`]) {
        await page.goto(path);
        const like = page.locator('[data-testid=like-button]');
        await like.waitFor();
        for (const count of ['3236', '67912']) {
          // The count as a popular post shows it (the demo's counts are small).
          await like
            .locator('[data-testid=like-count]')
            .evaluate((element, text) => (element.textContent = text), count);
          const lines = await like.evaluate((button) => {
            const label = [...button.querySelectorAll('span')].find((span) => span.textContent === '点赞')!;
            const range = document.createRange();
            range.selectNodeContents(label);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            const overflow = button.getBoundingClientRect().right > document.documentElement.clientWidth;
            return { label: tops.size, overflow };
          });
          expect({ width, path, count, ...lines }).toEqual({ width, path, count, label: 1, overflow: false });
        }
        await shoot(page.locator('.detail-actions'), `like-long-count-${width}${path.split('/')[1]}`);
      }
    }
  });

  it('/movie on a 390×844 phone shows at least six whole cards, none with a blank line under its title', async () => {
    const { page } = await open(PHONE);
    await page.goto('/movie');
    await page.locator('[data-testid=movie-card]').nth(8).waitFor();
    const cards = await page.locator('[data-testid=movie-card]').evaluateAll((elements) => {
      const floor = document.querySelector('.tab-nav--bottom')!.getBoundingClientRect().top;
      return elements.map((card) => {
        const box = card.getBoundingClientRect();
        const title = card.querySelector('.movie-card__title')!;
        const range = document.createRange();
        range.selectNodeContents(title);
        const lineHeight = parseFloat(getComputedStyle(title).lineHeight);
        const lines = Math.min(2, new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size);
        return {
          whole: box.top >= 0 && box.bottom <= floor,
          blank: Math.max(0, Math.round(title.getBoundingClientRect().height - lines * lineHeight)),
        };
      });
    });
    expect(cards.filter((card) => card.whole).length).toBeGreaterThanOrEqual(6);
    expect(cards.map((card) => card.blank)).toEqual(cards.map(() => 0));
    await shoot(page, 'movie-list-phone', { settle: true });
    await page.goto('/');
    await page.locator('[data-testid=movie-card]').first().waitFor();
    await shoot(page, 'home-phone', { settle: true, focus: '.home__newest' });

    const desktop = (await open(WIDE)).page;
    await desktop.goto('/movie');
    await desktop.locator('[data-testid=movie-card]').nth(8).waitFor();
    await shoot(desktop, 'movie-list-desktop', { settle: true });
    await desktop.goto('/');
    await desktop.locator('[data-testid=movie-card]').first().waitFor();
    await shoot(desktop, 'home-desktop', { settle: true, focus: '.home__newest' });
  });

  it('a series card reads 全N集, or 更新至第N集 while it is being released, where a film card shows its duration', async () => {
    const { movies } = buildDemoPlan();
    const series = movies.find((movie) => movie.episodes.length > 1 && movie.finished)!;
    const ongoing = movies.find((movie) => movie.episodes.length > 1 && !movie.finished)!;
    const film = movies.find((movie) => movie.episodes.length === 1)!;
    const { page } = await open(PHONE);
    const cornerOf = async (title: string) => {
      await page.goto(`/search/${encodeURIComponent(title)}`);
      const card = page.locator('[data-testid=movie-card]', { hasText: title }).first();
      await card.waitFor();
      return card.locator('.movie-card__duration').innerText();
    };
    expect(await cornerOf(series.title)).toBe(`全${series.episodes.length}集`);
    await shoot(page, 'series-card-phone', { settle: true });
    expect(await cornerOf(film.title)).toMatch(/^(\d{2}:)?\d{2}:\d{2}$/);
    expect(await cornerOf(ongoing.title)).toBe(`更新至第${ongoing.episodes.length}集`);
    await shoot(page, 'series-card-ongoing-phone', { settle: true });
    await page.goto(`/movie/${ongoing.id}`);
    const count = page.locator('.movie-detail [data-testid=episodes] .episodes__count');
    await expect.poll(() => count.innerText()).toBe(`更新至第${ongoing.episodes.length}集`);
  });

  it('the group cards of a desktop row on /forum are equally tall', async () => {
    const { page } = await open(WIDE);
    await page.goto('/forum');
    await page.locator('[data-testid=forum-group]').nth(2).waitFor();
    const boxes = await page
      .locator('[data-testid=forum-group]')
      .evaluateAll((cards) =>
        cards.map((card) => card.getBoundingClientRect()).map(({ top, height }) => ({ top, height })),
      );
    const rows = new Map<number, number[]>();
    for (const { top, height } of boxes)
      rows.set(Math.round(top), [...(rows.get(Math.round(top)) ?? []), Math.round(height)]);
    expect([...rows.values()].some((heights) => heights.length > 1)).toBe(true);
    for (const heights of rows.values()) expect(new Set(heights).size).toBe(1);
  });
});

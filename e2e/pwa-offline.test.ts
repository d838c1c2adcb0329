/**
 * Offline (docs/architecture.md "Client"): visited screens open again without a network (the shell from the
 * service worker's precache, the answers from the client's saved reads, history and likes from
 * IndexedDB), with the 网络已断开 bar showing; a like made offline reaches the server exactly once
 * when the network is back, also when the answer of its first sending is lost.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedState } from '../src/features/saved/saved-store.ts';
import { formatCount } from '../src/lib/format.ts';
import { STORE_KEYS } from '../src/lib/storage-keys.ts';
import { apiData } from './content-api.ts';
import { launch, noBrowser, notFromOffline, openPage, readIdb, tokenCookie } from './browser.ts';
import { controlledBySw } from './pwa-browser.ts';
import { shoot } from './screenshots.ts';

/** The visible screen's text, relative times ("3分钟前") masked: they may move on between two loads. */
async function screenText(page: Page): Promise<string> {
  const text = await page.locator('main:visible').innerText();
  return text.replace(/\d+\s*(秒|分钟|小时|天)前|刚刚/g, '<time>').trim();
}

/** Waits until the screen shows content: no skeleton left and the network quiet. */
async function settled(page: Page, ready: string): Promise<void> {
  await expect.poll(() => page.locator(`main:visible ${ready}`).count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect
    .poll(() => page.locator('main:visible .skeleton, main:visible .skeleton-card').count(), { timeout: 20_000 })
    .toBe(0);
}

describe.skipIf(noBrowser)('offline in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reopens home, a movie, a topic, /mine/history and /mine/like offline with the same content', async () => {
    const [movie] = (await apiData('/movie/getPage', { page: 1, pageSize: 1 })).list;
    const [topic] = (await apiData('/topic/getPage', { page: 1, pageSize: 1 })).list;
    const { page, context, problems } = await openPage(browser);
    await page.goto('/');
    await controlledBySw(page);

    // Online: a favourite to list on /mine/like, a read for /mine/history.
    await page.goto(`/movie/${movie!.id}`);
    await settled(page, '[data-testid=movie-views]');
    await page.locator('[data-testid=favourite-button]').click();
    await expect.poll(() => page.locator('[data-testid=favourite-button]').getAttribute('aria-pressed')).toBe('true');
    const screens: Array<{ path: string; ready: string; tab?: string }> = [
      { path: '/', ready: '[data-testid=movie-card]' },
      { path: `/movie/${movie!.id}`, ready: '[data-testid=movie-views]' },
      { path: `/topic/${topic!.id}`, ready: '[data-testid=post-detail]' },
      { path: '/mine/history', ready: '.history-group', tab: '阅读' },
      { path: '/mine/like', ready: '[data-testid=movie-card]' },
    ];
    const online = new Map<string, string>();
    for (const screen of screens) {
      await page.goto(screen.path);
      if (screen.tab) await page.getByRole('tab', { name: screen.tab }).click();
      await settled(page, screen.ready);
      await page.waitForLoadState('networkidle');
      online.set(screen.path, await screenText(page));
    }
    expect(online.get('/mine/like')).toContain(movie!.title);
    expect(online.get('/mine/history')).toContain(topic!.title);

    await context.setOffline(true);
    for (const screen of screens) {
      await page.goto(screen.path);
      if (screen.tab) await page.getByRole('tab', { name: screen.tab }).click();
      await settled(page, screen.ready);
      // Sections below the fold (replies, comments) load their code after the screen: wait for them.
      await expect
        .poll(() => screenText(page), { message: `${screen.path} offline`, timeout: 10_000 })
        .toBe(online.get(screen.path));
      await expect.poll(() => page.locator('[data-testid=offline-bar]').count(), { timeout: 10_000 }).toBe(1);
    }
    await shoot(page, 'pwa-offline-like');
    await page.goto('/mine/history');
    await page.getByRole('tab', { name: '阅读' }).click();
    await settled(page, '.history-group');
    await shoot(page, 'pwa-offline-history', { settle: true });

    await context.setOffline(false);
    await expect.poll(() => page.locator('[data-testid=offline-bar]').count()).toBe(0);
    // Offline, media never shown online (lazy images below the fold) cannot load; nothing else fails.
    const unexpected = notFromOffline(problems);
    expect(unexpected).toEqual([]);
    await context.close();
  });

  it('a fresh device likes a movie and a topic, goes offline and reads both in 我的喜欢 without ever having opened it online', async () => {
    const [movie] = (await apiData('/movie/getPage', { page: 2, pageSize: 1 })).list;
    const [topic] = (await apiData('/topic/getPage', { page: 2, pageSize: 1 })).list;
    const { page, context, problems } = await openPage(browser);
    const likeOn = async (path: string, ready: string, call: string) => {
      await page.goto(path);
      await controlledBySw(page);
      await settled(page, ready);
      const sent = page.waitForResponse((response) => response.url().endsWith(call));
      await page.locator('[data-testid=like-button]').click();
      await sent;
      await expect.poll(() => page.locator('[data-testid=like-button]').getAttribute('aria-pressed')).toBe('true');
    };
    await likeOn(`/movie/${movie!.id}`, '[data-testid=movie-views]', '/api/movie/like');
    await likeOn(`/topic/${topic!.id}`, '[data-testid=post-detail]', '/api/topic/like');

    await context.setOffline(true);
    await page.goto('/mine/like');
    await page.getByRole('tab', { name: '喜欢' }).click();
    const titles = (card: string) => page.locator(`main:visible ${card}`).allInnerTexts();
    await expect.poll(() => titles('.movie-card__title'), { timeout: 20_000 }).toEqual([movie!.title]);
    await page.getByRole('tab', { name: '帖子' }).click();
    await expect.poll(() => titles('.post-card__title'), { timeout: 20_000 }).toEqual([topic!.title]);
    expect(await page.getByText('加载失败').count()).toBe(0);
    await shoot(page, 'mine-like-offline-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shoot(page, 'mine-like-offline-desktop');
    await context.setOffline(false);
    expect(notFromOffline(problems)).toEqual([]);
    await context.close();
  });

  it('brings what the member saved elsewhere into 我的喜欢 at the next start, readable offline without opening it online', async () => {
    const [movie] = (await apiData('/movie/getPage', { page: 4, pageSize: 1 })).list;
    const { page, context, problems } = await openPage(browser);
    await page.goto(`/movie/${movie!.id}`);
    await controlledBySw(page);
    await settled(page, '[data-testid=movie-views]');
    // Another device of the same member saves the movie: this device has not seen it happen.
    const token = (await tokenCookie(context))!.value;
    expect(await apiData('/long/handle/userFavorRecord', { movieId: movie!.id }, token)).toEqual({ favorited: true });

    await page.goto('/');
    // The start's sync answers, then writes the device's copy; offline is only a fair test after that.
    const favourites = async () =>
      ((await readIdb<SavedState>(page, STORE_KEYS.saved))?.lists.favourites ?? [])
        .filter((item) => item.type === 'movie')
        .map((item) => item.id);
    await expect.poll(favourites, { timeout: 30_000 }).toContain(movie!.id);
    await context.setOffline(true);
    await page.goto('/mine/like');
    const titles = () => page.locator('main:visible .movie-card__title').allInnerTexts();
    await expect.poll(titles, { timeout: 20_000 }).toEqual([movie!.title]);
    expect(await page.getByRole('tab', { name: '收藏', selected: true }).count()).toBe(1);
    expect(await page.getByText('加载失败').count()).toBe(0);
    await context.setOffline(false);
    expect(notFromOffline(problems)).toEqual([]);
    await context.close();
  });

  it('queues a like made offline and sends it once back online, exactly once even when an answer is lost', async () => {
    const [topic] = (await apiData('/topic/getPage', { page: 3, pageSize: 1 })).list;
    const { page, context, problems } = await openPage(browser);
    await page.goto(`/topic/${topic!.id}`);
    await controlledBySw(page);
    await settled(page, '[data-testid=post-detail]');
    const token = (await tokenCookie(context))!.value;
    const before = await apiData('/topic/detail', { id: topic!.id }, token);
    expect(before.liked).toBe(false);

    await context.setOffline(true);
    await page.locator('[data-testid=like-button]').click();
    await expect.poll(() => page.getByText('已离线保存，联网后自动同步').count()).toBe(1);
    expect(await page.locator('[data-testid=like-button]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-testid=like-count]').innerText()).toBe(formatCount(before.likes + 1));

    // Back online, the first sending reaches the server but its answer is lost on the way back.
    let lost = 0;
    await context.route('**/api/topic/like', async (route) => {
      await route.fetch();
      lost += 1;
      await route.abort('internetdisconnected');
    });
    await context.setOffline(false);
    await expect.poll(() => lost, { timeout: 15_000 }).toBe(1);
    await context.unroute('**/api/topic/like');
    expect(await apiData('/topic/detail', { id: topic!.id }, token)).toMatchObject({
      liked: true,
      likes: before.likes + 1,
    });

    // The queue still holds it: the next return online sends it again, with the same key.
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/topic/like'));
    await context.setOffline(true);
    await context.setOffline(false);
    await sent;
    await expect.poll(() => page.evaluate(outboxSize), { timeout: 10_000 }).toBe(0);
    expect(await apiData('/topic/detail', { id: topic!.id }, token)).toMatchObject({
      liked: true,
      likes: before.likes + 1,
    });
    const likes = await apiData('/like/getPage', { type: 'post', page: 1, pageSize: 50 }, token);
    expect(likes.list.filter((item) => item.id === topic!.id)).toHaveLength(1);

    await page.reload();
    await settled(page, '[data-testid=post-detail]');
    expect(await page.locator('[data-testid=like-button]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-testid=like-count]').innerText()).toBe(formatCount(before.likes + 1));
    expect(notFromOffline(problems)).toEqual([]);
    await context.close();
  });
});

/** In the page: how many calls wait in the outbox (src/api/offline-queue.ts). */
function outboxSize(): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('outbox');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const count = open.result.transaction('calls').objectStore('calls').count();
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => reject(count.error);
    };
  });
}

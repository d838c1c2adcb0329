/**
 * Steps of the member area's browser tests, as a member takes them: the silent sign-in, paying at
 * the sandbox cashier, binding an account and signing in with it, playing a movie; plus the one
 * thing no screen can do, an operator's points grant (a fresh member cannot earn the 100 points of
 * the cheapest good in one day), written through the server's own ledger into a stopped server's
 * database.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { changePoints } from '../server/db/ledger.ts';
import { openDb } from '../server/db/open-db.ts';
import type { PostCard } from '../contract/calls/content.ts';
import { readIdb } from './browser.ts';
import { apiData } from './content-api.ts';

interface SavedUser {
  info: { id: number; coins: number; points: number; account: string | null } | null;
}

/** Opens "/" and waits until the silent device sign-in stored a user; answers its id. */
export async function signedInUserId(page: Page): Promise<number> {
  if (new URL(page.url()).protocol === 'about:') await page.goto('/');
  await expect
    .poll(async () => (await readIdb<SavedUser>(page, 'user'))?.info?.id ?? null, { timeout: 20_000 })
    .not.toBeNull();
  return (await readIdb<SavedUser>(page, 'user'))!.info!.id;
}

/** The cashier opened by a deposit: 确认支付, then back on the screen, polled until paid. */
export async function payAtCashier(page: Page, returnPath: '/mine/wallet' | '/mine/vip'): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith('/pay/cashier/'), { timeout: 20_000 });
  await page.getByRole('button', { name: /确认支付/ }).click();
  await page.waitForURL((url) => url.pathname === returnPath && url.searchParams.has('order'), { timeout: 20_000 });
  await expect
    .poll(() => page.locator('[data-testid=deposit-return]').getAttribute('data-status'), { timeout: 20_000 })
    .toBe('paid');
}

/** Buys the nth coin package on /mine/wallet through the cashier. */
export async function depositCoins(page: Page, packageIndex: number): Promise<void> {
  await page.goto('/mine/wallet');
  await expect
    .poll(() => page.locator('[data-testid=coin-package]').count(), { timeout: 20_000 })
    .toBeGreaterThan(packageIndex);
  await page.locator('[data-testid=coin-package]').nth(packageIndex).click();
  await page.locator('[data-testid=pay-alipay]').click();
  await page.locator('[data-testid=checkout]').click();
  await payAtCashier(page, '/mine/wallet');
}

/** A fresh account name: 6-12 letters, digits or underscores. */
export const newAccount = (): string => `e2e${randomBytes(4).toString('hex')}`;
export const PASSWORD = 'abc12345';

async function fillCredentials(page: Page, account: string, withConfirm: boolean): Promise<void> {
  await page.getByLabel('账号', { exact: true }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  if (withConfirm) await page.getByLabel('确认密码', { exact: true }).fill(PASSWORD);
}

/** Binds an account to the signed-in device user on /register; lands on /mine. */
export async function bindAccount(page: Page, account: string): Promise<void> {
  await page.goto('/register');
  await fillCredentials(page, account, true);
  await page.getByRole('button', { name: '注册并绑定' }).click();
  await page.waitForURL((url) => url.pathname === '/mine', { timeout: 20_000 });
}

/** Signs in on /login; lands on /mine (or the redirect target). */
export async function logIn(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await fillCredentials(page, account, false);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/mine', { timeout: 20_000 });
}

export const currentTime = (page: Page) =>
  page.locator('[data-testid=player]').evaluate((video: HTMLVideoElement) => video.currentTime);

/** Plays /movie/play/{id} until the video passed `seconds`, then pauses it. */
export async function playMovie(page: Page, movieId: number, seconds: number): Promise<void> {
  await page.goto(`/movie/play/${movieId}`);
  const ready = () => page.locator('[data-testid=player]').evaluate((video: HTMLVideoElement) => video.readyState);
  await expect.poll(ready, { timeout: 20_000 }).toBeGreaterThanOrEqual(1); // metadata: the source is attached
  await page.locator('[data-testid=play-toggle]').click();
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(seconds);
  await page.locator('[data-testid=player]').evaluate((video: HTMLVideoElement) => video.pause());
  // The pause saved the position; wait for the debounced IndexedDB write before the next page load.
  const watched = async () =>
    (await readIdb<{ watch: { movie: { id: number } }[] }>(page, 'history'))?.watch.some(
      (entry) => entry.movie.id === movieId,
    );
  await expect.poll(watched, { timeout: 10_000 }).toBe(true);
}

/** Opens a post and waits until the read history (IndexedDB) has it. */
export async function readPost(page: Page, path: string, postId: number): Promise<void> {
  await page.goto(path);
  const read = async () =>
    (await readIdb<{ read: { post: { id: number } }[] }>(page, 'history'))?.read.some(
      (entry) => entry.post.id === postId,
    );
  await expect.poll(read, { timeout: 20_000 }).toBe(true);
}

/** An operator's grant: points credited through the ledger, into the database of a stopped server. */
export async function grantPoints(dataDir: string, userId: number, points: number): Promise<void> {
  const db = await openDb({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    await db.tx((q) =>
      changePoints(q, { userId, delta: points, type: 'adjust', title: '运营发放（测试）', ref: `e2e-grant:${userId}` }),
    );
  } finally {
    await db.close();
  }
}

/** Buys the newest priced article through its page (the member has the coins); the article bought. */
export async function buyPricedArticle(page: Page): Promise<PostCard> {
  const articles = await apiData('/archives/getPage', { sort: 'new', page: 1, pageSize: 50 });
  const priced = articles.list.find((article) => article.priceCoins > 0)!;
  await page.goto(`/archives/${priced.id}`);
  await page.locator('[data-testid=purchase-button]').click({ timeout: 20_000 });
  await page.locator('[data-testid=purchase-confirm]').click();
  await expect.poll(() => page.locator('[data-testid=post-locked]').count(), { timeout: 20_000 }).toBe(0);
  return priced;
}

/**
 * 数据看板 and the check-in in Chromium against the production build, on a demo server of this
 * file's own (its seed writes 90 days of aggregates): a 超级管理员 and a 财务 see the KPI cards and
 * the ECharts canvases, 近 30 天 switches the period, 积分与签到 edits a task; a member checks in in
 * the points mall on a phone and sees the streak. Screenshots of the dashboard at 1366 and 1024 px,
 * of 积分与签到, and of the check-in on a phone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuOf, signInAt, type Credentials, startConsoleSuite, type ConsoleSuite } from './admin-flows.ts';
import { DESKTOP, noBrowser, openPage, PHONE } from './browser.ts';
import { depositCoins, signedInUserId } from './member-flows.ts';
import { shoot } from './screenshots.ts';
import type { RunningServer } from './server-process.ts';

/** Waits for the five charts to draw and answers the KPI cards' today figures. */
async function dashboardShown(page: Page): Promise<Record<string, string>> {
  await page.getByRole('heading', { name: '数据看板' }).waitFor();
  await expect.poll(() => page.locator('.dash-chart__canvas canvas').count(), { timeout: 30_000 }).toBe(5);
  const figures: Record<string, string> = {};
  for (const key of ['activeDevices', 'newUsers', 'plays', 'watchHours', 'netYuan', 'conversion'])
    figures[key] = await page.getByTestId(`kpi-${key}`).getByTestId('kpi-today').innerText();
  return figures;
}

describe.skipIf(noBrowser)('the console dashboard and the member check-in', () => {
  let browser: Browser;
  let suite: ConsoleSuite;
  let server: RunningServer;
  let superOp: Credentials;
  let finance: Credentials;
  let ops: Credentials;

  beforeAll(async () => {
    suite = await startConsoleSuite('dashboard', [
      ['dash-root', 'super'],
      ['dash-cash', 'finance'],
      ['dash-ops', 'ops'],
    ]);
    ({ server, browser } = suite);
    [superOp, finance, ops] = suite.operators as [Credentials, Credentials, Credentials];
  });
  afterAll(() => suite?.stop());

  it('a 超级管理员 sees KPI cards, five charts and the top lists of the demo history, at 1366 and 1024 px', async () => {
    // A visitor signed in and paid for coins today: the demo history ends on the day it was seeded
    // (the suite's seed, made before this file runs), so a run that crosses midnight in Beijing would
    // otherwise find today's active devices 0 and no deposit to convert (充值转化率 —), as a real
    // site would.
    const visitor = await openPage(browser, PHONE, server.baseURL);
    await signedInUserId(visitor.page);
    await depositCoins(visitor.page, 0);
    await visitor.context.close();

    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAt(page, '/admin/dashboard', superOp);
    const figures = await dashboardShown(page);
    expect(figures.activeDevices).toMatch(/^[\d,]+$/);
    expect(Number(figures.activeDevices!.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(figures.netYuan).toMatch(/^¥[\d,]+\.\d{2}$/);
    expect(await page.getByTestId('kpi-money-detail').innerText()).toMatch(
      /^收入 ¥[\d,]+\.\d{2} − 退款 ¥[\d,]+\.\d{2}\n在订单中核对$/,
    );
    expect(figures.conversion).toMatch(/%$/);
    expect(await page.getByTestId('top-movies').locator('tbody tr').count()).toBe(10);
    expect(await page.getByTestId('top-posts').locator('tbody tr').count()).toBe(10);
    await expect.poll(() => page.locator('.dash__range').innerText()).toMatch(/北京时间/);
    await shoot(page, 'admin-dashboard-1366', { fullPage: true });

    const week = await page.locator('.dash__range').innerText();
    await page.getByRole('button', { name: '近 30 天' }).click();
    await expect.poll(() => page.locator('.dash__range').innerText()).not.toBe(week);
    await expect.poll(() => page.getByTestId('kpi-plays').getByTestId('kpi-period').innerText()).toMatch(/^[\d,]+$/);
    expect(await page.getByText('近 30 天日均').count()).toBe(1);
    // The period lives in the address: Back returns to the week.
    expect(new URL(page.url()).searchParams.get('days')).toBe('30');
    await page.goBack();
    await expect.poll(() => page.locator('.dash__range').innerText()).toBe(week);
    await page.goForward();
    await expect.poll(() => page.locator('.dash__range').innerText()).not.toBe(week);

    await page.setViewportSize({ width: 1024, height: 768 });
    // The charts follow their boxes' new size: nothing wider than the window.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await shoot(page, 'admin-dashboard-1024', { fullPage: true });
    // The console's session check before signing in answers 401; nothing else may fail.
    expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
    await context.close();
  });

  it('a 财务 sees 数据看板 too, and a 运营 edits a task in 积分与签到', async () => {
    const cash = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await signInAt(cash.page, '/admin', finance);
    expect(await menuOf(cash.page)).toContain('数据看板');
    expect(await menuOf(cash.page)).not.toContain('积分与签到');
    await cash.page.getByRole('navigation').getByRole('link', { name: '数据看板' }).click();
    await dashboardShown(cash.page);
    // 在订单中核对: the same site and days in 订单与退款, by the day of payment, with their sums.
    const range = await cash.page.locator('.dash__range').innerText();
    await cash.page.getByRole('link', { name: '在订单中核对' }).click();
    await cash.page.getByRole('heading', { name: '订单与退款' }).waitFor();
    const url = new URL(cash.page.url());
    expect(url.searchParams.get('dateBy')).toBe('paid');
    expect(range).toContain(url.searchParams.get('from')!);
    expect(await cash.page.locator('select[name=dateBy]').inputValue()).toBe('paid');
    expect(await cash.page.locator('input[name=from]').inputValue()).toBe(url.searchParams.get('from'));
    await expect.poll(() => cash.page.getByTestId('orders-summary').innerText()).toMatch(/净收入 ¥/);
    await cash.context.close();

    const { page, context } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1366, height: 900 });
    // A 运营 (an operator signs in once per 30 s code step: the super did already).
    await signInAt(page, '/admin/points', ops);
    await page.getByRole('heading', { name: '积分与签到' }).waitFor();
    const row = page.getByTestId('task-row-read');
    await row.getByRole('button', { name: '编辑' }).click();
    await row.getByLabel('积分').fill('0');
    await row.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('points');
    await row.getByLabel('积分').fill('25');
    await row.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => row.locator('td').nth(3).innerText()).toBe('25');
    await expect.poll(() => page.getByLabel('每日签到积分').inputValue()).toBe('10');
    await shoot(page, 'admin-points-1366', { fullPage: true });
    await context.close();
  });

  it('a member checks in in the points mall on a phone and sees the streak and the day ticked', async () => {
    const { page, context, problems } = await openPage(browser, PHONE, server.baseURL);
    await signedInUserId(page);
    await page.goto('/mine/mall');
    const card = page.getByTestId('checkin-card');
    await expect
      .poll(() => card.getByTestId('checkin-streak').innerText(), { timeout: 20_000 })
      .toBe('已连续签到 0 天');
    expect(await page.getByTestId('task-checkin').count()).toBe(0); // one check-in, shown once
    await card.getByTestId('checkin-button').click();
    await expect.poll(() => card.getByTestId('checkin-streak').innerText()).toBe('已连续签到 1 天');
    await expect.poll(() => card.getByTestId('checkin-button').innerText()).toBe('今日已签到');
    await expect.poll(() => page.getByTestId('mall-points').innerText()).toBe('10');
    expect(await card.locator('.checkin-day.is-today.is-checked').count()).toBe(1);
    await expect.poll(() => card.getByTestId('checkin-next').innerText()).toContain('再签到 2 天');
    await shoot(page, 'checkin-phone');

    await page.reload();
    await expect.poll(() => card.getByTestId('checkin-button').innerText(), { timeout: 20_000 }).toBe('今日已签到');
    expect(problems).toEqual([]);
    await context.close();
  });
});

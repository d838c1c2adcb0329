/**
 * Money in the console, end to end (docs/admin-api.md, "Money"): a member deposits coins through
 * the sandbox cashier in the app, a 财务 finds the paid order in 订单与退款 (its notify listed),
 * refunds it with a reason and sees what came back, and the member's wallet then shows the new balance and
 * the 退款 row of the ledger, as the console's 用户 page does; a 审核 has no 订单与退款 entry, the
 * page says it is not theirs and /admin-api/orders answers 403. Screenshots of the order list and
 * an order's refund at 1366 and 1024 px.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuOf, signInAt, type Credentials, startConsoleSuite, type ConsoleSuite } from './admin-flows.ts';
import { DESKTOP, noBrowser, openPage, WIDE } from './browser.ts';
import { depositCoins, signedInUserId } from './member-flows.ts';
import { shoot } from './screenshots.ts';
import type { RunningServer } from './server-process.ts';

const text = (page: Page, testId: string) => page.locator(`[data-testid=${testId}]`).first().innerText();

/** A CSV download's lines, after checking its byte-order mark (trim() would drop it). */
async function csvLines(page: Page, button: string): Promise<{ name: string; lines: string[] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const file = await readFile((await download.path())!, 'utf8');
  expect(file.startsWith('\uFEFF')).toBe(true);
  return { name: download.suggestedFilename(), lines: file.slice(1).trimEnd().split('\r\n') };
}

/** A deposit started at the app's wallet and left at the cashier: 模拟支付失败, or 取消 (unpaid). */
async function abandonDeposit(page: Page, how: '模拟支付失败' | '取消'): Promise<void> {
  await page.goto('/mine/wallet');
  await expect.poll(() => page.locator('[data-testid=coin-package]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.locator('[data-testid=checkout]').click();
  await page.waitForURL((url) => url.pathname.startsWith('/pay/cashier/'), { timeout: 20_000 });
  if (how === '取消') await page.getByRole('link', { name: '取消' }).click();
  else await page.getByRole('button', { name: how }).click();
  await page.waitForURL((url) => url.pathname === '/mine/wallet');
}

const yuan = (row: string) => Number(/¥([\d,]+\.\d\d)/.exec(row)![1]!.replaceAll(',', ''));

describe.skipIf(noBrowser)('console money', () => {
  let browser: Browser;
  let suite: ConsoleSuite;
  let server: RunningServer;
  let finance: Credentials;
  let moderator: Credentials;
  let root: Credentials;
  let financeBulk: Credentials;
  let moderatorBulk: Credentials;

  beforeAll(async () => {
    suite = await startConsoleSuite('money', [
      ['fin-e2e', 'finance'],
      ['mod-money-e2e', 'moderator'],
      ['root-money-e2e', 'super'],
      ['fin-bulk-e2e', 'finance'],
      ['mod-bulk-e2e', 'moderator'],
    ]);
    ({ server, browser } = suite);
    [finance, moderator, root, financeBulk, moderatorBulk] = suite.operators as [
      Credentials,
      Credentials,
      Credentials,
      Credentials,
      Credentials,
    ];
  });
  afterAll(() => suite?.stop());

  it('a 财务 refunds a paid coin order, and the member’s balance and ledger agree', async () => {
    // The member pays 680 + 100 coins at the cashier.
    const member = await openPage(browser, undefined, server.baseURL);
    const userId = await signedInUserId(member.page);
    await depositCoins(member.page, 2);
    await expect.poll(() => text(member.page, 'wallet-balance')).toBe('780');

    // The finance operator finds it.
    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAt(page, '/admin/orders', finance);
    expect(await menuOf(page)).toEqual(['数据看板', '用户', '订单与退款']);
    await page.getByRole('heading', { name: '订单与退款' }).waitFor();
    // The member is chosen by name among the 用户 search's matches for what is typed (here the id).
    await page.getByRole('combobox', { name: '用户' }).fill(String(userId));
    const option = page.getByRole('option').filter({ hasText: `#${userId}` });
    await option.waitFor();
    const nickname = (await option.innerText()).replace(/\s*#\d+.*$/s, '');
    expect(nickname.length).toBeGreaterThan(0);
    await shoot(page, 'admin-orders-member-picker-1366');
    await option.click();
    const chosen = page.getByTestId('member-chosen');
    const showsMember = async () => {
      const shown = await chosen.innerText();
      return shown.startsWith(nickname) && shown.includes(`#${userId}`);
    };
    expect(await showsMember()).toBe(true);
    await page.getByRole('button', { name: '筛选' }).click();
    const rows = page.locator('[data-testid=orders-table] tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toMatch(/金币[\s\S]*¥68\.00[\s\S]*已支付/);
    expect(new URL(page.url()).searchParams.get('userId')).toBe(String(userId));
    expect(await text(page, 'orders-summary')).toMatch(
      /共 1 笔，其中 1 笔已支付\s+收入 ¥68\.00\s+退款 ¥0\.00\s+净收入 ¥68\.00/,
    );
    // 导出 CSV: the member's one order in the table's words, money as a number of 元.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^订单-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await readFile((await download.path())!, 'utf8');
    expect(file.startsWith('\uFEFF')).toBe(true); // for Excel and WPS (trim() drops it below)
    const csv = file.trim().split('\r\n');
    expect(csv[0]).toBe(
      '"订单号","下单时间（北京时间）","支付时间（北京时间）","用户ID","用户","站点","类型","商品","金额（元）","到账内容","支付方式","状态","交易号"',
    );
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(
      new RegExp(`^"\\d{14}C[0-9A-Z]{9}",.*,"${userId}",.*"金币",.*"68\\.00","780 金币","[^"]+","已支付","`),
    );
    await expect.poll(() => page.getByRole('status').filter({ hasText: '已导出 1 条' }).count()).toBe(1);
    await page.getByRole('button', { name: `清除用户 ${nickname}` }).click();
    await page.getByRole('button', { name: '筛选' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // Back brings the member's filter (by name) and its one row back.
    await page.goBack();
    await expect.poll(showsMember).toBe(true);
    await expect.poll(() => rows.count()).toBe(1);
    await page.goForward();
    await expect.poll(() => chosen.count()).toBe(0);
    expect(await page.getByRole('combobox', { name: '用户' }).inputValue()).toBe('');
    // Opened from an address with the id alone (a link), the filter still reads the member's name.
    await page.goto(`/admin/orders?userId=${userId}`);
    await expect.poll(showsMember).toBe(true);
    await expect.poll(() => rows.count()).toBe(1);
    await shoot(page, 'admin-orders-1366');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shoot(page, 'admin-orders-1024');

    // Its panel (a row's cells open it, but for its choice box): the notify the cashier sent, valid and credited.
    await page
      .locator(`[data-testid=orders-table] tbody tr`)
      .filter({ hasText: `#${userId}` })
      .locator('td')
      .nth(2)
      .click();
    const panel = page.getByTestId('order-panel');
    await panel.getByTestId('order-notifies').waitFor();
    expect(await panel.getByTestId('order-notifies').innerText()).toMatch(/异步通知\s+有效\s+已受理\s+已入账/);
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/orders\/\d{14}C[0-9A-Z]{9}$/);

    // 退款 needs a reason.
    await panel.getByRole('button', { name: '退款' }).click();
    const dialog = page.getByTestId('refund-dialog');
    await dialog.getByRole('button', { name: '确认退款' }).click();
    expect(await dialog.getByRole('alert').innerText()).toBe('请填写退款原因');
    // Before confirming, the dialog says what the refund will take back and owe.
    await expect.poll(() => text(page, 'refund-preview')).toBe('将退回 780 金币，应退款 ¥68.00。');
    await dialog.getByLabel('退款原因（必填）').fill('用户误充，申请退款');
    await shoot(page, 'admin-refund-dialog-1024');
    await dialog.getByRole('button', { name: '确认退款' }).click();
    await expect.poll(() => text(page, 'order-outcome')).toBe('已退回 780 金币，应退款 ¥68.00。');
    await panel.getByTestId('order-refund').waitFor();
    expect(await panel.innerText()).toContain('已退款');
    expect(await panel.getByTestId('order-refund').innerText()).toContain('fin-e2e');
    await shoot(page, 'admin-order-refund-1024');
    await page.setViewportSize({ width: 1366, height: 900 });
    await shoot(page, 'admin-order-refund-1366');
    // The row behind the panel says so too, and a second refund is not offered.
    expect(await rows.filter({ hasText: `#${userId}` }).innerText()).toContain('已退款');
    expect(await panel.getByRole('button', { name: '退款' }).count()).toBe(0);

    // The member's wallet: balance 0, the deposit and the refund in the ledger.
    await member.page.goto('/mine/wallet');
    await expect.poll(() => text(member.page, 'wallet-balance'), { timeout: 20_000 }).toBe('0');
    await expect.poll(() => member.page.locator('[data-testid=ledger-row]').count(), { timeout: 20_000 }).toBe(2);
    const ledger = await member.page.locator('[data-testid=ledger-row]').allInnerTexts();
    expect(ledger[0]).toMatch(/退款[\s\S]*−780[\s\S]*余额 0/);
    expect(ledger[1]).toMatch(/充值[\s\S]*\+780[\s\S]*余额 780/);

    // The console's member page agrees, opened from the order's 用户, and lists the order.
    await panel.getByRole('link', { name: new RegExp(`#${userId}`) }).click();
    await page.waitForURL((url) => url.pathname === `/admin/users/${userId}`);
    await expect.poll(() => text(page, 'balance-coins'), { timeout: 20_000 }).toBe('0');
    await expect.poll(() => page.locator('[data-testid=member-orders] tbody tr').count()).toBe(1);
    expect(await page.locator('[data-testid=member-orders] tbody tr').innerText()).toMatch(/¥68\.00[\s\S]*已退款/);
    await page.getByText('没有开通或收回过会员').waitFor();
    expect(await page.locator('[data-testid=member-vip] tbody tr').count()).toBe(0);
    await expect.poll(() => page.locator('[data-testid=ledger-coins] tbody tr').count()).toBe(2);
    expect(await page.locator('[data-testid=ledger-coins] tbody tr').first().innerText()).toMatch(
      /退款[\s\S]*-780\s+0/,
    );
    await shoot(page, 'admin-user-1366');
    // The console's first session check answers 401 before the sign-in: that one is expected.
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    expect(member.problems).toEqual([]);
    await context.close();
    await member.context.close();

    // The audit list (超级管理员) shows the refund, by whom and with its reason.
    const audit = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await signInAt(audit.page, '/admin/audit', root);
    const refund = audit.page.locator('.audit__table tbody tr', { hasText: '订单 · 退款' });
    await expect.poll(() => refund.count(), { timeout: 20_000 }).toBe(1);
    expect(await refund.innerText()).toMatch(/fin-e2e[\s\S]*用户误充，申请退款/);
    await audit.context.close();
  });

  it('a member sees a failed and an unpaid deposit in the wallet, and 查询 tells which is which', async () => {
    const { page, context, problems } = await openPage(browser, undefined, server.baseURL);
    await signedInUserId(page);
    const start = async () => {
      await page.goto('/mine/wallet');
      await expect
        .poll(() => page.locator('[data-testid=coin-package]').count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await page.locator('[data-testid=checkout]').click();
      await page.waitForURL((url) => url.pathname.startsWith('/pay/cashier/'), { timeout: 20_000 });
      return page.url().split('/').pop()!;
    };
    const failed = await start();
    await page.getByRole('button', { name: '模拟支付失败' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/wallet');
    const unpaid = await start();
    await page.getByRole('link', { name: '取消' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/wallet');
    await page.goto('/mine/wallet');
    const rows = page.locator('[data-testid=open-deposit]');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    const row = (orderNo: string) => page.locator(`[data-testid=open-deposit][data-order="${orderNo}"]`);
    expect(await row(failed).innerText()).toContain('待支付');
    await row(failed).getByRole('button', { name: '查询' }).click();
    await expect.poll(() => row(failed).getByTestId('open-deposit-result').innerText()).toBe('支付失败');
    expect(await row(failed).innerText()).not.toContain('待支付');
    await row(unpaid).getByRole('button', { name: '查询' }).click();
    await expect.poll(() => row(unpaid).getByTestId('open-deposit-result').innerText()).toBe('仍未支付');
    await page.getByTestId('open-deposits').scrollIntoViewIfNeeded();
    await shoot(page, 'wallet-open-deposits-390');
    expect(await page.getByTestId('wallet-balance').innerText()).toBe('0');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a 财务 rechecks the orders chosen at once, exports them, and sorts the list by 金额 in the address', async () => {
    const member = await openPage(browser, undefined, server.baseURL);
    const userId = await signedInUserId(member.page);
    await depositCoins(member.page, 0);
    await abandonDeposit(member.page, '模拟支付失败');
    await abandonDeposit(member.page, '取消');
    await member.context.close();

    const { page, context, problems } = await openPage(browser, WIDE, server.baseURL, { waitForApp: false });
    await signInAt(page, `/admin/orders?userId=${userId}`, financeBulk);
    const rows = page.locator('[data-testid=orders-table] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
    await page.getByTestId('member-chosen').waitFor();
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringContaining('待支付'),
      expect.stringContaining('待支付'),
      expect.stringContaining('已支付'),
    ]);
    await page.getByRole('checkbox', { name: '选择本页全部' }).check();
    const bar = page.getByRole('toolbar', { name: '已选 3 笔' });
    await bar.getByRole('button', { name: '重新查询' }).click();
    await expect
      .poll(() => text(page, 'orders-bulk-note'), { timeout: 20_000 })
      .toBe('已重新查询 2 笔待支付订单：0 笔已支付，1 笔已失败，1 笔仍待支付；另 1 笔不是待支付，未查询。');
    await expect.poll(async () => (await rows.allInnerTexts()).some((row) => row.includes('支付失败'))).toBe(true);
    expect(await page.getByRole('toolbar').count()).toBe(0);
    // The audit tells each order asked, not the one skipped: two 重新查询 rows.

    // 导出所选: the two rows chosen, in the order CSV's columns.
    const chosenNos = await rows.locator('td:nth-child(2)').allInnerTexts();
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(2).getByRole('checkbox').check();
    const { name, lines } = await csvLines(page, '导出所选');
    expect(name).toMatch(/^订单-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(lines[0]).toMatch(/^"订单号","下单时间（北京时间）","支付时间（北京时间）","用户ID"/);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([`"${chosenNos[0]}"`, `"${chosenNos[2]}"`]);
    expect(await text(page, 'orders-bulk-note')).toBe('已导出 2 条');

    // 金额 sorts the list, largest first, then smallest; the address keeps it and Back returns to the newest first.
    const amounts = (await rows.allInnerTexts()).map(yuan);
    const amountsNow = async () => (await rows.allInnerTexts()).map(yuan);
    await page.getByRole('button', { name: '金额', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'amount:desc');
    await expect.poll(amountsNow).toEqual([...amounts].sort((a, b) => b - a));
    expect(await page.locator('th[aria-sort=descending]').innerText()).toContain('金额');
    await page.getByRole('button', { name: '金额', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'amount:asc');
    await expect.poll(amountsNow).toEqual([...amounts].sort((a, b) => a - b));
    expect(new URL(page.url()).searchParams.get('userId')).toBe(String(userId));
    // The sums stay right under the filters, above the table.
    const summaryBox = (await page.getByTestId('orders-summary').boundingBox())!;
    const formBox = (await page.locator('form.money__filters').boundingBox())!;
    const tableBox = (await page.getByTestId('orders-table').boundingBox())!;
    expect(summaryBox.y).toBeGreaterThanOrEqual(formBox.y + formBox.height - 1);
    expect(summaryBox.y).toBeLessThan(tableBox.y);
    await rows.nth(0).getByRole('checkbox').check();
    await shoot(page, 'admin-orders-bulk-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'admin-orders-bulk-390');
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  });

  it('a 审核 mutes two members at once with one reason, pages and exports the members', async () => {
    const one = await openPage(browser, undefined, server.baseURL);
    const two = await openPage(browser, undefined, server.baseURL);
    const ids = [await signedInUserId(one.page), await signedInUserId(two.page)].sort((a, b) => a - b);

    const { page, context, problems } = await openPage(browser, WIDE, server.baseURL, { waitForApp: false });
    await signInAt(page, '/admin/users', moderatorBulk);
    const rows = page.locator('[data-testid=users-table] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(50);
    const total = Number(/共 (\d+) 位/.exec(await text(page, 'users-total'))![1]);
    expect(total).toBeGreaterThan(50);
    // Numbered pages in the address; Back returns to the first.
    const firstIds = await rows.locator('td:nth-child(2)').allInnerTexts();
    await page.getByRole('button', { name: '第 2 页' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => rows.count()).toBe(Math.min(50, total - 50));
    expect(await page.getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');
    await page.goBack();
    await expect.poll(() => rows.locator('td:nth-child(2)').allInnerTexts()).toEqual(firstIds);
    // 审核 sees no balances, so no sort by them; 注册时间 turns to the oldest first.
    expect(await page.getByRole('button', { name: '金币', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: /注册时间/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'createdAt:asc');
    await expect.poll(async () => (await rows.locator('td:nth-child(2)').allInnerTexts())[0]).not.toBe(firstIds[0]);
    await page.goBack();

    // The two newest members, chosen and muted for 7 days with one reason, in one dialog.
    const rowOf = (id: number) => rows.filter({ has: page.getByRole('link', { name: String(id), exact: true }) });
    await expect.poll(() => rowOf(ids[1]!).count()).toBe(1);
    const nicknames = [
      await rowOf(ids[0]!).locator('td').nth(2).innerText(),
      await rowOf(ids[1]!).locator('td').nth(2).innerText(),
    ];
    for (const id of ids) await rowOf(id).getByRole('checkbox').check();
    const bar = page.getByRole('toolbar', { name: '已选 2 位' });
    await bar.getByRole('button', { name: '禁言' }).click();
    const dialog = page.getByTestId('reason-dialog');
    expect(await dialog.getByRole('heading').innerText()).toBe('禁言 2 位用户');
    expect(await dialog.getByTestId('bulk-sanction-members').innerText()).toBe([...nicknames].reverse().join('、'));
    await dialog.getByRole('button', { name: '禁言 2 位' }).click();
    expect(await dialog.getByRole('alert').innerText()).toBe('请填写原因');
    await dialog.getByLabel('7天').check();
    await dialog.locator('textarea[name=reason]').fill('刷屏广告');
    await shoot(page, 'admin-users-bulk-mute-1440');
    await dialog.getByRole('button', { name: '禁言 2 位' }).click();
    await expect
      .poll(() => text(page, 'users-bulk-note'), { timeout: 20_000 })
      .toBe(`已禁言 2 位用户：${nicknames.join('、')}`);
    expect(await dialog.count()).toBe(0);
    expect(await page.getByRole('toolbar').count()).toBe(0);

    // 导出所选 and 导出全部: no balance columns for a 审核.
    for (const id of ids) await rowOf(id).getByRole('checkbox').check();
    const chosen = await csvLines(page, '导出所选');
    expect(chosen.name).toMatch(/^用户-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(chosen.lines[0]).toBe('"ID","昵称","账号","站点","会员到期（北京时间）","注册时间（北京时间）"');
    expect(chosen.lines.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual(
      [...ids].reverse().map((id, i) => `"${id}","${[...nicknames].reverse()[i]}"`),
    );
    const all = await csvLines(page, '导出全部');
    expect(all.lines).toHaveLength(total + 1);
    await page
      .getByRole('status')
      .filter({ hasText: `已导出 ${total} 条` })
      .waitFor();

    // The member's page says so.
    await rowOf(ids[0]!)
      .getByRole('link', { name: String(ids[0]), exact: true })
      .click();
    await expect.poll(() => text(page, 'user-sanctions'), { timeout: 20_000 }).toMatch(/禁言中/);
    expect(await text(page, 'user-sanctions')).toContain('刷屏广告');
    await page.goBack();
    await expect.poll(() => rows.count()).toBe(50);
    await rowOf(ids[1]!).getByRole('checkbox').check();
    await shoot(page, 'admin-users-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'admin-users-390');
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await Promise.all([one.context.close(), two.context.close(), context.close()]);
  });

  it('a 审核 cannot open orders: no menu entry, the page says so, and the API answers 403', async () => {
    const { page, context } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await signInAt(page, '/admin/orders', moderator);
    const menu = await menuOf(page);
    expect(menu).toContain('用户');
    expect(menu).not.toContain('订单与退款');
    await page.getByRole('heading', { name: '无权访问' }).waitFor();
    expect(await page.locator('[data-testid=orders-table]').count()).toBe(0);
    expect((await page.request.get('/admin-api/orders')).status()).toBe(403);
    // The 用户 page opens, without balances.
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: '用户' }).waitFor();
    await expect.poll(() => page.locator('[data-testid=users-table] thead').innerText()).not.toContain('金币');
    await context.close();
  });
});

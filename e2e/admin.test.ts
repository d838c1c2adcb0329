/**
 * The operator console (/admin) in Chromium against the production build: operators made by the
 * console's own CLI command (server/admin/cli.ts) in a server of this file's own, signed in through
 * the sign-in screen with a TOTP code computed here (otplib); the menu of each role, the audit page,
 * 退出; and the console kept apart from the visitors: never in the precache, never downloaded by
 * the visitors' app, never answered by its service worker. Screenshots go to SHOTS
 * (e2e/screenshots.ts).
 */
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { entryFiles, precacheUrls } from '../bench/bundle-size.ts';
import { consoleFiles, filesOfEntry } from '../scripts/lib/console-files.ts';
import {
  choosePassword,
  fillSignIn,
  menuOf,
  signInAt,
  type Credentials,
  startConsoleSuite,
  type ConsoleSuite,
} from './admin-flows.ts';
import { DESKTOP, noBrowser, openPage } from './browser.ts';
import { controlledBySw, openOn } from './pwa-browser.ts';
import { shoot } from './screenshots.ts';
import type { RunningServer } from './server-process.ts';

const staticDir = inject('staticDir');

describe.skipIf(noBrowser)('operator console', () => {
  let browser: Browser;
  let suite: ConsoleSuite;
  let server: RunningServer;
  let superOp: Credentials;
  let moderator: Credentials;
  let ended: Credentials;
  let peopleAdmin: Credentials;
  let pagesAdmin: Credentials;

  beforeAll(async () => {
    suite = await startConsoleSuite('admin', [
      ['root-e2e', 'super'],
      ['mod-e2e', 'moderator'],
      ['ended-e2e', 'super'],
      ['people-e2e', 'super'],
      ['pages-e2e', 'super'],
    ]);
    ({ server, browser } = suite);
    [superOp, moderator, ended, peopleAdmin, pagesAdmin] = suite.operators as [
      Credentials,
      Credentials,
      Credentials,
      Credentials,
      Credentials,
    ];
  });
  afterAll(() => suite?.stop());

  it('is its own bundle: no console file in the precache, and the visitors’ app never downloads one', async () => {
    const own = consoleFiles(staticDir);
    expect(own.some((file) => file.endsWith('.js'))).toBe(true);
    // Nor does the console load the visitors' boot file (which would run the visitors' app).
    const boot = entryFiles(staticDir).filter((file) => /^assets\/index-/.test(file));
    expect(boot).toHaveLength(1);
    expect([...filesOfEntry(staticDir, 'admin.html')]).not.toContain(boot[0]);
    const precache = precacheUrls(staticDir);
    expect(precache).not.toContain('admin.html');
    expect(precache.filter((url) => own.includes(url))).toEqual([]);

    const { page, context } = await openOn(browser, server.baseURL);
    const requested: string[] = [];
    context.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await controlledBySw(page);
    await page.goto('/movie');
    await page.waitForLoadState('networkidle');
    expect(requested.length).toBeGreaterThan(5);
    expect(requested.filter((path) => own.includes(path.slice(1)) || path.startsWith('/admin'))).toEqual([]);

    // With the visitors' service worker in control, /admin still comes from the server, as the console.
    const response = await page.goto('/admin');
    expect(response?.fromServiceWorker()).toBe(false);
    await expect.poll(() => page.title()).toBe('运营后台');
    await page.getByRole('heading', { name: '运营后台登录' }).waitFor();
    expect(await page.locator('#root').count()).toBe(0);
    await context.close();
  });

  it('a 超级管理员 signs in with the TOTP code, sees every entry, the audit lists the sign-in, 退出 returns to sign-in', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/admin/audit');
    await page.getByRole('heading', { name: '运营后台登录' }).waitFor();
    await shoot(page, 'admin-sign-in-1366');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shoot(page, 'admin-sign-in-1024');

    // A wrong code: the server's message, as it is.
    await fillSignIn(page, superOp, '000000');
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/验证码|用户名|密码/);

    // A one-time password leads to 设置新密码 first: a weak one is refused with the server's reason.
    await fillSignIn(page, superOp);
    await page.getByRole('heading', { name: '设置新密码' }).waitFor();
    expect((await page.request.get('/admin-api/audit')).status()).toBe(403);
    await page.getByLabel('当前密码（一次性密码）').fill(superOp.password);
    await page.getByLabel('新密码', { exact: true }).fill('short1');
    await page.getByLabel('再次输入新密码').fill('short1');
    await page.getByRole('button', { name: '保存新密码' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/10-128/);
    await shoot(page, 'admin-password-1024');
    await choosePassword(page, superOp);
    expect(await page.getByTestId('operator').innerText()).toContain('root-e2e');
    expect(await page.getByTestId('operator').innerText()).toContain('超级管理员');
    expect(await menuOf(page)).toEqual([
      '数据看板',
      '影片',
      '资源采集',
      '分类与标签',
      '审核',
      '用户',
      '订单与退款',
      '站点设置',
      '积分与签到',
      '操作员',
      '审计日志',
    ]);

    // The audit page (the address it was opened at), with the sign-in and the refused try; the tab
    // says which page it is, and follows the menu.
    await page.getByRole('heading', { name: '审计日志' }).waitFor();
    await expect.poll(() => page.title()).toBe('审计日志 - 运营后台');
    await page.getByRole('navigation', { name: '导航', exact: true }).getByRole('link', { name: '订单与退款' }).click();
    await expect.poll(() => page.title()).toBe('订单与退款 - 运营后台');
    await page.goBack();
    await expect.poll(() => page.title()).toBe('审计日志 - 运营后台');
    await page.getByRole('heading', { name: '审计日志' }).waitFor();
    const rows = page.locator('.audit__table tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // In words: what was done, to whom by name, and each field before and after.
    const table = await page.locator('.audit__table tbody').innerText();
    expect(table).toContain('登录 · 登录成功');
    expect(table).toContain('操作员 · 新增');
    expect(table).toMatch(/操作员 mod-e2e #\d+/);
    expect(table).toContain('root-e2e');
    expect(table).not.toContain('session.signIn');
    await shoot(page, 'admin-audit-1024');
    await page.setViewportSize({ width: 1366, height: 900 });
    await shoot(page, 'admin-audit-1366');

    // Filtered by kind and by a range of days (Beijing time): only rows of that kind; a past range
    // finds none; Back brings the filters and their rows back, as the address keeps them.
    const actions = () => page.locator('.audit__table tbody tr td:nth-child(3)').allInnerTexts();
    await page.locator('select[name=kind]').selectOption({ label: '操作员' });
    // The four made by the CLI, and this operator's own first password.
    await expect.poll(async () => [...new Set(await actions())].sort()).toEqual(['操作员 · 修改密码', '操作员 · 新增']);
    const shown = await rows.count();
    expect(shown).toBe(suite.operators.length + 1);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    await page.getByLabel('开始日期').fill(today);
    await page.getByLabel('结束日期').fill(today);
    await page.getByRole('button', { name: '筛选' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('from') === today && url.searchParams.get('kind') === 'operator',
    );
    await expect.poll(() => rows.count()).toBe(shown);
    await page.getByLabel('开始日期').fill('2020-01-01');
    await page.getByLabel('结束日期').fill('2020-01-02');
    await page.getByRole('button', { name: '筛选' }).click();
    await page.getByText('没有符合条件的记录').waitFor();
    await page.goBack();
    await expect.poll(() => rows.count()).toBe(shown);
    expect(await page.getByLabel('开始日期').inputValue()).toBe(today);
    expect(await page.locator('select[name=kind]').inputValue()).toBe('operator');

    // 导出 CSV: every matching row, in the table's words, that Excel opens as Chinese.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`审计日志-${today}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF"时间（北京时间）","操作员","操作","对象"')).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(1 + shown);
    expect(lines.slice(1).every((line) => /"操作员 · [^"]+",.*"operator\.\w+"$/.test(line))).toBe(true);
    await page
      .getByRole('status')
      .filter({ hasText: `已导出 ${shown} 条` })
      .waitFor();

    await page.getByRole('button', { name: '退出' }).click();
    await page.getByRole('heading', { name: '运营后台登录' }).waitFor();
    expect((await page.request.get('/admin-api/session')).status()).toBe(401);
    expect(problems.filter((problem) => !/401|400|status of 4\d\d/.test(problem))).toEqual([]);
    await context.close();
  });

  it('pages the audit by number with its total, 时间 oldest first from its heading, Back restoring both, and exports', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/admin/audit', pagesAdmin);
    await page.getByRole('heading', { name: '审计日志' }).waitFor();
    // Sixty new tags, each an audit row of kind 标签.
    const { csrfToken } = (await (await page.request.get('/admin-api/session')).json()) as { csrfToken: string };
    for (let n = 1; n <= 60; n += 1) {
      const made = await page.request.post('/admin-api/taxonomy/tags', {
        data: { name: `分页标签${n}` },
        headers: { 'x-csrf-token': csrfToken },
      });
      expect(made.status(), await made.text()).toBe(201);
    }
    await page.locator('select[name=kind]').selectOption({ label: '标签' });
    await page.waitForURL(/\/admin\/audit\?kind=tag$/);
    const rows = page.locator('.audit__table tbody tr');
    const targets = () => page.locator('.audit__table tbody tr td:nth-child(4)').allInnerTexts();
    const pager = page.getByRole('navigation', { name: '分页' });
    /** The target's name of tag n, and no other (标签 分页标签1 #id, not 分页标签12). */
    const tag = (n: number) => new RegExp(`分页标签${n} #`);
    const current = () => pager.locator('[aria-current=page]').innerText();
    const time = page.getByRole('columnheader', { name: /^时间/ });
    await page.getByText('共 60 条').waitFor();
    await expect.poll(() => rows.count()).toBe(50);
    expect(await pager.getByRole('button').allInnerTexts()).toEqual(['上一页', '1', '2', '下一页', '跳转']);
    expect(await current()).toBe('1');
    expect(await time.getAttribute('aria-sort')).toBe('descending');
    expect((await targets())[0]).toMatch(tag(60));
    await shoot(page, 'admin-audit-pages-1440');
    await shoot(page, 'admin-audit-pages-1440-full', { fullPage: true });

    // Page 2: the ten oldest; then oldest first from the heading, back on page 1.
    await pager.getByRole('button', { name: '第 2 页' }).click();
    await page.waitForURL(/kind=tag&page=2$/);
    await expect.poll(() => rows.count()).toBe(10);
    expect((await targets()).at(-1)).toMatch(tag(1));
    await time.getByRole('button').click();
    await page.waitForURL(/kind=tag&sort=at:asc$/);
    await expect.poll(() => time.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => rows.count()).toBe(50);
    expect(await current()).toBe('1');
    const oldest = await targets();
    expect(oldest[0]).toMatch(tag(1));
    expect(oldest[1]).toMatch(tag(2));
    await pager.getByRole('button', { name: '下一页' }).click();
    await page.waitForURL(/kind=tag&sort=at:asc&page=2$/);
    await expect.poll(async () => (await targets())[0]).toMatch(tag(51));

    // Back: page 1 oldest first, then page 2 newest first, then page 1 newest first.
    await page.goBack();
    await expect.poll(async () => (await targets())[0]).toMatch(tag(1));
    expect(await current()).toBe('1');
    await page.goBack();
    await expect.poll(() => time.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => rows.count()).toBe(10);
    expect(await current()).toBe('2');
    await page.goBack();
    await expect.poll(() => rows.count()).toBe(50);
    expect((await targets())[0]).toMatch(tag(60));

    // 导出 CSV still holds every matching row, newest first.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 CSV' }).click(),
    ]);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(lines).toHaveLength(61);
    expect(lines[1]).toMatch(tag(60));
    expect(lines[60]).toMatch(tag(1));
    expect(problems.filter((problem) => !/401|status of 401/.test(problem))).toEqual([]);
    await context.close();
  });

  it('a 审核 sees only 审核, no 订单与退款 entry, and a direct GET of /admin-api/audit answers 403', async () => {
    const { page, context } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await signInAt(page, '/admin', moderator);
    expect(await menuOf(page)).toEqual(['审核', '用户']);
    await page.waitForURL(/\/admin\/moderation(\/|$)/);

    const audit = await page.request.get('/admin-api/audit');
    expect(audit.status()).toBe(403);
    expect(((await audit.json()) as { message: string }).message).toBeTruthy();

    await page.goto('/admin/orders');
    await page.getByRole('heading', { name: '无权访问' }).waitFor();
    await context.close();
  });

  it('a session that ends (401 on any call) brings the sign-in screen back, saying why', async () => {
    const { page, context } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await signInAt(page, '/admin/audit', ended);
    await page.getByRole('heading', { name: '审计日志' }).waitFor();
    await context.clearCookies();
    await page.locator('select[name=kind]').selectOption({ label: '登录' });
    await page.getByRole('heading', { name: '运营后台登录' }).waitFor();
    await page.getByRole('status').filter({ hasText: '登录已失效' }).waitFor();
    await context.close();
  });

  it('a 超级管理员 creates a 财务 in 操作员: the credentials show once, the new operator signs in with them, sets a password and sees only its menu', async () => {
    const admin = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await signInAt(admin.page, '/admin/operators', peopleAdmin);
    await admin.page.getByRole('heading', { name: '操作员' }).waitFor();
    await admin.page.getByRole('button', { name: '新建操作员' }).click();
    await admin.page.getByLabel('用户名').fill('cash-e2e');
    await admin.page.getByLabel('角色').selectOption('finance');
    await admin.page.getByLabel('指定站点').check();
    await admin.page.getByLabel('影视社区').check();
    await admin.page.getByRole('button', { name: '保存' }).click();
    const shown = admin.page.getByTestId('operator-credentials');
    await shown.waitFor();
    const cash: Credentials = {
      username: 'cash-e2e',
      password: await shown.getByTestId('one-time-password').innerText(),
      totpSecret: await shown.getByTestId('totp-secret').innerText(),
    };
    expect(cash.password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(await shown.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(50);
    await shoot(admin.page, 'admin-operator-credentials-1366');
    await shown.getByRole('button', { name: '我已保存' }).click();
    const row = admin.page.locator('.operators__table tbody tr', { hasText: 'cash-e2e' });
    expect(await row.innerText()).toMatch(/财务[\s\S]*影视社区[\s\S]*待改密码/);
    await shoot(admin.page, 'admin-operators-1366');

    const other = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await signInAt(other.page, '/admin', cash);
    expect(await menuOf(other.page)).toEqual(['数据看板', '用户', '订单与退款']);
    // 修改密码 once signed in: a wrong current password is named beside its field, then it changes.
    await other.page.getByRole('button', { name: '修改密码' }).click();
    const change = other.page.getByTestId('change-password');
    await change.getByLabel('当前密码').fill('not-the-password-1');
    await change.getByLabel('新密码', { exact: true }).fill('Fresh-pass-2026');
    await change.getByLabel('再次输入新密码').fill('Fresh-pass-2026');
    await change.getByRole('button', { name: '保存新密码' }).click();
    await expect.poll(() => change.getByRole('alert').first().innerText()).toMatch(/当前密码/);
    await change.getByLabel('当前密码').fill(cash.password);
    await change.getByRole('button', { name: '保存新密码' }).click();
    await expect.poll(() => other.page.getByTestId('password-changed').innerText()).toContain('密码已修改');
    await other.page.getByRole('button', { name: '知道了' }).click();
    expect(await menuOf(other.page)).toEqual(['数据看板', '用户', '订单与退款']);
    await other.context.close();

    // 停用 asks in the console's own dialog (never the browser's confirm); the row says so at once.
    // One's own row offers no 停用.
    admin.page.once('dialog', () => expect.fail('a native dialog opened'));
    const own = admin.page.locator('.operators__table tbody tr', { hasText: 'people-e2e（你）' });
    expect(await own.count()).toBe(1);
    expect(await own.getByRole('button', { name: '停用' }).count()).toBe(0);
    await row.getByRole('button', { name: '停用' }).click();
    const ask = admin.page.getByTestId('confirm-dialog');
    await expect.poll(() => ask.innerText()).toContain('停用后 cash-e2e 将立即退出并无法登录。确定停用？');
    await ask.getByRole('button', { name: '停用' }).click();
    await expect.poll(() => row.innerText()).toContain('已停用');
    await admin.context.close();
  });

  it('brute force: past the limit the server’s 429 message shows and 登录 waits out the time it gives', async () => {
    const { page, context } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.goto('/admin');
    const stranger = { username: 'nobody-e2e', password: 'wrong-password', totpSecret: '' };
    const submit = page.locator('button[type=submit]');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answered = page.waitForResponse(
        (response) => response.url().endsWith('/admin-api/session') && response.request().method() === 'POST',
      );
      await fillSignIn(page, stranger, '123456');
      statuses.push((await answered).status());
    }
    expect(statuses.slice(0, 5).every((status) => status === 401 || status === 400)).toBe(true);
    expect(statuses[5]).toBe(429);
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/频繁/);
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.innerText()).toMatch(/^请等待 \d+ 分 \d+ 秒$/);
    await context.close();
  });
});

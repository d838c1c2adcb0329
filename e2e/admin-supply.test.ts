/**
 * 资源采集 in Chromium: a 运营 finds it in the menu after 影片, adds a source pointing at a small
 * MacCMS v10 feed this test serves on 127.0.0.1 (a private address first, refused with the field
 * marked), opens 分类映射 (the source's classes read now), maps 电影 to a local category (saved at
 * once), starts 全部 and sees the run reach 完成 with its counts, then opens its log and a collected
 * title in 影片's editor. A source on a dead port says why in 分类映射. Screenshots of the page at
 * 1366 and 390 wide, the mapping and run dialogs, and the log.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/lib/free-port.ts';
import { menuOf, signInAt, startConsoleSuite, type ConsoleSuite, type Credentials } from './admin-flows.ts';
import { DESKTOP, noBrowser, openPage, PHONE } from './browser.ts';
import { shoot } from './screenshots.ts';
import type { RunningServer } from './server-process.ts';

/** A feed of four titles: three of type 1 (电影), one of type 2 (电视剧), two a page. */
async function startFeed(): Promise<{ server: Server; url: string }> {
  const poster = await sharp({ create: { width: 300, height: 420, channels: 3, background: '#aa5533' } })
    .jpeg()
    .toBuffer();
  let base = '';
  const videos = [1, 2, 3, 4].map((id) => ({
    vod_id: String(id),
    vod_name: `浏览器采集${id}`,
    type_id: id === 4 ? '2' : '1',
    type_name: id === 4 ? '电视剧' : '电影',
    vod_en: `liulanqi${id}`,
    vod_time: '2024-06-01 08:00:00',
    vod_remarks: 'HD',
    vod_play_from: 'ffm3u8',
    vod_actor: '演员',
    vod_director: '导演',
    vod_content: `<p>第 ${id} 部</p>`,
    vod_blurb: '',
    vod_area: '大陆',
    vod_lang: '国语',
    vod_year: '2024',
    vod_score: '7.5',
    vod_class: '剧情',
    vod_total: '1',
    vod_serial: '0',
    vod_isend: '1',
    vod_play_server: 'no',
    vod_play_note: '',
    vod_play_url: `正片$https://cdn.example.com/b${id}/index.m3u8`,
  }));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/poster.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(poster);
    const t = url.searchParams.get('t');
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
    const pg = Math.max(1, Number(url.searchParams.get('pg') || 1));
    const matching = videos.filter((v) => (!t || v.type_id === t) && (ids.length === 0 || ids.includes(v.vod_id)));
    const list = matching.slice((pg - 1) * 2, pg * 2).map((v) => ({ ...v, vod_pic: `${base}/poster.jpg` }));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(
      JSON.stringify({
        code: 1,
        msg: '数据列表',
        page: pg,
        pagecount: Math.max(1, Math.ceil(matching.length / 2)),
        limit: '2',
        total: matching.length,
        list,
        class: [
          { type_id: 1, type_name: '电影' },
          { type_id: 2, type_name: '电视剧' },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url: `${base}/api.php/provide/vod/` };
}

describe.skipIf(noBrowser)('console 资源采集', () => {
  let browser: Browser;
  let suite: ConsoleSuite;
  let server: RunningServer;
  let ops: Credentials;
  let opsPhone: Credentials;
  let feed: Awaited<ReturnType<typeof startFeed>>;

  beforeAll(async () => {
    feed = await startFeed();
    // The outbound guard's test mode: the feed is on 127.0.0.1 (else 源站地址必须是公网的 http(s) 地址).
    suite = await startConsoleSuite(
      'supply',
      [
        ['ops-supply', 'ops'],
        ['ops-supply-phone', 'ops'],
      ],
      { OUTBOUND_TEST_HOSTS: 'loopback' },
    );
    ({ server, browser } = suite);
    [ops, opsPhone] = suite.operators as [Credentials, Credentials];
  });
  afterAll(async () => {
    await suite?.stop();
    feed?.server.close();
  });

  /** Adds a source through 新增源站 and waits for its row. */
  async function addSource(page: Page, name: string, apiUrl: string) {
    await page.getByRole('button', { name: '新增源站' }).click();
    const dialog = page.getByTestId('source-dialog');
    await dialog.getByLabel('名称').fill(name);
    await dialog.getByLabel('接口地址').fill(apiUrl);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('sources-table').locator('tbody tr', { hasText: name });
    await row.waitFor();
    return row;
  }

  it('a 运营 adds a source, maps a class, collects 全部 to 完成 and reads the log', async () => {
    const { page, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAt(page, '/admin/supply', ops);
    const menu = await menuOf(page);
    expect(menu.indexOf('资源采集')).toBe(menu.indexOf('影片') + 1);
    await page.getByRole('heading', { name: '资源采集' }).waitFor();
    await page.getByText('还没有源站').waitFor();

    // A private address is refused as it is saved: the dialog stays, says why, and marks the field.
    await page.getByRole('button', { name: '新增源站' }).click();
    const dialog = page.getByTestId('source-dialog');
    await dialog.getByLabel('名称').fill('内网源');
    await dialog.getByLabel('接口地址').fill('http://192.168.1.10/api.php/provide/vod');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByRole('alert').filter({ hasText: '源站地址必须是公网的 http(s) 地址' }).waitFor();
    expect(await dialog.getByLabel('接口地址').getAttribute('aria-invalid')).toBe('true');
    await shoot(page, 'admin-supply-source-refused');
    await dialog.getByRole('button', { name: '取消' }).click();

    const row = await addSource(page, '测试资源站', feed.url);
    await expect.poll(() => row.innerText()).toContain('未采集');

    // 分类映射: the classes read now; 电影 mapped to the first local category, saved at once.
    await row.getByRole('button', { name: '分类映射' }).click();
    const map = page.getByTestId('map-dialog');
    await map.getByTestId('class-1').waitFor();
    await map.getByText('源站共 4 部影片').waitFor();
    const select = map.getByTestId('class-1').locator('select');
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
    await select.selectOption({ index: 1 });
    await map.getByRole('status').filter({ hasText: '已保存' }).waitFor();
    expect(await map.getByTestId('class-2').locator('select').inputValue()).toBe('');
    await shoot(page, 'admin-supply-map-1366', { settle: true });
    await map.getByRole('button', { name: '完成' }).click();
    await expect.poll(() => row.locator('td').nth(6).innerText()).toBe('1');

    // 采集 · 全部: the run shows in 采集记录 and is followed to 完成 with its counts.
    await row.getByRole('button', { name: '采集' }).click();
    const runDialog = page.getByTestId('run-dialog');
    expect(await runDialog.getByLabel('全部').isChecked()).toBe(true);
    await runDialog.getByLabel('指定 ID').check();
    await runDialog.getByLabel('源站影片 ID').waitFor();
    await shoot(page, 'admin-supply-run-dialog-1366');
    await runDialog.getByLabel('全部').check();
    await runDialog.getByRole('button', { name: '开始采集' }).click();
    await runDialog.waitFor({ state: 'detached' });
    const run = page.getByTestId('runs-table').locator('tbody tr').first();
    await expect
      .poll(() => run.getByTestId('run-state').innerText(), { timeout: 60_000, interval: 500 })
      .toMatch(/完成|失败/);
    expect(await run.getByTestId('run-state').innerText()).toBe('完成');
    // Three titles of the mapped type added; the 电视剧 one is of a type not mapped.
    expect(await run.locator('td').nth(4).innerText()).toMatch(/^3 \/ 0 \/ \d+ \/ 0$/);
    await expect.poll(() => row.locator('td').nth(7).innerText()).toBe('3');
    await expect.poll(() => row.getByTestId('run-state').innerText()).toBe('完成');
    await shoot(page, 'admin-supply-1366', { settle: true });

    // The log: every item with its outcome, filtered, and a collected title opened in 影片.
    await run.getByRole('link', { name: '日志' }).click();
    await page.waitForURL(/\/admin\/supply\/runs\/\d+$/);
    await page.getByRole('heading', { name: /^采集日志 · 测试资源站 #\d+$/ }).waitFor();
    const log = page.getByTestId('run-log').locator('tbody tr');
    await expect.poll(() => log.count()).toBeGreaterThanOrEqual(3);
    await page.getByLabel('结果').selectOption('added');
    await page.waitForURL(/outcome=added/);
    await expect.poll(() => log.count()).toBe(3);
    expect(await log.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('浏览器采集1')]));
    await shoot(page, 'admin-supply-log-1366', { settle: true });
    const movieLink = log.first().getByRole('link', { name: /^影片 #\d+$/ });
    const movieId = (await movieLink.innerText()).replace(/\D/g, '');
    await movieLink.click();
    await page.waitForURL(new RegExp(`/admin/content/${movieId}$`));
    await expect.poll(() => page.locator('input[name="title"]').inputValue()).toMatch(/^浏览器采集[123]$/);

    // A source on a port nobody listens on: 分类映射 says why, with 重试.
    await page.goto('/admin/supply');
    const dead = await addSource(page, '失效源站', `http://127.0.0.1:${await freePort()}/api.php/provide/vod`);
    await dead.getByRole('button', { name: '分类映射' }).click();
    await map.getByRole('alert').filter({ hasText: '读取源站失败' }).waitFor();
    await map.getByRole('button', { name: '重试' }).waitFor();
    await shoot(page, 'admin-supply-map-failed');
    await map.getByRole('button', { name: '完成' }).click();
    expect(problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
  });

  it('reads on a phone: the tables scroll sideways inside the page', async () => {
    const { page } = await openPage(browser, PHONE, server.baseURL, { waitForApp: false });
    await signInAt(page, '/admin/supply', opsPhone);
    await page.getByRole('heading', { name: '资源采集' }).waitFor();
    await page.getByTestId('sources-table').locator('tbody tr').first().waitFor();
    // The page itself never scrolls sideways; the tables' wraps do.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shoot(page, 'admin-supply-390', { settle: true });
    await page.getByTestId('runs-table').locator('tbody tr').first().getByRole('link', { name: '日志' }).click();
    await page.getByTestId('run-log').locator('tbody tr').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shoot(page, 'admin-supply-log-390', { settle: true });
  });
});

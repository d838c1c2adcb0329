/**
 * 站点设置 in Chromium: a 运营 edits a banner (new title, an uploaded image) and adds two CDN lines
 * (one on a closed port, probed as it is saved: kept 停用 with the reason said, 不可达 in the health
 * column; one that answers: 启用, 正常 like the demo's), and a visitor's app shows the new banner
 * after a reload once the read cache's time (shortened to 500 ms here) has passed, with the live
 * line among its CDN lines. A save the server refuses keeps its dialog open with the server's
 * message and the field it names marked (docs/admin-api.md, "Site settings"); the 字典 tab names
 * the demo's types in words (地区, 影片排序), and an entry is added, edited and deleted after a
 * question; 调整库存 says why it refuses a stock below zero. A banner is framed as the app shows it:
 * boxes of the app's own ratios on a phone (12:5) and a wide screen (3:1), measured in both, with a
 * word when an image's ratio is far off. A 运营 limited to one site is offered no change to the
 * shared 字典 and reads why, while keeping its site's banners. Screenshots of the banners and CDN
 * tabs at 1366 and 1024, the banners and their dialog at 1440 and 390. On the 站点 tab, a 运营 opens
 * the demo site's MacCMS feed to every title behind a key: the feed answers the key alone, and lists
 * more titles than the free ones the demo starts with.
 */
import type { Browser, Locator } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuOf, signInAt, type Credentials, startConsoleSuite, type ConsoleSuite } from './admin-flows.ts';
import { DESKTOP, noBrowser, openPage, PHONE, readIdb, WIDE } from './browser.ts';
import { shoot } from './screenshots.ts';
import { freePort } from '../scripts/lib/free-port.ts';
import type { RunningServer } from './server-process.ts';

const READ_CACHE_MS = 500;

describe.skipIf(noBrowser)('console 站点设置', () => {
  let browser: Browser;
  let suite: ConsoleSuite;
  let server: RunningServer;
  let ops: Credentials;
  let opsDialogs: Credentials;
  let opsEditor: Credentials;
  let opsAbroad: Credentials;
  let opsOneSite: Credentials;
  let opsFeed: Credentials;

  beforeAll(async () => {
    // The outbound guard's test mode: the line added below is on 127.0.0.1 (else 线路地址必须是公网地址).
    suite = await startConsoleSuite(
      'settings',
      [
        ['ops-settings', 'ops'],
        ['ops-dialogs', 'ops'],
        // One operator a test: a TOTP code signs in once.
        ['ops-editor', 'ops'],
        ['ops-abroad', 'ops'],
        ['ops-one-site', 'ops', '1'],
        ['ops-feed', 'ops'],
      ],
      {
        READ_CACHE_MS: String(READ_CACHE_MS),
        OUTBOUND_TEST_HOSTS: 'loopback',
      },
    );
    ({ server, browser } = suite);
    [ops, opsDialogs, opsEditor, opsAbroad, opsOneSite, opsFeed] = suite.operators as [
      Credentials,
      Credentials,
      Credentials,
      Credentials,
      Credentials,
      Credentials,
    ];
  });
  afterAll(() => suite?.stop());

  it('a 运营 changes a banner and adds a CDN line; the visitor app shows both after the cache time', async () => {
    const visitor = await openPage(browser, PHONE, server.baseURL);
    await visitor.page.goto('/');
    const firstTitle = visitor.page.locator('.banner-carousel__title').first();
    await firstTitle.waitFor();
    const before = await firstTitle.innerText();
    // The app's banner box on a phone, then on a wide screen (width / height).
    const appBox = visitor.page.locator('.banner-carousel .media-image').first();
    const ratioOf = async (box: Locator) => {
      const { width, height } = (await box.boundingBox())!;
      return width / height;
    };
    const appPhone = await ratioOf(appBox);
    await visitor.page.setViewportSize(WIDE.viewport);
    const appWide = await ratioOf(appBox);
    await visitor.page.setViewportSize(PHONE.viewport);
    expect(appPhone).toBeCloseTo(12 / 5, 1);
    expect(appWide).toBeCloseTo(3, 1);

    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAt(page, '/admin/settings', ops);
    expect(await menuOf(page)).toContain('站点设置');
    await page.getByRole('heading', { name: '站点设置' }).waitFor();
    await page.waitForURL(/\/admin\/settings\/banners$/);
    const rows = page.getByTestId('tab-banners').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    // The demo's banners preview on the site's line: every framed image loaded.
    await expect
      .poll(() =>
        page
          .locator('.banner-frame__box img')
          .evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    // Each row frames its image in boxes of the app's ratios, cropped as the app crops it (cover, centred).
    const firstFrames = rows.first().getByTestId('banner-frames');
    expect(await ratioOf(firstFrames.getByTestId('banner-frame-phone'))).toBeCloseTo(appPhone, 2);
    expect(await ratioOf(firstFrames.getByTestId('banner-frame-desktop'))).toBeCloseTo(appWide, 2);
    expect(
      await firstFrames
        .locator('img')
        .first()
        .evaluate((img) => {
          const style = getComputedStyle(img);
          return [style.objectFit, style.objectPosition];
        }),
    ).toEqual(['cover', '50% 50%']);

    // 编辑 the first banner: a new title and an uploaded image (cropped to the carousel's 1200×480).
    const newTitle = `运营新横幅 ${Date.now() % 100_000}`;
    await rows.first().getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('标题').fill(newTitle);
    // An image of another ratio (a 16:9 cover) is framed as the app would crop it, and said to be cut.
    const frames = dialog.getByTestId('banner-frames');
    expect(await ratioOf(frames.getByTestId('banner-frame-phone'))).toBeCloseTo(appPhone, 2);
    expect(await ratioOf(frames.getByTestId('banner-frame-desktop'))).toBeCloseTo(appWide, 2);
    expect(await frames.innerText()).toContain('建议 1200×480 像素');
    await dialog.getByLabel('图片', { exact: true }).fill('covers/c001.webp');
    await expect
      .poll(() => frames.getByRole('note').innerText())
      .toBe('图片比例（640×360）与轮播图不一致，上下会被裁掉');
    await shoot(page, 'admin-settings-banner-mismatch-1366');
    const image = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2d8cf0' } })
      .png()
      .toBuffer();
    await dialog.getByTestId('image-file').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: image });
    await expect
      .poll(() => dialog.getByLabel('图片', { exact: true }).inputValue())
      .toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    await expect
      .poll(() =>
        frames
          .getByTestId('banner-frame-phone')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(1200);
    expect(await frames.getByRole('note').count()).toBe(0);
    await shoot(page, 'admin-settings-banner-dialog-1366');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => rows.first().innerText()).toContain(newTitle);
    await shoot(page, 'admin-settings-banners-1366');

    // CDN 线路: the demo's two lines answer; a line on a closed port is 不可达, so saved 停用.
    await page.getByRole('link', { name: 'CDN 线路' }).click();
    const lines = page.getByTestId('tab-cdn-lines').locator('tbody tr');
    await expect.poll(() => lines.count()).toBe(2);
    await expect.poll(() => page.locator('.badge--ok').count()).toBe(2);
    const closed = await freePort();
    const deadUrl = `http://127.0.0.1:${closed}/cdn`;
    await page.getByRole('button', { name: '新增线路' }).click();
    await dialog.getByLabel('名称').fill('备用线路');
    await dialog.getByLabel('地址').fill(deadUrl);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: '线路不可达，已保存为停用：连接被拒绝' }).waitFor();
    await expect.poll(() => lines.count()).toBe(3);
    await expect.poll(() => lines.nth(2).innerText(), { timeout: 10_000 }).toContain('不可达');
    expect(await lines.nth(2).innerText()).toContain('停用');
    // A line that answers (this server's own media path) is saved 启用.
    const liveUrl = `${server.baseURL}/cdn/3`;
    await page.getByRole('button', { name: '新增线路' }).click();
    await dialog.getByLabel('名称').fill('新线路');
    await dialog.getByLabel('地址').fill(liveUrl);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => lines.count()).toBe(4);
    await expect.poll(() => lines.nth(3).innerText(), { timeout: 10_000 }).toMatch(/正常|延迟/);
    expect(await lines.nth(3).innerText()).toContain('启用');
    expect(await page.locator('.settings-tab__notice').count()).toBe(0);
    await page.getByRole('button', { name: '检测线路' }).click();
    await expect.poll(() => page.getByRole('button', { name: '检测线路' }).isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await lines.nth(0).innerText()).toMatch(/正常|延迟/);
    await shoot(page, 'admin-settings-cdn-1366');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shoot(page, 'admin-settings-cdn-1024');
    await page.getByRole('link', { name: '轮播图' }).click();
    await expect.poll(() => rows.first().innerText()).toContain(newTitle);
    await shoot(page, 'admin-settings-banners-1024');

    expect(problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
    await context.close();

    // The visitor's app, reloaded after the read cache's time: the new banner and the new line.
    expect(before).not.toBe(newTitle);
    // Reloaded until the read cache's entry (READ_CACHE_MS) has expired.
    await expect
      .poll(
        async () => {
          await visitor.page.reload();
          return visitor.page.locator('.banner-carousel__title').first().innerText();
        },
        { timeout: 20_000 },
      )
      .toBe(newTitle);
    const src = await visitor.page.locator('.banner-carousel__slide').first().locator('img').getAttribute('src');
    expect(src).toMatch(/^\/uploads\//);
    await expect
      .poll(async () => (await readIdb<{ lines: string[] }>(visitor.page, 'cdn'))?.lines ?? [])
      .toContain(liveUrl);
    expect((await readIdb<{ lines: string[] }>(visitor.page, 'cdn'))?.lines).not.toContain(deadUrl);
    await visitor.context.close();
  });

  it('a refused save keeps its dialog with the message and the field; 字典 adds, edits and deletes; 调整库存 refuses below zero', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAt(page, '/admin/settings', opsDialogs);
    const dialog = page.getByRole('dialog');
    /** 保存 refused: the dialog stays, says `message` and marks the field `label`; then 取消 closes it. */
    const refusedSave = async (label: string, message: string) => {
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect.poll(() => dialog.innerText()).toContain(message);
      expect(await dialog.getByLabel(label).getAttribute('class')).toContain('field__input--bad');
      await dialog.getByRole('button', { name: '取消' }).click();
      await dialog.waitFor({ state: 'detached' });
    };

    // A line address the server refuses: the dialog stays, says why and marks 地址.
    await page.getByRole('link', { name: 'CDN 线路' }).click();
    await page.getByRole('button', { name: '新增线路' }).click();
    await dialog.getByLabel('名称').fill('坏线路');
    await dialog.getByLabel('地址').fill('ftp://cdn.example.com/media');
    await refusedSave('地址', '线路地址须为 http(s) 地址');
    expect(await page.getByTestId('tab-cdn-lines').innerText()).not.toContain('坏线路');

    // A price finer than a fen is refused with its field marked, never rounded (8.888 is not ¥8.89).
    await page.getByRole('link', { name: 'VIP 套餐' }).click();
    const plan = page.getByTestId('tab-vip-plans').locator('tbody tr').first();
    await plan.waitFor();
    const planBefore = await plan.innerText();
    await plan.getByRole('button', { name: '编辑' }).click();
    await dialog.getByLabel('售价（元）').fill('8.888');
    await refusedSave('售价（元）', '售价最多两位小数（精确到分）');
    expect(await plan.innerText()).toBe(planBefore);

    // 字典: the demo's types in words, in the table and the filter; an entry added, edited and deleted.
    await page.getByRole('link', { name: '字典' }).click();
    const tab = page.getByTestId('tab-dictionary');
    const regionRow = tab.locator('tbody tr', { hasText: '地区' }).first();
    await regionRow.waitFor();
    expect(await tab.locator('tbody').innerText()).toContain('影片排序');
    expect(await tab.locator('tbody').innerText()).not.toMatch(/\bregion\b|\bmovieSort\b/);
    const typeFilter = tab.getByRole('combobox', { name: '类型' });
    await typeFilter.selectOption({ label: '地区' });
    await expect.poll(() => typeFilter.inputValue()).toBe('region');
    await expect
      .poll(async () => new Set(await tab.locator('tbody tr td:first-child').allInnerTexts()))
      .toEqual(new Set(['地区']));
    await typeFilter.selectOption('');
    const entry = tab.locator('tbody tr', { hasText: 'e2e-key' });
    await page.getByRole('button', { name: '新增字典项' }).click();
    await dialog.getByLabel('类型').fill('e2e-type');
    await dialog.getByLabel('键').fill('e2e-key');
    await dialog.getByLabel('显示名称').fill('测试项');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => entry.innerText()).toContain('测试项');
    await entry.getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => dialog.innerText()).toContain('编辑字典项 e2e-type/e2e-key');
    await dialog.getByLabel('显示名称').fill('改过的测试项');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => entry.innerText()).toContain('改过的测试项');
    await entry.getByRole('button', { name: '删除' }).click();
    expect(await dialog.innerText()).toContain('确定删除「e2e-type/e2e-key 改过的测试项」吗？');
    await dialog.getByRole('button', { name: '删除' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => entry.count()).toBe(0);

    // 调整库存 below zero: refused with the server's reason, the stock unchanged.
    await page.getByRole('link', { name: '积分商品' }).click();
    const goods = page.getByTestId('tab-goods').locator('tbody tr').first();
    await goods.waitFor();
    const before = await goods.innerText();
    await goods.getByRole('button', { name: '调整库存' }).click();
    await dialog.getByRole('textbox', { name: '增减（可为负数）' }).fill('-1000000');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => dialog.innerText()).toContain('库存不足以扣减');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await goods.innerText()).toBe(before);

    expect(problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
    await context.close();
  });
  it('unsaved edits in the title editor are not lost without a word: a link asks first, 继续编辑 keeps them, 离开 drops them', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAt(page, '/admin/content/16', opsEditor);
    const title = page.getByRole('group', { name: '基本信息' }).getByLabel('标题');
    await expect.poll(() => title.inputValue()).not.toBe('');
    const stored = await title.inputValue();
    const edited = `${stored}（未保存）`;
    await title.fill(edited);
    // Closing or reloading the tab asks through the browser's own prompt.
    const asksOnUnload = () =>
      page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await asksOnUnload()).toBe(true);

    const dialog = page.getByTestId('confirm-dialog');
    await page.getByRole('link', { name: '← 返回影片列表' }).click();
    await expect.poll(() => dialog.innerText()).toContain('有未保存的修改，离开后将丢失。');
    await shoot(page, 'console-editor-leave-1366');
    await dialog.getByRole('button', { name: '继续编辑' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/content/16');
    expect(await title.inputValue()).toBe(edited);
    await page.getByRole('group', { name: '时长与片头片尾' }).scrollIntoViewIfNeeded();
    await shoot(page, 'console-editor-marks-1366');

    await page.getByRole('navigation', { name: '导航', exact: true }).getByRole('link', { name: '站点设置' }).click();
    await dialog.getByRole('button', { name: '离开' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/settings' || url.pathname.startsWith('/admin/settings/'));
    // Nothing was saved; with nothing changed, leaving asks nothing.
    await page.goto('/admin/content/16');
    await expect.poll(() => title.inputValue()).toBe(stored);
    expect(await asksOnUnload()).toBe(false);
    await page.getByRole('link', { name: '← 返回影片列表' }).click();
    await page.waitForURL((url) => /^\/admin\/content\/?$/.test(url.pathname));
    expect(await dialog.count()).toBe(0);
    expect(problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
    await context.close();
  });
  it('an operator abroad reads and types every console time in Beijing time, labelled: a banner scheduled at 08:00 starts at 08:00 in China', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, {
      waitForApp: false,
      timezoneId: 'America/Los_Angeles',
    });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAt(page, '/admin/settings', opsAbroad);
    const dialog = page.getByRole('dialog');
    const rows = page.getByTestId('tab-banners').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const last = rows.last();
    await last.getByRole('button', { name: '编辑' }).click();
    await dialog.getByLabel('开始时间（北京时间）').fill('2030-01-02T08:00');
    await dialog.getByLabel('结束时间（北京时间）').fill('2030-01-03T20:30');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => last.innerText()).toContain('2030-01-02 08:00 ~ 2030-01-03 20:30');
    // Stored as those times in China (UTC+8), not in the operator's own zone (UTC-8).
    const stored = await page.evaluate(async () => {
      const sites = (await (await fetch('/admin-api/settings/sites')).json()) as { list: { id: number }[] };
      const banners = (await (await fetch(`/admin-api/settings/sites/${sites.list[0]!.id}/banners`)).json()) as {
        list: { startsAt: number | null; endsAt: number | null }[];
      };
      return banners.list.map((banner) => [banner.startsAt, banner.endsAt]);
    });
    expect(stored).toContainEqual([Date.UTC(2030, 0, 2, 0, 0), Date.UTC(2030, 0, 3, 12, 30)]);
    // Other lists say which zone their times are in.
    await page.goto('/admin/content');
    await expect.poll(() => page.getByRole('columnheader', { name: '更新时间（北京时间）' }).count()).toBe(1);
    expect(problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
    await context.close();
  });

  it('a 运营 limited to one site keeps its banners (framed at 1440 and 390) and is offered no change to the shared 字典', async () => {
    const { page, context, problems } = await openPage(browser, WIDE, server.baseURL, { waitForApp: false });
    await signInAt(page, '/admin/settings', opsOneSite);
    const rows = page.getByTestId('tab-banners').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    expect(await page.getByRole('button', { name: '新增轮播图' }).count()).toBe(1);
    await shoot(page, 'admin-settings-banners-1440', { settle: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'admin-settings-banners-390', { settle: true });
    await page.setViewportSize(WIDE.viewport);
    await rows.first().getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('banner-frames').waitFor();
    await shoot(page, 'admin-settings-banner-dialog-1440', { settle: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'admin-settings-banner-dialog-390', { settle: true });
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize(WIDE.viewport);

    await page.getByRole('link', { name: '字典' }).click();
    const tab = page.getByTestId('tab-dictionary');
    await tab.locator('tbody tr').first().waitFor();
    expect(await tab.getByTestId('every-site-note').innerText()).toBe(
      '字典为全部站点共用，只有可管理全部站点的操作员能修改',
    );
    for (const name of ['新增字典项', '编辑', '删除']) expect(await tab.getByRole('button', { name }).count()).toBe(0);
    await shoot(page, 'admin-settings-dictionary-one-site-1440');
    expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
    await context.close();
  });

  it('a 运营 opens the demo site’s MacCMS feed to every title behind a key; the feed answers the key alone', async () => {
    const feed = async (query: string) => {
      const res = await fetch(`${server.baseURL}/api.php/provide/vod/?ac=list${query}`);
      return { status: res.status, body: (await res.json()) as { code: number; msg: string; total?: number } };
    };
    const before = await feed('');
    expect(before.body.code).toBe(1);

    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize(WIDE.viewport);
    await signInAt(page, '/admin/settings/sites', opsFeed);
    const row = page.getByTestId('tab-sites').locator('tbody tr').first();
    await expect.poll(() => row.getByTestId('site-feed').innerText()).toBe('仅免费影片');
    await row.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('开放采集接口（MacCMS）').isChecked()).toBe(true);
    await dialog.getByLabel('接口列出的影片').selectOption({ label: '全部影片（VIP 与付费只给试看）' });
    // A key too short is refused with the field marked, the dialog kept.
    await dialog.getByLabel('采集密钥').fill('short');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => dialog.innerText()).toContain('采集密钥须为 8 到 64 位');
    expect(await dialog.getByLabel('采集密钥').getAttribute('class')).toContain('field__input--bad');
    await dialog.getByLabel('采集密钥').fill('demo-feed-2026');
    await shoot(page, 'admin-settings-site-feed-dialog-1440', { settle: true });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('site-feed').innerText()).toContain('全部影片');
    await shoot(page, 'admin-settings-sites-1440', { settle: true });

    expect(await feed('')).toMatchObject({ status: 403, body: { code: 0, msg: '密钥错误' } });
    const opened = await feed('&key=demo-feed-2026');
    expect(opened.body.code).toBe(1);
    expect(opened.body.total).toBeGreaterThan(before.body.total!);
    // The session check before signing in (401) and the refused key (400) are the only failed requests.
    expect(problems.filter((problem) => !/status of 40[01]/.test(problem))).toEqual([]);
    await context.close();
  });
});

/**
 * 批量上传分集 in Chromium, as a 运营 on a server of this file's own: a new series given three small
 * real videos (made here with the packaged ffmpeg) and a text file in one choice. The text file is
 * refused in words before anything is sent; the plan numbers EP01 and 第02集 by their names and
 * puts 花絮 (no number) after them; the operator removes one file and renumbers 花絮, leaving the
 * page asks first; then the files upload one after another, each episode is created with its number
 * and follows its ladder job to 可播放, and the batch ends with 3 个成功，0 个失败. A second choice of
 * EP01 shows that episode already has a video, skipped unless replaced. A third, of a file that only
 * claims to be a video and a real one: the first fails on its row, the second is made, the end says
 * 1 个成功，1 个失败 and offers 重试. Screenshots of the plan at 1440x900 and 390x844.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg } from '../server/seed/video-render.ts';
import { signInAt, startConsoleSuite, type ConsoleSuite, type Credentials } from './admin-flows.ts';
import { DESKTOP, noBrowser, openPage } from './browser.ts';
import { shoot } from './screenshots.ts';
import type { RunningServer } from './server-process.ts';

const run = promisify(execFile);
const SERIES_TITLE = '测试连续剧：批量上传';

/** `seconds` of 640x360 test pattern with a tone, as `name` in `dir`. */
async function makeVideo(dir: string, name: string, seconds: number): Promise<string> {
  const out = join(dir, name);
  await run(await ffmpeg(), [
    ...['-y', '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=640x360:r=25:d=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50'],
    ...['-c:a', 'aac', '-b:a', '64k', '-shortest', out],
  ]);
  return out;
}

const planRow = (page: Page, name: string) => page.getByTestId('batch-row').filter({ hasText: name });

describe.skipIf(noBrowser)('batch episode upload', () => {
  let browser: Browser;
  let suite: ConsoleSuite;
  let server: RunningServer;
  let ops: Credentials;
  let files: string[];
  let notVideo: string;
  let broken: string;
  let lastVideo: string;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'e2e-batch-files-'));
    notVideo = join(dir, '说明.txt');
    writeFileSync(notVideo, '这不是视频\n');
    const other = mkdtempSync(join(tmpdir(), 'e2e-batch-files-'));
    broken = join(other, 'EP03.mp4');
    writeFileSync(broken, Buffer.alloc(64 * 1024, 7));
    [files, suite] = await Promise.all([
      Promise.all([
        makeVideo(dir, 'EP01.mp4', 3),
        makeVideo(dir, '第02集.mp4', 4),
        makeVideo(dir, 'EP03.mp4', 2),
        makeVideo(dir, '花絮.mp4', 2),
        makeVideo(other, 'EP04.mp4', 2),
      ]),
      startConsoleSuite('batch', [['ops-batch', 'ops']]),
    ]);
    ({ server, browser } = suite);
    [ops] = suite.operators as [Credentials];
    lastVideo = files.pop()!;
  }, 240_000);
  afterAll(() => suite?.stop());

  it('plans, corrects and uploads several videos as episodes, refusing a text file first', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/admin/content', ops);
    await page.getByRole('button', { name: '新建影片' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('标题').fill(SERIES_TITLE);
    await dialog.getByLabel('分类').selectOption({ index: 2 });
    await dialog.getByRole('button', { name: '创建草稿' }).click();
    await page.getByRole('heading', { name: SERIES_TITLE }).waitFor();

    // One choice: four videos and a text file. The text file is refused in words; nothing is sent yet.
    const batch = page.getByTestId('batch-upload');
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/admin-api/uploads/')) uploads += 1;
    });
    await batch.getByLabel('批量选择视频文件').setInputFiles([...files, notVideo]);
    await expect.poll(() => batch.getByRole('alert').innerText()).toContain('说明.txt：不是视频文件');
    const rows = page.getByTestId('batch-row');
    await expect.poll(() => rows.count()).toBe(4);
    const numbers = async () =>
      Promise.all((await rows.all()).map((row) => row.getByRole('textbox').first().inputValue()));
    expect(await numbers()).toEqual(['1', '2', '3', '4']);
    expect(await rows.first().innerText()).toContain('EP01.mp4');
    expect(await rows.nth(1).innerText()).toContain('第02集.mp4');
    expect(await planRow(page, '花絮.mp4').innerText()).toContain('文件名中没有集数，排在最后');
    expect(uploads).toBe(0);

    // Corrections: EP03 is dropped, 花絮 becomes episode 5 with a title; a number two files share holds the batch.
    await batch.getByRole('button', { name: '移除 EP03.mp4' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    const extraNumber = batch.getByRole('textbox', { name: '花絮.mp4 的集数' });
    await extraNumber.fill('2');
    await expect.poll(() => planRow(page, '花絮.mp4').innerText()).toContain('与其他文件的集数重复');
    expect(await extraNumber.getAttribute('aria-invalid')).toBe('true');
    expect(await batch.getByRole('button', { name: '没有要上传的文件' }).isDisabled()).toBe(true);
    await extraNumber.fill('5');
    await batch.getByRole('textbox', { name: '花絮.mp4 的标题' }).fill('幕后花絮');
    await batch.getByRole('textbox', { name: '第02集.mp4 的标题' }).fill('重逢');
    await page.waitForLoadState('networkidle');
    await shoot(page, 'admin-batch-plan-1440', { focus: '[data-testid=batch-upload]' });
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'admin-batch-plan-390', { focus: '[data-testid=batch-plan]' });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Leaving with a plan not started asks first; 留在此页 keeps it.
    await page.getByRole('link', { name: '← 返回影片列表' }).click();
    const ask = page.getByTestId('confirm-dialog');
    await expect.poll(() => ask.innerText()).toContain('已选择的文件尚未开始上传');
    await ask.getByRole('button', { name: '留在此页' }).click();
    expect(await rows.count()).toBe(3);

    // One after another: each file's run, then its job; the episodes are made with their numbers.
    await batch.getByRole('button', { name: '开始上传（3 个）' }).click();
    const runs = page.getByTestId('batch-run');
    await expect.poll(() => runs.allInnerTexts()).toHaveLength(3);
    expect((await runs.allInnerTexts()).map((line) => line.split(/\s/)[0])).toEqual(['第1集', '第2集', '第5集']);
    const summary = page.getByTestId('batch-summary');
    await summary.waitFor({ timeout: 120_000 });
    expect(await summary.innerText()).toMatch(/^3 个成功，0 个失败/);
    for (const number of [1, 2, 5]) {
      await expect
        .poll(() => page.getByTestId(`episode-${number}`).innerText(), { timeout: 180_000 })
        .toContain('可播放');
    }
    expect(await page.getByTestId('episode-2').innerText()).toContain('重逢');
    expect(await page.getByTestId('episode-5').innerText()).toContain('幕后花絮');
    expect(await page.getByTestId('episode-3').count()).toBe(0);
    // The one-episode form offers the next free number.
    expect(await page.locator('.episodes-panel__add').getByRole('textbox', { name: '集数' }).inputValue()).toBe('6');
    await expect
      .poll(() => runs.allInnerTexts())
      .toEqual([expect.stringContaining('完成'), expect.stringContaining('完成'), expect.stringContaining('完成')]);
    await expect.poll(() => summary.innerText()).toBe('3 个成功，0 个失败');
    await shoot(page, 'admin-batch-done-1440', { focus: '[data-testid=batch-upload]' });
    await batch.getByRole('button', { name: '完成' }).click();

    // EP01 again: episode 1 has its video now, so the file is flagged and skipped unless replaced.
    await batch.getByLabel('批量选择视频文件').setInputFiles([files[0]!]);
    const again = planRow(page, 'EP01.mp4');
    await expect.poll(() => again.innerText()).toContain('该集已有视频');
    expect(await again.getByRole('combobox', { name: 'EP01.mp4 已有视频时' }).inputValue()).toBe('skip');
    expect(await batch.getByRole('button', { name: '没有要上传的文件' }).isDisabled()).toBe(true);
    await shoot(page, 'admin-batch-conflict-1440', { focus: '[data-testid=batch-plan]' });
    await again.getByRole('combobox').selectOption('replace');
    await batch.getByRole('button', { name: '开始上传（1 个）' }).waitFor();
    await batch.getByRole('button', { name: '清空' }).click();

    // A file that only claims to be a video fails on its row; the next file still goes, and 重试 is offered.
    await batch.getByLabel('批量选择视频文件').setInputFiles([broken, lastVideo]);
    await batch.getByRole('button', { name: '开始上传（2 个）' }).click();
    await expect.poll(() => summary.innerText(), { timeout: 120_000 }).toBe('1 个成功，1 个失败');
    expect(await runs.first().innerText()).toMatch(/第3集[\s\S]*失败：/);
    await expect.poll(() => page.getByTestId('episode-4').innerText(), { timeout: 180_000 }).toContain('可播放');
    expect(await page.getByTestId('episode-3').count()).toBe(0);
    await batch.getByRole('button', { name: '重试失败的文件' }).click();
    await expect.poll(() => summary.innerText(), { timeout: 60_000 }).toBe('1 个成功，1 个失败');

    // The session check before signing in (401) and the refused merge of the broken file (400) are expected answers.
    expect(problems.filter((problem) => !/status of (400|401) /.test(problem))).toEqual([]);
    await context.close();
  }, 600_000);
});

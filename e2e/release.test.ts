/**
 * Publishing from /release in a real Chromium against the served build: a 35 MB video uploaded
 * through the chunk calls (docs/api.md "Publishing calls"), the network cut half-way, the page
 * reloaded (draft and upload restored from IndexedDB), resumed sending only the missing chunks,
 * published, transcoded by the server and played as HLS. Naughty strings (the browser's half of
 * server/test/naughty-strings.test.ts), script and event-handler ones included, read back identical
 * as text on the topic page and nothing of them runs. Screenshots of /release mid-upload and of the
 * published topic, phone and desktop.
 */
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toParagraphs } from '../src/features/posts/post-view.ts';
import { parseInline } from '../contract/rich-text.ts';
import { DESKTOP, launch, noBrowser, openPage, PHONE, readIdb } from './browser.ts';
import { signedInUserId } from './member-flows.ts';
import { controlledBySw } from './pwa-browser.ts';
import {
  bigVideo,
  MIN_VIDEO_BYTES,
  newMemberToken,
  photo,
  publishThroughApi,
  watchChunkUploads,
} from './release-flows.ts';
import { shoot } from './screenshots.ts';

const CHUNK_BYTES = 2 * 1024 * 1024; // src/features/publish/upload/chunk-plan.ts DEFAULT_CHUNK_BYTES for this size
const video = (page: Page) => page.locator('[data-testid=release-video]:visible');
const phaseOf = (page: Page) => video(page).getAttribute('data-phase');

/** Fills the draft's text and picks the first forum group. */
async function compose(page: Page, title: string, body: string): Promise<void> {
  await page.locator('[role=radiogroup] .choice-chip').first().click();
  await page.locator('[data-testid=release-title]').fill(title);
  await page.locator('[data-testid=release-body]').fill(body);
}

describe.skipIf(noBrowser)('publishing in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'uploads a big video, survives a cut network and a reload, resends only missing chunks, publishes and plays it',
    { timeout: 300_000 },
    async () => {
      const file = await bigVideo();
      expect(file.size).toBeGreaterThanOrEqual(MIN_VIDEO_BYTES);
      const chunkCount = Math.ceil(file.size / CHUNK_BYTES);
      const { page, context, problems } = await openPage(browser, PHONE);
      await signedInUserId(page);
      const uploads = await watchChunkUploads(page, { delayMs: 250, cutAfter: Math.floor(chunkCount / 2) });
      await page.goto('/release');
      const title = '断点续传测试：一段 35 MB 的视频';
      await compose(page, title, '网络断开后刷新页面，**只补传缺少的分片**。\n\n第二段。');
      await page.locator('[data-testid=release-image-input]').setInputFiles(await photo());
      await expect
        .poll(() => page.locator('.image-tile:not(.is-pending):not(.image-tile--add)').count(), { timeout: 20_000 })
        .toBe(1);

      // The chunks are slowed a little, so the page is seen mid-upload; the network goes half-way.
      await page.locator('[data-testid=release-video-input]').setInputFiles(file.path);
      await expect.poll(() => phaseOf(page), { timeout: 60_000 }).toBe('uploading');
      await expect.poll(() => uploads.answered.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
      await shoot(page, 'release-uploading-phone', { focus: '[data-testid=release-video]' });
      await expect.poll(() => phaseOf(page), { timeout: 60_000 }).toBe('failed');
      expect(uploads.cut).toBe(true);
      const before = [...uploads.answered];
      expect(before.length).toBeLessThan(chunkCount);

      // Reload: the draft and the upload come back from IndexedDB, paused.
      Object.assign(uploads, { cut: false, cutAfter: null, delayMs: 0 });
      uploads.sent.length = 0;
      await page.reload();
      await expect.poll(() => phaseOf(page), { timeout: 20_000 }).toBe('paused');
      expect(await page.locator('[data-testid=release-title]:visible').inputValue()).toBe(title);
      await page.locator('[data-testid=release-video-resume]').click();
      await expect.poll(() => phaseOf(page), { timeout: 120_000 }).toBe('done');
      expect(await page.locator('[data-testid=release-video-status]:visible').innerText()).toMatch(
        /视频转码中|视频已就绪/,
      );

      // Only the missing chunks went out after the reload, each once.
      expect(uploads.sent).toHaveLength(chunkCount - before.length);
      expect([...before, ...uploads.sent].sort((a, b) => a! - b!)).toEqual(
        Array.from({ length: chunkCount }, (_, i) => i),
      );

      await page.locator('[data-testid=release-publish]').click();
      await page.waitForURL((url) => /^\/topic\/\d+$/.test(url.pathname), { timeout: 20_000 });
      const topicPath = new URL(page.url()).pathname;
      expect(Number(topicPath.split('/')[2])).toBeGreaterThanOrEqual(100_000);
      await expect.poll(() => page.locator('.post-detail__title:visible').innerText(), { timeout: 20_000 }).toBe(title);
      await expect
        .poll(() => page.locator('[data-testid=topic-video]:visible').getAttribute('data-state'), { timeout: 150_000 })
        .toBe('ready');
      await page.locator('.topic-video__play:visible').click();
      const player = page.locator('[data-testid=topic-video-player]:visible');
      await expect
        .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
        .toBeGreaterThan(1);
      await player.evaluate((element: HTMLVideoElement) => element.pause());
      await expect(page.locator('.post-body:visible strong').innerText()).resolves.toBe('只补传缺少的分片');
      expect(await page.locator('.post-images:visible .media-image').count()).toBe(1);
      await shoot(page, 'release-topic-phone');
      expect(
        problems.filter((problem) => !problem.includes('internetdisconnected') && !problem.includes('net::ERR')),
      ).toEqual([]);
      await context.close();

      // Desktop: the published topic, and /release mid-upload (the same file, sent slowly).
      const desk = await openPage(browser, DESKTOP);
      await signedInUserId(desk.page);
      await desk.page.goto(topicPath);
      await expect
        .poll(() => desk.page.locator('[data-testid=topic-video]:visible').getAttribute('data-state'), {
          timeout: 20_000,
        })
        .toBe('ready');
      await desk.page.waitForLoadState('networkidle');
      await shoot(desk.page, 'release-topic-desktop');
      await watchChunkUploads(desk.page, { delayMs: 600, cutAfter: null });
      await desk.page.goto('/release');
      await compose(desk.page, '桌面端发布', '正文');
      await desk.page.locator('[data-testid=release-video-input]').setInputFiles(file.path);
      await expect
        .poll(() => desk.page.locator('[data-testid=release-video]').getAttribute('data-phase'), { timeout: 60_000 })
        .toBe('uploading');
      await expect
        .poll(() => desk.page.locator('.upload-bar').getAttribute('aria-valuenow'), { timeout: 30_000 })
        .not.toBe('0');
      // Speed and time left are measured.
      await expect
        .poll(() => desk.page.locator('.upload-card__rate').innerText(), { timeout: 30_000 })
        .toMatch(/\/s · /);
      await shoot(desk.page, 'release-uploading-desktop', { focus: '[data-testid=release-video]' });
      await desk.page.locator('[data-testid=release-video-remove]').click();
      await desk.page.unrouteAll({ behavior: 'ignoreErrors' });
      await desk.context.close();
    },
  );

  it('keeps the draft in IndexedDB: it opens again offline, as it was', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signedInUserId(page);
    await page.goto('/release');
    await controlledBySw(page);
    await compose(page, '离线草稿', '断网**也不会丢**。');
    await page.locator('.choice-chip[aria-pressed]').first().click();
    // The draft's debounced write has reached IndexedDB.
    await expect
      .poll(async () => {
        const draft = await readIdb<{ title: string; tags: string[] }>(page, 'release-draft');
        return draft ? `${draft.title} ${draft.tags.length}` : '';
      })
      .toBe('离线草稿 1');
    await context.setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.locator('[data-testid=release-title]:visible').inputValue(), { timeout: 20_000 })
      .toBe('离线草稿');
    expect(await page.locator('[data-testid=release-body]:visible').inputValue()).toBe('断网**也不会丢**。');
    expect(await page.locator('.choice-chip.is-on').count()).toBe(2); // the group and the tag
    await page.getByRole('tab', { name: '预览' }).click();
    await expect.poll(() => page.locator('[data-testid=release-preview] strong').innerText()).toBe('也不会丢');
    await context.setOffline(false);
    await context.close();
  });

  it('shows naughty strings as the very text they are, and runs nothing of them', { timeout: 120_000 }, async () => {
    const naughty = createRequire(import.meta.url)('big-list-of-naughty-strings') as string[];
    const risky = naughty.filter((text) =>
      /<script|onerror|onload|onmouseover|javascript:|<svg|<img|<iframe|alert\(/i.test(text),
    );
    const sample = [
      ...risky.slice(0, 24),
      ...naughty.filter((text) => /[\u202e\u0300-\u036f]|𝐓|田中|ثم/.test(text)).slice(0, 6),
      '<img src=x onerror="window.__pwned=1">',
      '<script>window.__pwned=1</script>',
      '[点我](javascript:window.__pwned=1) javascript:window.__pwned=1',
      '**<b onmouseover="window.__pwned=1">粗体</b>** https://example.com/"onmouseover="window.__pwned=1',
    ].filter((text) => text.trim() !== '');
    expect(risky.length).toBeGreaterThan(10);
    let token = '';

    const { page, context } = await openPage(browser, PHONE);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signedInUserId(page);
    for (const [n, text] of sample.entries()) {
      if (n % 25 === 0) token = await newMemberToken(); // members may publish 30 topics a day
      const title = [...text].length <= 60 ? text : `长字符串 ${[...text].length}`;
      const id = await publishThroughApi(token, title, text);
      await page.goto(`/topic/${id}`);
      const article = page.locator('[data-testid=post-detail]:visible');
      await expect.poll(() => article.count(), { timeout: 20_000 }).toBe(1);
      expect(await article.locator('.post-detail__title').evaluate((h1) => h1.textContent)).toBe(title);
      const expected = toParagraphs(text).map((paragraph) =>
        parseInline(paragraph)
          .map((token) => token.text)
          .join(''),
      );
      expect(await article.locator('.post-body p').evaluateAll((ps) => ps.map((p) => p.textContent))).toEqual(expected);
      // Only the markup of the formatting: paragraphs, bold, http(s) links.
      const body = await article.locator('.post-body').evaluate((element) => ({
        tags: [...new Set([...element.querySelectorAll('*')].map((node) => node.tagName))],
        hrefs: [...element.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? ''),
        handlers: [...element.querySelectorAll('*')]
          .flatMap((node) => [...node.attributes].map((attr) => attr.name))
          .filter((name) => name.startsWith('on')),
      }));
      expect(
        body.tags.every((tag) => ['P', 'STRONG', 'A'].includes(tag)),
        JSON.stringify(body.tags),
      ).toBe(true);
      expect(body.hrefs.every((href) => /^https?:\/\//.test(href))).toBe(true);
      expect(body.handlers).toEqual([]);
      await article.locator('.post-body').hover();
    }
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => 'pwned' + String('__pwned' in window))).toBe('pwnedfalse');
    await context.close();
  });
});

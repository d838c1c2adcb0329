/**
 * Replies and movie comments in a real Chromium against the real server, as members in browser
 * contexts of their own: a reply with an image, a quote and an @mention; another member's reply
 * showing up on the next fetch without reloading the list; a reply written offline sent exactly
 * once on reconnect; a draft surviving a reload; a rated comment changing a movie's score; a link
 * with ?floor=N opening at that floor. Screenshots of a topic with replies and of the open composer,
 * on a phone and a desktop, go to SHOTS (e2e/screenshots.ts).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launch,
  noBrowser,
  notFromOffline,
  openPage,
  PHONE,
  readIdb,
  tokenCookie,
  type WatchedPage,
} from './browser.ts';
import { apiData } from './content-api.ts';
import { signedInUserId } from './member-flows.ts';
import { newMemberToken, photo, publishThroughApi } from './release-flows.ts';
import { shoot } from './screenshots.ts';

const WIDE = { viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 };
const stamp = () => Math.random().toString(36).slice(2, 8);

interface SavedUser {
  info: { id: number; nickname: string } | null;
}

const token = async (context: BrowserContext) => (await tokenCookie(context))!.value;

/** The member of a page: id, nickname and token. */
async function member(watched: WatchedPage) {
  const id = await signedInUserId(watched.page);
  const saved = await readIdb<SavedUser>(watched.page, 'user');
  return { id, nickname: saved!.info!.nickname, token: await token(watched.context) };
}

const floors = (page: Page) => page.locator('[data-testid=reply]:visible');
const floor = (page: Page, n: number) => page.locator(`[data-testid=reply][data-floor="${n}"]:visible`);

async function openComposer(page: Page): Promise<void> {
  await page.locator('[data-testid=composer-open]:visible').click();
  await expect.poll(() => page.locator('[data-testid=composer-input]:visible').count(), { timeout: 15_000 }).toBe(1);
}

const composerInput = (page: Page) => page.locator('[data-testid=composer-input]:visible');

async function send(page: Page): Promise<void> {
  await page.locator('[data-testid=composer-send]:visible').click();
}

const replyPage = (postId: number, viewer?: string) =>
  apiData('/reply/getPage', { targetType: 'post', targetId: postId, sort: 'newest', pageSize: 50 }, viewer);

describe.skipIf(noBrowser)('replies and comments in Chromium', () => {
  let browser: Browser;
  const opened: WatchedPage[] = [];
  let posterToken: string;
  let topicId: number;

  beforeAll(async () => {
    browser = await launch();
    posterToken = await newMemberToken();
    topicId = await publishThroughApi(posterToken, `回复测试 ${stamp()}`, '大家来聊聊这部片子的结局。');
    await apiData(
      '/reply/create',
      {
        targetType: 'post',
        targetId: topicId,
        body: '楼主先说：结局的反转我没看懂。',
        idempotencyKey: `e2e-first-${stamp()}-0000`,
      },
      posterToken,
    );
  });
  afterAll(async () => {
    for (const { context } of opened) await context.close().catch(() => undefined);
    await browser?.close();
  });

  async function open(device: typeof PHONE | typeof WIDE = PHONE): Promise<WatchedPage> {
    const watched = await openPage(browser, device);
    opened.push(watched);
    return watched;
  }

  it('A replies with an image, a quote and an @mention; B’s reply shows for A on the next fetch', async () => {
    const a = await open(PHONE);
    const b = await open(WIDE);
    const memberA = await member(a);
    const memberB = await member(b);

    await a.page.goto(`/topic/${topicId}`);
    await expect.poll(() => floors(a.page).count(), { timeout: 20_000 }).toBe(1);
    expect(await floor(a.page, 1).locator('.post-badge--poster').innerText()).toBe('楼主');

    // 回复 on floor 1 opens the sheet with that floor quoted.
    await floor(a.page, 1).locator('[data-testid=reply-quote-button]').click();
    await expect
      .poll(() => a.page.locator('[data-testid=composer-quote]:visible').count(), { timeout: 15_000 })
      .toBe(1);
    expect(await a.page.locator('[data-testid=composer-quote]:visible').innerText()).toContain('回复 1楼');

    // @ then the nickname: the autocomplete offers B; picking inserts "@昵称 ".
    const input = composerInput(a.page);
    await input.click();
    await input.pressSequentially('同问，');
    await input.pressSequentially(`@${memberB.nickname}`);
    const suggestion = a.page.locator('[data-testid=mention-list] button', { hasText: memberB.nickname });
    await expect.poll(() => suggestion.count(), { timeout: 10_000 }).toBe(1);
    await suggestion.click();
    // The pick puts the caret after "@昵称 " on the next frame; type once it is there.
    await expect
      .poll(() =>
        input.evaluate(
          (el: HTMLTextAreaElement) =>
            document.activeElement === el && el.value.endsWith(' ') && el.selectionStart === el.value.length,
        ),
      )
      .toBe(true);
    await input.pressSequentially('你怎么看？');
    expect(await input.inputValue()).toBe(`同问，@${memberB.nickname} 你怎么看？`);

    await a.page.locator('[data-testid=composer-images]:visible').click();
    await a.page.locator('[data-testid=reply-image-input]').setInputFiles(await photo());
    await expect
      .poll(() => a.page.locator('.composer div.image-tile:not(.is-pending)').count(), { timeout: 30_000 })
      .toBe(1);
    await shoot(a.page, 'replies-composer-phone', { settle: true });
    await send(a.page);

    await expect.poll(() => floor(a.page, 2).count(), { timeout: 15_000 }).toBe(1);
    const mine = floor(a.page, 2);
    expect(await mine.locator('[data-testid=reply-quote]').innerText()).toContain('回复 1楼');
    expect(await mine.locator('.reply__body').innerText()).toBe(`同问，@${memberB.nickname} 你怎么看？`);
    expect(await mine.locator('.reply-mention').getAttribute('href')).toBe(`/user/${memberB.id}`);
    await expect.poll(() => mine.locator('.reply-images__tile').count()).toBe(1);

    // What the server stored.
    const stored = (await replyPage(topicId)).list.find((reply) => reply.floor === 2)!;
    expect(stored.author?.id).toBe(memberA.id);
    expect(stored.quote?.floor).toBe(1);
    expect(stored.mentions.map((user) => user.id)).toEqual([memberB.id]);
    expect(stored.images).toHaveLength(1);

    // B (desktop) sees it, replies in the docked composer and reports A's floor.
    await b.page.goto(`/topic/${topicId}`);
    await expect.poll(() => floors(b.page).count(), { timeout: 20_000 }).toBe(2);
    await floor(b.page, 2).locator('[data-testid=reply-report]').click();
    await b.page.locator('.report-reason', { hasText: '垃圾广告' }).click();
    await b.page.locator('[data-testid=report-submit]').click();
    await expect.poll(() => b.page.getByText('举报已提交').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    await openComposer(b.page);
    await composerInput(b.page).fill(`我觉得结局是梦 ${stamp()}`);
    await shoot(b.page, 'replies-composer-desktop', { settle: true });
    await send(b.page);
    await expect.poll(() => floor(b.page, 3).count(), { timeout: 15_000 }).toBe(1);

    // A's list has not been reloaded; the next fetch (the page shown again) brings B's floor.
    expect(await floors(a.page).count()).toBe(2);
    await a.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => floor(a.page, 3).count(), { timeout: 15_000 }).toBe(1);
    expect(await floor(a.page, 3).locator('.reply__name').innerText()).toBe(memberB.nickname);
    expect(await a.page.locator('[data-testid=replies-title]:visible').innerText()).toBe('全部回复 3');

    // A likes B's floor: shown at once, counted by the server.
    await floor(a.page, 3).locator('[data-testid=reply-like]').click();
    await expect.poll(() => floor(a.page, 3).locator('[data-testid=reply-like-count]').innerText()).toBe('1');
    await expect
      .poll(async () => (await replyPage(topicId)).list.find((reply) => reply.floor === 3)?.likes, { timeout: 10_000 })
      .toBe(1);

    await a.page.evaluate(() => window.scrollTo(0, 0));
    await shoot(a.page, 'replies-topic-phone', { settle: true });

    // Two more reporters (B was the first) hide A's floor: A still sees it, marked 审核中.
    for (const reporter of [await newMemberToken(), await newMemberToken()])
      await apiData('/report/create', { targetType: 'reply', targetId: stored.id, reason: 'spam' }, reporter);
    await a.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect
      .poll(() => floor(a.page, 2).locator('[data-testid=reply-hidden]').innerText(), { timeout: 15_000 })
      .toBe('审核中');
    expect(
      (await replyPage(topicId, memberB.token)).list.some((reply) => reply.id === stored.id && !reply.hidden),
    ).toBe(false);
    await b.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await b.page.locator('[data-testid=replies]:visible').scrollIntoViewIfNeeded();
    await shoot(b.page, 'replies-topic-desktop', { settle: true });
  });

  it('a reply written offline is sent exactly once on reconnect', async () => {
    const c = await open(PHONE);
    await signedInUserId(c.page);
    await c.page.goto(`/topic/${topicId}`);
    await expect.poll(() => floors(c.page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const before = (await replyPage(topicId)).total;
    // The composer's code loads once online; then the network goes.
    await openComposer(c.page);
    await c.page.keyboard.press('Escape');
    await c.context.setOffline(true);

    const text = `离线写的回复 ${stamp()}`;
    await openComposer(c.page);
    await composerInput(c.page).fill(text);
    await send(c.page);
    await expect
      .poll(() => c.page.locator('[data-testid=composer-queued]:visible').innerText(), { timeout: 10_000 })
      .toBe('网络恢复后将自动发送');
    expect((await replyPage(topicId)).total).toBe(before);

    await c.context.setOffline(false);
    await expect.poll(() => floors(c.page).filter({ hasText: text }).count(), { timeout: 20_000 }).toBe(1);
    await c.page.waitForTimeout(1_500); // any second send would have gone out by now
    const after = await replyPage(topicId);
    expect(after.total).toBe(before + 1);
    expect(after.list.filter((reply) => reply.body === text)).toHaveLength(1);
    await expect.poll(() => c.page.locator('[data-testid=composer-queued]:visible').count()).toBe(0);
  });

  it('a reply written offline that the server refuses on reconnect goes back to the draft, with the reason', async () => {
    const c = await open(PHONE);
    await signedInUserId(c.page);
    await c.page.goto(`/topic/${topicId}`);
    await expect.poll(() => floors(c.page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const before = (await replyPage(topicId)).total;
    await openComposer(c.page);
    await c.page.keyboard.press('Escape');
    await c.context.setOffline(true);

    const text = `离线写的广告 网赌 ${stamp()}`;
    await openComposer(c.page);
    await composerInput(c.page).fill(text);
    await send(c.page);
    await expect
      .poll(() => c.page.locator('[data-testid=composer-queued]:visible').count(), { timeout: 10_000 })
      .toBe(1);

    // A toast is gone after a few seconds, which a slow machine may poll past: every toast shown
    // from here on is kept (its text as it appeared).
    await c.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLElement && node.classList.contains('toast')) seen.push(node.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true });
    });
    const refused = () =>
      c.page.evaluate(() =>
        (window as unknown as { toastsSeen: string[] }).toastsSeen.find((toast) =>
          toast.includes('离线时写的回复未能发送'),
        ),
      );
    await c.context.setOffline(false);
    await expect.poll(refused, { timeout: 30_000 }).toBeDefined();
    // The toast carries the server's reason, which names the word.
    expect(await refused()).toContain('网赌');
    const bar = c.page.locator('[data-testid=composer-open]:visible');
    await expect.poll(() => bar.innerText()).toContain('[草稿]');
    expect(await bar.innerText()).toContain('离线写的广告');
    await expect.poll(() => c.page.locator('[data-testid=composer-queued]:visible').count()).toBe(0);
    await openComposer(c.page);
    expect(await composerInput(c.page).inputValue()).toBe(text);
    expect((await replyPage(topicId)).total).toBe(before);
  });

  it('a draft survives a reload, is cleared by its send, and a deleted reply keeps its floor', async () => {
    const d = await open(WIDE);
    await signedInUserId(d.page);
    await d.page.goto(`/topic/${topicId}`);
    await expect.poll(() => floors(d.page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const text = `还没写完的草稿 ${stamp()}`;
    await openComposer(d.page);
    await composerInput(d.page).fill(text);
    const draftBody = async () =>
      (await readIdb<{ drafts: Record<string, { body: string }> }>(d.page, 'reply-drafts'))?.drafts[`post:${topicId}`]
        ?.body;
    await expect.poll(draftBody, { timeout: 5_000 }).toBe(text);

    await d.page.reload();
    await expect
      .poll(() => d.page.locator('[data-testid=composer-open]:visible').innerText(), { timeout: 20_000 })
      .toContain(text);
    expect(await d.page.locator('[data-testid=composer-open]:visible').innerText()).toContain('[草稿]');
    await openComposer(d.page);
    expect(await composerInput(d.page).inputValue()).toBe(text);

    // A refused send keeps the text and shows the server's message (a refused demo word).
    await composerInput(d.page).fill(`${text} 网赌`);
    await send(d.page);
    await expect
      .poll(() => d.page.locator('[data-testid=composer-error]:visible').innerText(), { timeout: 10_000 })
      .toContain('网赌');
    expect(await composerInput(d.page).inputValue()).toBe(`${text} 网赌`);
    await composerInput(d.page).fill(text);

    await send(d.page);
    const sent = floors(d.page).filter({ hasText: text });
    await expect.poll(() => sent.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(draftBody, { timeout: 5_000 }).toBe('');
    const floorNumber = Number(await sent.getAttribute('data-floor'));

    await sent.locator('[data-testid=reply-delete]').click();
    await d.page.locator('[data-testid=reply-delete-confirm]').click();
    await expect
      .poll(() => floor(d.page, floorNumber).locator('[data-testid=reply-deleted]').innerText(), { timeout: 10_000 })
      .toBe('该回复已删除');
    const stored = (await replyPage(topicId)).list.find((reply) => reply.floor === floorNumber)!;
    expect(stored.deleted).toBe(true);
  });

  it('a comment with a rating changes the score shown on the movie page', async () => {
    const m = await open(PHONE);
    await signedInUserId(m.page);
    const movie = (await apiData('/movie/getPage', { access: 'free', page: 1, pageSize: 1 })).list[0]!;
    const before = (await apiData('/movie/detail', { id: movie.id })).score;

    await m.page.goto(`/movie/${movie.id}`);
    await expect.poll(() => m.page.locator('[data-testid=movie-score]:visible').count(), { timeout: 20_000 }).toBe(1);
    await openComposer(m.page);
    await m.page.locator('[data-testid=rating-5]:visible').click();
    await composerInput(m.page).fill(`五星推荐，配乐太好了 ${stamp()}`);
    await send(m.page);

    await expect
      .poll(async () => (await apiData('/movie/detail', { id: movie.id })).score.count, { timeout: 10_000 })
      .toBe(before.count + 1);
    const after = (await apiData('/movie/detail', { id: movie.id })).score;
    const shown = `${(Math.round(after.average * 20) / 10).toFixed(1)}分`;
    await expect
      .poll(() => m.page.locator('[data-testid=movie-score-count]:visible').innerText(), { timeout: 10_000 })
      .toBe(`${after.count} 人评分`);
    expect(await m.page.locator('[data-testid=movie-score-value]:visible').innerText()).toBe(shown);
    const comment = floors(m.page).filter({ hasText: '五星推荐' });
    await expect.poll(() => comment.locator('.stars').getAttribute('aria-label')).toBe('5 星');

    await m.page.reload();
    await expect
      .poll(() => m.page.locator('[data-testid=movie-score-value]:visible').innerText(), { timeout: 20_000 })
      .toBe(shown);
    await shoot(m.page, 'replies-movie-score-phone', { settle: true });
    await expect.poll(() => floors(m.page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await m.page.locator('[data-testid=replies]:visible').scrollIntoViewIfNeeded();
    await shoot(m.page, 'replies-movie-comments-phone', { settle: true });

    // The play page shows the comments under the player.
    await m.page.goto(`/movie/play/${movie.id}`);
    await expect.poll(() => floors(m.page).filter({ hasText: '五星推荐' }).count(), { timeout: 20_000 }).toBe(1);
    await m.page.locator('[data-testid=replies]:visible').scrollIntoViewIfNeeded();
    await shoot(m.page, 'replies-play-comments-phone', { settle: true });
  });

  it('?floor=N opens the list at that floor, scrolled to and highlighted', async () => {
    const busiest = (await apiData('/topic/getPage', { sort: 'reply', page: 1, pageSize: 1 })).list[0]!;
    // A floor a few above the last, past the first page when the topic has that many.
    const { list } = await replyPage(busiest.id);
    const last = list.find((reply) => !reply.deleted)!.floor;
    const n = list.find((reply) => !reply.deleted && reply.floor <= last - 3)?.floor ?? last;
    const f = await open(PHONE);
    await f.page.goto(`/topic/${busiest.id}?floor=${n}`);
    const target = floor(f.page, n);
    await expect.poll(() => target.count(), { timeout: 30_000 }).toBe(1);
    const shown = await floors(f.page).evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-floor'))));
    expect(shown[0]).toBe(n);
    expect(shown.every((value, i) => i === 0 || value > shown[i - 1]!)).toBe(true);
    await expect.poll(() => target.evaluate((element) => element.classList.contains('is-highlighted'))).toBe(true);
    const box = await target.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(PHONE.viewport.height);
    expect(await f.page.getByText(`从 ${n}楼 开始查看`).count()).toBe(1);
  });

  it('a topic without replies invites the first one; its button opens the composer', async () => {
    const emptyId = await publishThroughApi(posterToken, `没人回复的话题 ${stamp()}`, '第一个回复的人在哪里？');
    const e = await open(PHONE);
    await e.page.goto(`/topic/${emptyId}`);
    const invite = e.page.locator('[data-testid=replies-empty]:visible');
    await expect.poll(() => invite.count(), { timeout: 20_000 }).toBe(1);
    expect(await invite.innerText()).toContain('还没有回复，快来抢沙发吧');
    await invite.scrollIntoViewIfNeeded();
    await shoot(e.page, 'replies-empty-phone', { settle: true });
    await invite.getByRole('button', { name: '抢沙发' }).click();
    await expect.poll(() => composerInput(e.page).count(), { timeout: 15_000 }).toBe(1);
  });

  it('no page logged an error or a failed request (but for the lost network)', () => {
    for (const { problems } of opened) expect(notFromOffline(problems)).toEqual([]);
  });
});

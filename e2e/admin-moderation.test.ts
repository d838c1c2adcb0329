/**
 * 审核 in Chromium against the production build, on a server of this file's own (reports hide an
 * item at 2 reporters): a visitor signed in by the app replies to a topic; two other members report
 * the reply; a 审核 operator finds it in /admin/moderation (screenshots at 1366 and 1024), hides it
 * with a reason through the dialog; the visitor opens /mine/message → 系统通知 and reads the reason;
 * a 超级管理员 sees it (审核 · 隐藏) in /admin/audit; and two replies hidden at once, then 撤销. Cards
 * are titled in words (回复 · 昵称); the type filter is kept in the address, so Back restores it.
 * 敏感词: a pasted list with a bad line is refused naming it; corrected, its new words are added in
 * one go and one already listed is skipped. A 审核 limited to one site reads them without the
 * controls to change them (the list is every site's) and a line saying why.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallPath, DataOf, PayloadOf } from '../contract/calls/call-map.ts';
import { DEV_KEY_MATERIAL } from '../contract/protocol/cipher.ts';
import { newDeviceId } from '../contract/protocol/ids.ts';
import { createNodeCipher } from '../contract/protocol/node-cipher.ts';
import { wrapRequest } from '../contract/protocol/wrapper.ts';
import { signInAt, type Credentials, startConsoleSuite, type ConsoleSuite } from './admin-flows.ts';
import { DESKTOP, noBrowser, openPage, PHONE, tokenCookie } from './browser.ts';
import { signedInUserId } from './member-flows.ts';
import { shoot } from './screenshots.ts';
import type { RunningServer } from './server-process.ts';

const cipher = createNodeCipher(DEV_KEY_MATERIAL);

describe.skipIf(noBrowser)('审核 in the console', () => {
  let browser: Browser;
  let suite: ConsoleSuite;
  let server: RunningServer;
  let moderator: Credentials;
  let superOp: Credentials;
  let bulkModerator: Credentials;
  let wordsModerator: Credentials;
  let oneSiteModerator: Credentials;
  let csvModerator: Credentials;

  /** A product call to this file's server, as the app makes it. */
  async function api<P extends CallPath>(path: P, payload: PayloadOf<P>, token?: string): Promise<DataOf<P>> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accountId: '10001' };
    if (token) headers.token = token;
    const body = JSON.stringify(wrapRequest(cipher, { appId: 'demo', payload }));
    const response = await fetch(`${server.baseURL}/api${path}`, { method: 'POST', headers, body });
    const envelope = JSON.parse(cipher.decryptBase64(await response.text())) as {
      code: number;
      msg: string;
      data: DataOf<P>;
    };
    if (envelope.code !== 0) throw new Error(`${path}: code ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  }
  /** A topic `owner` writes in the first forum group; answers its id. */
  const newTopic = async (title: string, owner: string) => {
    const groups = await api('/forum/getList', {});
    const topic = await api(
      '/topic/publish',
      {
        title: `${title} ${randomUUID().slice(0, 6)}`,
        body: '欢迎讨论',
        topicId: groups[0]!.topicId,
        tags: [],
        images: [],
      },
      owner,
    );
    return topic.id;
  };
  const newMember = async () => (await api('/register/deviceId', { deviceId: newDeviceId(), deviceType: 3 })).token;
  /** A reply by `writer` on the topic, reported by two other members for `reason`. */
  const reportedReply = async (topicId: number, writer: string, body: string, reason: 'spam' | 'abuse') => {
    const reply = await api(
      '/reply/create',
      { targetType: 'post', targetId: topicId, body, idempotencyKey: randomUUID() },
      writer,
    );
    for (const reporter of [await newMember(), await newMember()])
      await api(
        '/report/create',
        { targetType: 'reply', targetId: reply.id, reason, detail: reason === 'spam' ? '刷广告' : '骂人' },
        reporter,
      );
    return reply;
  };

  beforeAll(async () => {
    suite = await startConsoleSuite(
      'moderation',
      [
        ['mod-queue-e2e', 'moderator'],
        ['root-queue-e2e', 'super'],
        ['mod-bulk-e2e', 'moderator'],
        ['mod-words-e2e', 'moderator'],
        ['mod-one-site-e2e', 'moderator', '1'],
        ['mod-csv-e2e', 'moderator'],
      ],
      { REPORT_HIDE_THRESHOLD: '2' },
    );
    ({ server, browser } = suite);
    [moderator, superOp, bulkModerator, wordsModerator, oneSiteModerator, csvModerator] = suite.operators as [
      Credentials,
      Credentials,
      Credentials,
      Credentials,
      Credentials,
      Credentials,
    ];
  });
  afterAll(() => suite?.stop());

  it('a 审核 hides a reported reply, and its author gets the reason in 系统通知; the audit list shows it', async () => {
    // The visitor, signed in by the app itself, replies to a member's topic.
    const visitor = await openPage(browser, PHONE, server.baseURL);
    await signedInUserId(visitor.page);
    const visitorToken = (await tokenCookie(visitor.context))!.value;
    const owner = await newMember();
    const topicId = await newTopic('审核测试', owner);
    const text = `这是一条会被举报的回复 ${randomUUID().slice(0, 6)}`;
    const reply = await reportedReply(topicId, visitorToken, text, 'abuse');

    // Other items waiting, so the queue shows more than one kind: the topic and its owner's profile.
    const passerby = await newMember();
    await api(
      '/report/create',
      { targetType: 'post', targetId: topicId, reason: 'spam', detail: '像是广告' },
      passerby,
    );
    const ownerId = (await api('/current', {}, owner)).id;
    await api(
      '/report/create',
      { targetType: 'user', targetId: ownerId, reason: 'other', detail: '昵称不当' },
      passerby,
    );

    // The 审核 operator: the queue shows the reply with its reports.
    const { page, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAt(page, '/admin/moderation', moderator);
    await page.getByRole('heading', { name: '审核', exact: true }).waitFor();
    const card = page.locator(`[data-testid=moderation-item][data-id="reply:${reply.id}"]`);
    await card.waitFor({ timeout: 20_000 });
    const shown = await card.innerText();
    expect(shown).toContain(text);
    expect(shown).toContain('2 次举报');
    expect(shown).toContain('人身攻击 × 2');
    expect(shown).toContain('举报已隐藏');
    // Each card is titled in words (the kind, then its author or its title); the id is a detail.
    const { nickname } = await api('/current', {}, visitorToken);
    expect(await card.getByRole('heading').innerText()).toBe(`回复 · ${nickname}`);
    await page.getByRole('article', { name: `回复 · ${nickname}` }).waitFor();
    expect(shown).toContain(`#${reply.id}`);
    expect(shown).not.toContain(`reply:${reply.id}`);
    const topicCard = page.locator(`[data-testid=moderation-item][data-id="post:${topicId}"]`);
    expect(await topicCard.getByRole('heading').innerText()).toMatch(/^话题「审核测试 \S+」$/);
    await shoot(page, 'admin-moderation-queue-1366');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shoot(page, 'admin-moderation-queue-1024');

    // The type filter is in the address: 回复 only; 已处理, then Back, finds it again.
    const typeFilter = page.locator('select[name=type]');
    await typeFilter.selectOption({ label: '回复' });
    await expect.poll(() => new URL(page.url()).search).toBe('?type=reply');
    await expect.poll(() => topicCard.count()).toBe(0);
    await page.getByRole('link', { name: '已处理' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/moderation/handled');
    expect(await typeFilter.inputValue()).toBe('');
    await page.goBack();
    await expect.poll(() => typeFilter.inputValue()).toBe('reply');
    await card.waitFor();
    expect(await topicCard.count()).toBe(0);

    // 隐藏 with a reason: the dialog refuses an empty one, then the card leaves the 待处理 list.
    const reason = '人身攻击，请文明发言';
    await card.getByRole('button', { name: '隐藏' }).click();
    const dialog = page.getByTestId('reason-dialog');
    await dialog.getByRole('button', { name: '隐藏' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('请填写原因');
    await dialog.getByRole('button', { name: '辱骂、人身攻击' }).click();
    expect(await dialog.getByRole('textbox').inputValue()).toBe('辱骂、人身攻击');
    await dialog.getByRole('textbox').fill(reason);
    await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
    await shoot(page, 'admin-moderation-dialog-1024');
    await dialog.getByRole('button', { name: '隐藏' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await page.getByRole('link', { name: '已处理' }).click();
    const handled = page.locator(`[data-testid=moderation-item][data-id="reply:${reply.id}"]`);
    await expect.poll(async () => (await handled.count()) > 0 && (await handled.innerText())).toContain(reason);
    // The console's first session check answers 401 before sign-in, as it should.
    expect(problems.filter((line) => !line.includes('status of 401'))).toEqual([]);

    // The author reads the reason in 系统通知.
    await visitor.page.goto('/mine/message?tab=system');
    const notice = visitor.page.locator('[data-testid=notice]').first();
    await expect.poll(() => notice.innerText(), { timeout: 20_000 }).toContain(reason);
    expect(await notice.innerText()).toContain('已被隐藏');
    await shoot(visitor.page, 'admin-moderation-author-notice');

    // The audit list (超级管理员) shows the decision.
    const audit = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await audit.page.setViewportSize({ width: 1366, height: 900 });
    await signInAt(audit.page, '/admin/audit', superOp);
    await audit.page.locator('select[name=kind]').selectOption({ label: '审核' });
    const rows = audit.page.locator('.audit__table tbody tr').filter({ hasText: '审核 · 隐藏' });
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    const row = await rows.first().innerText();
    expect(row).toContain('mod-queue-e2e');
    expect(row).toMatch(new RegExp(`回复 .+ #${reply.id}`));
    expect(row).toContain(reason);
  });

  it('a 审核 hides two reported replies with one reason, and 撤销 shows them again', async () => {
    const owner = await newMember();
    const topicId = await newTopic('批量审核', owner);
    const writer = await newMember();
    const replies = [];
    for (const body of [`批量一 ${randomUUID().slice(0, 6)}`, `批量二 ${randomUUID().slice(0, 6)}`])
      replies.push(await reportedReply(topicId, writer, body, 'spam'));
    const visibleIds = async () =>
      (await api('/reply/getPage', { targetType: 'post', targetId: topicId, pageSize: 20 }, owner)).list.map(
        (r) => r.id,
      );

    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/admin/moderation', bulkModerator);
    const cards = replies.map((reply) => page.locator(`[data-testid=moderation-item][data-id="reply:${reply.id}"]`));
    for (const card of cards) {
      await card.waitFor({ timeout: 20_000 });
      await card.getByRole('checkbox').check();
    }
    const bar = page.getByRole('toolbar', { name: '已选 2 条' });
    await bar.getByRole('button', { name: '隐藏所选' }).click();
    const dialog = page.getByTestId('reason-dialog');
    await expect.poll(() => dialog.innerText()).toContain('隐藏 2 条内容');
    await dialog.getByRole('textbox').fill('广告刷屏');
    await dialog.getByRole('button', { name: '隐藏' }).click();
    const toast = page.getByRole('status').filter({ hasText: '已隐藏 2 条内容' });
    await toast.waitFor();
    for (const card of cards) await expect.poll(() => card.count()).toBe(0);
    await shoot(page, 'admin-moderation-bulk-1440');
    // Reported to the threshold they were already hidden from others; decided, they stay hidden.
    expect(await visibleIds()).not.toContain(replies[0]!.id);

    await toast.getByRole('button', { name: '撤销' }).click();
    await page.getByRole('status').filter({ hasText: '已撤销' }).waitFor();
    await expect.poll(visibleIds).toEqual(expect.arrayContaining(replies.map((reply) => reply.id)));
    await page.getByRole('link', { name: '已处理' }).click();
    for (const card of cards)
      await expect.poll(async () => (await card.count()) > 0 && card.innerText()).toContain('撤销批量隐藏');
    expect(problems.filter((line) => !line.includes('status of 401'))).toEqual([]);
    await context.close();
  });

  it('a 审核 exports the queue as filtered to CSV: every card of the type, in words, times in Beijing time', async () => {
    const owner = await newMember();
    const topicId = await newTopic('导出审核', owner);
    const writer = await newMember();
    const body = `导出的回复 ${randomUUID().slice(0, 6)}`;
    const reply = await reportedReply(topicId, writer, body, 'abuse');
    // A reported topic too, which the 回复 filter leaves out.
    await api(
      '/report/create',
      { targetType: 'post', targetId: topicId, reason: 'spam', detail: '广告' },
      await newMember(),
    );
    const { nickname } = await api('/current', {}, writer);

    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/admin/moderation', csvModerator);
    const card = page.locator(`[data-testid=moderation-item][data-id="reply:${reply.id}"]`);
    await card.waitFor({ timeout: 20_000 });
    await page.locator('select[name=type]').selectOption({ label: '回复' });
    await expect.poll(() => new URL(page.url()).search).toBe('?type=reply');
    await expect.poll(() => page.locator(`[data-testid=moderation-item][data-id="post:${topicId}"]`).count()).toBe(0);
    // Every card of the filter, 加载更多 until the end.
    const more = page.getByRole('button', { name: '加载更多' });
    while (await more.isVisible()) await more.click();
    const cards = await page.locator('[data-testid=moderation-item]').count();
    const cardTime = await card.locator('.mod-card__time').innerText();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 CSV' }).click(),
    ]);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`审核队列-待处理-${today}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      [
        '时间（北京时间）',
        '类型',
        '内容',
        '编号',
        '状态',
        '文本',
        '位置',
        '作者',
        '作者ID',
        '举报数',
        '举报原因',
        '标记',
        '处理',
        '处理说明',
        '处理人',
        '处理时间（北京时间）',
        '链接',
      ]
        .map((word) => `"${word}"`)
        .join(','),
    );
    expect(lines).toHaveLength(1 + cards);
    // Only replies: the topic reported above is not in it.
    expect(new Set(lines.slice(1).map((line) => line.split('","')[1]))).toEqual(new Set(['回复']));
    expect(csv).not.toContain(`"post:${topicId}"`);
    const row = lines.find((line) => line.includes(`"reply:${reply.id}"`))!;
    const cells = row.slice(1, -1).split('","');
    expect(cells[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(cells[0]!.startsWith(cardTime)).toBe(true);
    expect(cells.slice(1, 11)).toEqual([
      '回复',
      `回复 · ${nickname}`,
      `reply:${reply.id}`,
      '举报已隐藏',
      body,
      expect.stringContaining('导出审核'),
      nickname,
      expect.stringMatching(/^\d+$/),
      '2',
      '人身攻击 × 2',
    ]);
    await page
      .getByRole('status')
      .filter({ hasText: `已导出 ${cards} 条` })
      .waitFor();
    await shoot(page, 'admin-moderation-export-1440');
    expect(problems.filter((line) => !line.includes('status of 401'))).toEqual([]);
    await context.close();
  });

  it('a 审核 pastes several 敏感词: a bad line is named, then the new words are added and one listed is skipped', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAt(page, '/admin/moderation/words', wordsModerator);
    const field = page.getByRole('textbox', { name: '添加敏感词' });
    const add = page.getByRole('button', { name: /^添加/ });
    await field.fill('粘贴词甲');
    await add.click();
    await page.getByRole('status').filter({ hasText: '已添加 1 个' }).waitFor();

    const tooLong = '长'.repeat(51);
    await field.fill(`粘贴词乙\n${tooLong}\n粘贴词丙，粘贴词丁、粘贴词甲\n\n粘贴词乙`);
    await expect.poll(() => add.innerText()).toBe('添加 5 个');
    await add.click();
    const refusal = page.getByRole('alert');
    await expect.poll(() => refusal.innerText()).toContain('第 2 行「');
    expect(await refusal.innerText()).toContain('敏感词最多 50 个字');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const table = page.locator('.mod-table-wrap tbody');
    expect(await table.innerText()).not.toContain('粘贴词乙');

    await field.fill(`粘贴词乙\n粘贴词丙，粘贴词丁、粘贴词甲\n\n粘贴词乙`);
    await page.getByRole('combobox', { name: '处理方式', exact: true }).selectOption('mask');
    await add.click();
    await page.getByRole('status').filter({ hasText: '已添加 3 个，跳过已存在 1 个' }).waitFor();
    expect(await field.inputValue()).toBe('');
    for (const word of ['粘贴词乙', '粘贴词丙', '粘贴词丁'])
      await expect.poll(() => table.locator('tr', { hasText: word }).locator('select').inputValue()).toBe('mask');
    await shoot(page, 'admin-moderation-words-1366');
    expect(problems.filter((line) => !/status of (400|401)/.test(line))).toEqual([]);
    await context.close();
  });

  it('a 审核 limited to one site reads the shared 敏感词 without the controls to change them, and why', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP, server.baseURL, { waitForApp: false });
    await signInAt(page, '/admin/moderation/words', oneSiteModerator);
    await expect
      .poll(() => page.getByTestId('every-site-note').innerText())
      .toBe('敏感词库为全站共用，仅限不限站点的操作员修改');
    expect(await page.getByRole('textbox', { name: '添加敏感词' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0);
    expect(problems.filter((line) => !/status of 401/.test(line))).toEqual([]);
    await context.close();
  });
});

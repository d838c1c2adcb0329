/**
 * Moderation in the console: the queue of reported and held items (reports that do not count
 * toward hiding marked, bursts of reports against one author shown), hide / approve / delete with
 * the author's 系统通知 and the audit row, mutes and bans refusing members' writes with the end
 * time and reason, the sensitive-word list seen at once, first-post review, and the roles and
 * sites that may see and act.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  MODERATION_LIMITS,
  type ModerationItem,
  type ModerationPage,
  type ReportBurst,
  type UserSanctions,
  type WordPage,
} from '../../contract/admin/moderation.ts';
import { WORD_PASTE_LIMITS, type WordPasteResult } from '../../contract/admin/word-paste.ts';
import { ADMIN_COOKIE, CSRF_HEADER, type AdminSession, type OperatorRole } from '../../contract/admin/session.ts';
import type { NoticePage, ReplyPage } from '../../contract/calls/community.ts';
import type { Reply } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { createOperator } from '../admin/operators.ts';
import { totpCode } from '../admin/totp.ts';
import { invalidateWords } from '../moderation/sensitive-words.ts';
import { CX, newKey, newMember, seedCommunity, trustedMember, writeTopic, type Member } from './community-fixture.ts';
import { codeOf, dataOf } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const THRESHOLD = 2;
let serial = 0;

interface Op {
  cookie: string;
  csrf: string;
}

describe.each(DB_KINDS)('moderation in the console on %s', (kind) => {
  let h: Harness;
  let author: Member;
  let others: Member[];
  let topic: number;
  let moderator: Op;
  let siteA: Op;
  let superOp: Op;

  async function signIn(role: OperatorRole, siteIds: number[] | null = null): Promise<Op> {
    const op = await createOperator(h.db, { username: `mod_${kind}_${++serial}`, role, siteIds });
    const res = await h.app.inject({
      method: 'POST',
      url: '/admin-api/session',
      remoteAddress: `10.7.0.${serial}`,
      payload: {
        username: op.operator.username,
        password: op.password,
        totp: await totpCode(op.totpSecret, Date.now()),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = /admin_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
    return { cookie: `${ADMIN_COOKIE}=${token}`, csrf: res.json<AdminSession>().csrfToken };
  }

  const admin = (op: Op, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({
      method,
      url: `/admin-api${url}`,
      headers: { cookie: op.cookie, [CSRF_HEADER]: op.csrf },
      ...(payload === undefined ? {} : { payload }),
    });
  const ok = <T>(res: LightMyRequestResponse): T => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<T>();
  };
  const queue = async (op: Op, query = '') => ok<ModerationPage>(await admin(op, 'GET', `/moderation${query}`));

  const reply = (m: Member, body: string) =>
    h.client.call<Reply>(
      API.replyCreate,
      { targetType: 'post', targetId: topic, body, idempotencyKey: newKey() },
      { token: m.token },
    );
  const report = (m: Member, targetType: string, targetId: number) =>
    dataOf(h.client, API.reportCreate, { targetType, targetId, reason: 'abuse' }, m.token);
  const visibleIds = async (m?: Member) =>
    (await dataOf<ReplyPage>(h.client, API.replyPage, { targetType: 'post', targetId: topic, pageSize: 50 }, m?.token))
      .list;
  const systemNotices = async (m: Member) =>
    (await dataOf<NoticePage>(h.client, API.noticePage, { type: 'system' }, m.token)).list.map((n) => n.excerpt);

  async function reportedReply(body: string): Promise<Reply> {
    const { envelope } = await reply(author, body);
    expect(envelope.code, envelope.msg).toBe(0);
    for (const m of others.slice(0, THRESHOLD)) await report(m, 'reply', envelope.data.id);
    return envelope.data;
  }

  beforeAll(async () => {
    h = await createHarness(kind, {
      config: { REPORT_HIDE_THRESHOLD: THRESHOLD },
      seed: async (db) => {
        await seedCommunity(db);
        await db.query(
          `INSERT INTO sites (id, account_id, app_id, host, title) VALUES (2, '20002', 'b', 'b.example', 'B 站')`,
        );
      },
    });
    author = await newMember(h, 30);
    others = [await trustedMember(h), await trustedMember(h), await trustedMember(h)];
    topic = await writeTopic(h.db, others[2]!.id, '审核测试话题');
    moderator = await signIn('moderator');
    siteA = await signIn('moderator', [1]);
    superOp = await signIn('super');
  });
  afterAll(() => h?.close());

  it('lists a reply reported to the threshold, hides it with a reason the author reads, audited; approve restores it', async () => {
    const target = await reportedReply('这条回复会被举报');
    const item = (await queue(moderator)).list.find((i) => i.id === `reply:${target.id}`);
    // The author by name, which titles the card in the console (回复 · 昵称).
    const [{ nickname }] = (await h.db.query<{ nickname: string }>(`SELECT nickname FROM users WHERE id = $1`, [
      author.id,
    ])) as [{ nickname: string }];
    expect(nickname).not.toBe('');
    expect(item).toMatchObject({
      type: 'reply',
      kind: 'reply',
      state: 'auto_hidden',
      reportCount: THRESHOLD,
      countedReports: THRESHOLD,
      reasonCounts: { abuse: THRESHOLD },
      text: '这条回复会被举报',
      title: null,
      postKind: null,
      author: { id: author.id, nickname },
      flags: ['reports'],
      siteId: 1,
    });
    expect(item!.context).toContain('审核测试话题');
    expect(item!.reports).toHaveLength(THRESHOLD);
    expect(item!.reports[0]!.reporter).not.toBeNull();
    expect(item!.reports.every((r) => r.counted)).toBe(true);

    const noReason = await admin(moderator, 'POST', `/moderation/reply:${target.id}`, { action: 'hide' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ field: 'reason' });

    const hidden = ok<ModerationItem>(
      await admin(moderator, 'POST', `/moderation/reply:${target.id}`, { action: 'hide', reason: '人身攻击' }),
    );
    expect(hidden.state).toBe('hidden');
    expect(hidden.decision).toMatchObject({ action: 'hide', reason: '人身攻击' });
    expect((await visibleIds(others[0])).map((r) => r.id)).not.toContain(target.id);
    expect((await visibleIds()).map((r) => r.id)).not.toContain(target.id);
    expect((await visibleIds(author)).find((r) => r.id === target.id)?.hidden).toBe(true);
    expect((await systemNotices(author)).some((t) => t.includes('已被隐藏') && t.includes('人身攻击'))).toBe(true);
    const rows = await h.db.query<{ action: string; after: { reason: string } }>(
      `SELECT action, after FROM audit_log WHERE target_type = 'reply' AND target_id = $1`,
      [String(target.id)],
    );
    expect(rows).toEqual([
      expect.objectContaining({ action: 'moderation.hide', after: expect.objectContaining({ reason: '人身攻击' }) }),
    ]);
    // Handled, out of the pending tab.
    expect((await queue(moderator)).list.map((i) => i.id)).not.toContain(`reply:${target.id}`);
    expect((await queue(moderator, '?state=handled')).list.map((i) => i.id)).toContain(`reply:${target.id}`);

    const approved = ok<ModerationItem>(
      await admin(moderator, 'POST', `/moderation/reply:${target.id}`, { action: 'approve' }),
    );
    expect(approved.state).toBe('approved');
    expect((await visibleIds(others[0])).map((r) => r.id)).toContain(target.id);
  });

  it('lists reports of members who have not earned trust, marked as not counted, the item still shown', async () => {
    const { envelope } = await reply(author, '被新设备举报的回复');
    for (let i = 0; i < THRESHOLD; i++) await report(await newMember(h), 'reply', envelope.data.id);
    const item = (await queue(moderator)).list.find((i) => i.id === `reply:${envelope.data.id}`);
    expect(item).toMatchObject({ state: 'pending', reportCount: THRESHOLD, countedReports: 0 });
    expect(item!.reports.map((r) => r.counted)).toEqual([false, false]);
  });

  it('shows a burst of reports against one author from many reporters, with the counts and the window', async () => {
    const target = await newMember(h, 30);
    const items: number[] = [];
    for (let i = 0; i < 3; i++) items.push((await reply(target, `被集中举报的回复 ${i}`)).envelope.data.id);
    const crowd: Member[] = [];
    for (let i = 0; i < 5; i++) crowd.push(await newMember(h));
    const bursts = async (op: Op) => ok<ReportBurst[]>(await admin(op, 'GET', '/moderation/bursts'));
    for (const [i, member] of crowd.entries()) {
      await report(member, 'reply', items[i % items.length]!);
      // Four reporters are no burst yet.
      if (i === 3) expect((await bursts(moderator)).map((b) => b.author.id)).not.toContain(target.id);
      await report(member, 'user', target.id);
    }
    const burst = (await bursts(moderator)).find((b) => b.author.id === target.id);
    expect(burst).toMatchObject({
      author: { id: target.id },
      siteId: 1,
      reports: 10,
      reporters: 5,
      uncountedReporters: 5,
      items: 4,
      windowMinutes: 60,
    });
    expect(burst!.lastAt).toBeGreaterThanOrEqual(burst!.firstAt);
    expect((await bursts(siteA)).map((b) => b.author.id)).toContain(target.id);
    expect((await bursts(await signIn('moderator', [2]))).map((b) => b.author.id)).not.toContain(target.id);
    for (const role of ['finance', 'ops'] as const) {
      expect((await admin(await signIn(role), 'GET', '/moderation/bursts')).statusCode).toBe(403);
    }
    // A reporter's reports out of the window leave four: no burst.
    await h.db.query(`UPDATE reports SET created_at = now() - interval '61 minutes' WHERE reporter_id = $1`, [
      crowd[0]!.id,
    ]);
    expect((await bursts(moderator)).map((b) => b.author.id)).not.toContain(target.id);
  });

  it('deletes a reply keeping its floor (该回复已删除) and uncounting it on its post', async () => {
    const target = await reportedReply('将被删除的回复');
    const before = (await h.db.one<{ n: number }>('SELECT reply_count AS n FROM posts WHERE id = $1', [topic]))!.n;
    ok(await admin(moderator, 'POST', `/moderation/reply:${target.id}`, { action: 'delete', reason: '广告' }));
    const floor = (await visibleIds(others[0])).find((r) => r.id === target.id);
    expect(floor).toMatchObject({ floor: target.floor, deleted: true, body: '' });
    expect((await h.db.one<{ n: number }>('SELECT reply_count AS n FROM posts WHERE id = $1', [topic]))!.n).toBe(
      before - 1,
    );
    const again = await admin(moderator, 'POST', `/moderation/reply:${target.id}`, { action: 'approve' });
    expect(again.statusCode).toBe(400);
    expect((await systemNotices(author)).some((t) => t.includes('已被删除') && t.includes('广告'))).toBe(true);
  });

  it('hides several items with one reason, all or none, and approves them back (the undo)', async () => {
    const [a, b] = [await reportedReply('批量隐藏一'), await reportedReply('批量隐藏二')];
    const ids = [`reply:${a.id}`, `reply:${b.id}`];
    const hidden = ok<ModerationItem[]>(
      await admin(moderator, 'POST', '/moderation/decisions', { ids, action: 'hide', reason: '广告' }),
    );
    expect(hidden.map((item) => [item.id, item.state, item.decision?.reason])).toEqual([
      [ids[0], 'hidden', '广告'],
      [ids[1], 'hidden', '广告'],
    ]);
    const shown = (await visibleIds(others[0])).map((r) => r.id);
    expect(shown).not.toContain(a.id);
    expect(shown).not.toContain(b.id);
    const audited = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'moderation.hide' AND target_id = ANY($1::text[])`,
      [[String(a.id), String(b.id)]],
    );
    expect(audited[0]!.n).toBe(2);

    const back = ok<ModerationItem[]>(
      await admin(moderator, 'POST', '/moderation/decisions', { ids, action: 'approve' }),
    );
    expect(back.map((item) => item.state)).toEqual(['approved', 'approved']);
    expect((await visibleIds(others[0])).map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));

    // One missing item: nothing is decided. Bad lists name ids; a hide still needs its reason.
    const c = await reportedReply('批量隐藏三');
    const missing = await admin(moderator, 'POST', '/moderation/decisions', {
      ids: [`reply:${c.id}`, 'reply:987654'],
      action: 'hide',
      reason: '广告',
    });
    expect(missing.statusCode).toBe(404);
    expect((await visibleIds(author)).find((r) => r.id === c.id)?.hidden).toBe(true);
    expect((await queue(moderator)).list.find((i) => i.id === `reply:${c.id}`)?.state).toBe('auto_hidden');
    for (const ids of [
      [],
      ['bogus'],
      [`reply:${c.id}`, `reply:${c.id}`],
      Array.from({ length: 31 }, (_, i) => `reply:${i + 1}`),
    ]) {
      const bad = await admin(moderator, 'POST', '/moderation/decisions', { ids, action: 'hide', reason: '广告' });
      expect(bad.statusCode, JSON.stringify(ids)).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'ids' });
    }
    const noReason = await admin(moderator, 'POST', '/moderation/decisions', {
      ids: [`reply:${c.id}`],
      action: 'hide',
    });
    expect(noReason.json()).toMatchObject({ field: 'reason' });
  });

  it('answers 400 naming the field, 404 for a missing item', async () => {
    expect((await admin(moderator, 'POST', '/moderation/bogus', { action: 'hide', reason: 'x' })).json()).toMatchObject(
      {
        field: 'id',
      },
    );
    const badAction = await admin(moderator, 'POST', '/moderation/reply:1', { action: 'burn', reason: 'x' });
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json()).toMatchObject({ field: 'action' });
    expect((await admin(moderator, 'GET', '/moderation?type=video')).json()).toMatchObject({ field: 'type' });
    expect((await admin(moderator, 'GET', '/moderation?cursor=zzz')).statusCode).toBe(400);
    expect(
      (await admin(moderator, 'POST', '/moderation/reply:987654', { action: 'hide', reason: 'x' })).statusCode,
    ).toBe(404);
  });

  it('mutes a member: replies, danmaku, topics and profile edits refused with the end and the reason; reading goes on', async () => {
    const member = await newMember(h, 30);
    const until = Date.now() + 86_400_000;
    const state = ok<UserSanctions>(
      await admin(moderator, 'POST', `/users/${member.id}/mute`, { until, reason: '刷屏' }),
    );
    expect(state.mute).toMatchObject({ until, reason: '刷屏' });
    const refused = (await reply(member, '我被禁言了吗')).envelope;
    expect(refused.code).toBe(Code.NotAllowed);
    expect(refused.msg).toMatch(/^你已被禁言至 \d{4}-\d\d-\d\d \d\d:\d\d，原因：刷屏$/);
    const danmaku = await codeOf(
      h.client,
      API.danmakuSend,
      { movieId: CX.movies[0], atMs: 1000, text: '弹幕', idempotencyKey: newKey() },
      member.token,
    );
    expect(danmaku).toMatchObject({ code: Code.NotAllowed, msg: refused.msg });
    const publish = await codeOf(
      h.client,
      API.topicPublish,
      { title: '标题', body: '正文', topicId: CX.forumTopicId },
      member.token,
    );
    expect(publish.code).toBe(Code.NotAllowed);
    expect((await codeOf(h.client, API.updatePersonal, { nickname: '新名字' }, member.token)).code).toBe(
      Code.NotAllowed,
    );
    expect((await visibleIds(member)).length).toBeGreaterThan(0);
    expect((await systemNotices(member))[0]).toBe(refused.msg);

    const lifted = ok<UserSanctions>(await admin(moderator, 'DELETE', `/users/${member.id}/mute`, {}));
    expect(lifted.mute).toBeNull();
    expect((await reply(member, '解除禁言后')).envelope.code).toBe(0);
    expect((await systemNotices(member))[0]).toContain('禁言已解除');
    const bad = await admin(moderator, 'POST', `/users/${member.id}/mute`, { until: Date.now() - 1000, reason: 'x' });
    expect(bad.json()).toMatchObject({ field: 'until' });
    expect((await admin(moderator, 'POST', `/users/${member.id}/mute`, { until: 'permanent' })).json()).toMatchObject({
      field: 'reason',
    });
  });

  it('bans a member: every write refused, reading the inbox still works', async () => {
    const member = await newMember(h, 30);
    ok(await admin(moderator, 'POST', `/users/${member.id}/ban`, { until: 'permanent', reason: '发布违法内容' }));
    const like = await codeOf(h.client, API.topicLike, { id: topic, like: true }, member.token);
    expect(like).toEqual({ code: Code.NotAllowed, msg: '你的账号已被永久封禁，原因：发布违法内容' });
    expect((await reply(member, '被封了')).envelope.code).toBe(Code.NotAllowed);
    expect((await systemNotices(member))[0]).toBe('你的账号已被永久封禁，原因：发布违法内容');
    const audit = await h.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_type = 'user' AND target_id = $1`,
      [String(member.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['user.ban']);
  });

  it('adds a refused word that stops a reply at once, and removes it', async () => {
    const added = await admin(moderator, 'POST', '/moderation/words', { word: '禁词测试', action: 'refuse' });
    expect(added.statusCode).toBe(201);
    expect((await reply(author, '这里有禁词测试')).envelope).toMatchObject({ code: Code.InvalidParams });
    expect(
      (await admin(moderator, 'POST', '/moderation/words', { word: '禁词测试', action: 'mask' })).json(),
    ).toMatchObject({
      field: 'word',
    });
    ok(await admin(moderator, 'PATCH', `/moderation/words/${encodeURIComponent('禁词测试')}`, { action: 'mask' }));
    expect((await reply(author, '现在禁词测试被遮住')).envelope.data.body).toBe('现在****被遮住');
    const page = ok<WordPage>(await admin(moderator, 'GET', `/moderation/words?q=${encodeURIComponent('禁词')}`));
    expect(page.list).toEqual([expect.objectContaining({ word: '禁词测试', action: 'mask' })]);
    expect((await admin(siteA, 'DELETE', `/moderation/words/${encodeURIComponent('禁词测试')}`)).statusCode).toBe(403);
    expect((await admin(moderator, 'DELETE', `/moderation/words/${encodeURIComponent('禁词测试')}`)).statusCode).toBe(
      204,
    );
    invalidateWords();
    expect((await reply(author, '禁词测试已可发送')).envelope.code).toBe(0);
  });

  it('adds a pasted list in one call: all or none, words already listed skipped, each audited', async () => {
    const paste = (text: string, op = moderator) =>
      admin(op, 'POST', '/moderation/words/bulk', { text, action: 'mask' });
    ok(await admin(moderator, 'POST', '/moderation/words', { word: '批量旧词', action: 'refuse' }));
    const long = '长'.repeat(MODERATION_LIMITS.word + 1);

    // A bad line refuses the whole paste, each bad line named by its number and word.
    const refused = await paste(`批量甲\n${long}\n批量乙，批量丙\n批量\u0007丁`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      field: 'text',
      message: `第 2 行「${'长'.repeat(20)}…」：敏感词最多 ${MODERATION_LIMITS.word} 个字\n第 4 行「批量�丁」：敏感词不能包含换行或控制字符`,
    });
    const none = await h.db.query(`SELECT word FROM sensitive_words WHERE word IN ('批量甲', '批量乙', '批量丙')`);
    expect(none).toEqual([]);

    const added = ok<WordPasteResult>(await paste('批量甲\n\n批量乙，批量丙、批量甲\n 批量旧词 '));
    expect(added).toEqual({ added: ['批量甲', '批量乙', '批量丙'], existing: ['批量旧词'] });
    const rows = await h.db.query<{ word: string; action: string }>(
      `SELECT word, action FROM sensitive_words WHERE word LIKE '批量%' ORDER BY word`,
    );
    expect(rows).toEqual([
      { word: '批量丙', action: 'mask' },
      { word: '批量乙', action: 'mask' },
      { word: '批量旧词', action: 'refuse' },
      { word: '批量甲', action: 'mask' },
    ]);
    const audited = await h.db.query<{ target_id: string; after: unknown }>(
      `SELECT target_id, after FROM audit_log WHERE action = 'word.add' AND target_id LIKE '批量%' ORDER BY id`,
    );
    expect(audited).toEqual([
      { target_id: '批量旧词', after: { word: '批量旧词', action: 'refuse' } },
      { target_id: '批量甲', after: { word: '批量甲', action: 'mask' } },
      { target_id: '批量乙', after: { word: '批量乙', action: 'mask' } },
      { target_id: '批量丙', after: { word: '批量丙', action: 'mask' } },
    ]);
    expect((await reply(author, '这里有批量乙')).envelope.data.body).toBe('这里有***');

    // The limit counts distinct words; a site-limited operator may not change the shared list.
    const many = Array.from({ length: WORD_PASTE_LIMITS.words + 1 }, (_, i) => `上限${i}`);
    expect((await paste(many.join('\n'))).json()).toEqual({
      field: 'text',
      message: `一次最多添加 ${WORD_PASTE_LIMITS.words} 个敏感词（这次有 ${WORD_PASTE_LIMITS.words + 1} 个）`,
    });
    expect((await paste([...many.slice(1), ...many.slice(1)].join('、'))).statusCode).toBe(200);
    expect((await paste(' \n，')).json()).toEqual({ field: 'text', message: '请填写敏感词' });
    expect((await paste('批量丁', siteA)).statusCode).toBe(403);
    await h.db.query(`DELETE FROM sensitive_words WHERE word LIKE '批量%' OR word LIKE '上限%'`);
    invalidateWords();
  });

  it("holds a new account's first post for review when the site asks, then releases it on approval", async () => {
    const off = ok<{ siteId: number; firstPostReview: boolean }[]>(
      await admin(moderator, 'GET', '/moderation/settings'),
    );
    expect(off.find((s) => s.siteId === 1)?.firstPostReview).toBe(false);
    ok(await admin(moderator, 'PUT', '/moderation/settings', { siteId: 1, firstPostReview: true, newAccountDays: 3 }));
    expect(
      (await admin(siteA, 'PUT', '/moderation/settings', { siteId: 2, firstPostReview: true, newAccountDays: 3 }))
        .statusCode,
    ).toBe(403);
    const newcomer = await newMember(h);
    const { id } = await dataOf<{ id: number }>(
      h.client,
      API.topicPublish,
      { title: '新人第一帖', body: '大家好', topicId: CX.forumTopicId },
      newcomer.token,
    );
    expect((await codeOf(h.client, API.topicDetail, { id }, others[0]!.token)).code).toBe(Code.NotFound);
    // Its author reads it marked as hidden from others (the app shows 审核中).
    const own = await dataOf<{ hidden?: boolean }>(h.client, API.topicDetail, { id }, newcomer.token);
    expect(own.hidden).toBe(true);
    const held = (await queue(moderator, '?type=post')).list.find((i) => i.id === `post:${id}`);
    // Its card is named by its kind and title (话题「新人第一帖」), read in the queue's one query of posts.
    expect(held).toMatchObject({ state: 'held', flags: ['first_post'], title: '新人第一帖', postKind: 'topic' });
    ok(await admin(moderator, 'POST', `/moderation/post:${id}`, { action: 'approve' }));
    expect((await codeOf(h.client, API.topicDetail, { id }, others[0]!.token)).code).toBe(0);
    expect((await dataOf<{ hidden?: boolean }>(h.client, API.topicDetail, { id }, newcomer.token)).hidden).toBe(
      undefined,
    );
    expect((await systemNotices(newcomer))[0]).toContain('已通过审核');
    // The second post is not held: the account has an approved post.
    const second = await dataOf<{ id: number }>(
      h.client,
      API.topicPublish,
      { title: '第二帖', body: '正文', topicId: CX.forumTopicId },
      newcomer.token,
    );
    expect((await codeOf(h.client, API.topicDetail, { id: second.id }, others[0]!.token)).code).toBe(0);
    ok(await admin(moderator, 'PUT', '/moderation/settings', { siteId: 1, firstPostReview: false, newAccountDays: 3 }));
    // A post deleted with a reason is gone for its author too, who has the reason in 系统通知.
    ok(await admin(moderator, 'POST', `/moderation/post:${second.id}`, { action: 'delete', reason: '重复发帖' }));
    expect((await codeOf(h.client, API.topicDetail, { id: second.id }, newcomer.token)).code).toBe(Code.NotFound);
    expect((await systemNotices(newcomer))[0]).toContain('重复发帖');
  });

  it('keeps a moderator of site A from seeing or acting on site B, and other roles out', async () => {
    const memberB = await h.db.one<{ id: number }>(
      `INSERT INTO users (site_id, device_id, nickname, avatar) VALUES (2, 'dev-b', 'B站用户', '/a.svg') RETURNING id`,
    );
    const replyB = await h.db.one<{ id: number }>(
      `INSERT INTO replies (target_type, target_id, floor, author_id, body, created_at)
       VALUES ('post', $1, 9000, $2, 'B 站的回复', now()) RETURNING id`,
      [topic, memberB!.id],
    );
    const reporterB = await h.db.one<{ id: number }>(
      `INSERT INTO users (site_id, device_id, nickname, avatar) VALUES (2, 'dev-b2', 'B站举报者', '/a.svg') RETURNING id`,
    );
    await h.db.query(
      `INSERT INTO reports (site_id, reporter_id, target_type, target_id, reason) VALUES (2, $1, 'reply', $2, 'spam')`,
      [reporterB!.id, replyB!.id],
    );
    const ref = `reply:${replyB!.id}`;
    expect((await queue(moderator)).list.map((i) => i.id)).toContain(ref);
    expect((await queue(siteA)).list.map((i) => i.id)).not.toContain(ref);
    expect((await admin(siteA, 'GET', `/moderation/${ref}`)).statusCode).toBe(403);
    expect((await admin(siteA, 'POST', `/moderation/${ref}`, { action: 'hide', reason: 'x' })).statusCode).toBe(403);
    expect(
      (await admin(siteA, 'POST', `/users/${memberB!.id}/mute`, { until: 'permanent', reason: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await h.db.one<{ n: number }>('SELECT count(*)::int AS n FROM user_sanctions WHERE user_id = $1', [
        memberB!.id,
      ]))!.n,
    ).toBe(0);
    for (const role of ['finance', 'ops'] as const) {
      const op = await signIn(role);
      expect((await admin(op, 'GET', '/moderation')).statusCode).toBe(403);
      expect((await admin(op, 'POST', `/moderation/${ref}`, { action: 'hide', reason: 'x' })).statusCode).toBe(403);
      expect((await admin(op, 'POST', `/users/${author.id}/ban`, { until: 'permanent', reason: 'x' })).statusCode).toBe(
        403,
      );
    }
    expect((await queue(superOp)).list.map((i) => i.id)).toContain(ref);
  });
});

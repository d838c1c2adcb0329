/**
 * Reports (/report/create): N distinct trusted reporters hide a danmaku, a post, a reply or a user
 * for everyone but its author, N-1 do not; a repeat answers the first answer; reports arriving at
 * once hide once; unknown targets, one's own items and listed words in the detail are refused.
 * Reports of members who have not earned trust (new devices, guests, young or silent accounts,
 * muted members) are kept for the moderators but hide nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DanmakuItem, ReplyPage, ReportResult } from '../../contract/calls/community.ts';
import type { Reply } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import {
  CX,
  newKey,
  newMember,
  seedCommunity,
  setWords,
  trustedMember,
  writeTopic,
  type Member,
} from './community-fixture.ts';
import { codeOf, dataOf } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const THRESHOLD = 3;

describe.each(DB_KINDS)('reports on %s', (kind) => {
  let h: Harness;
  let author: Member;
  let reporters: Member[];
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedCommunity, config: { REPORT_HIDE_THRESHOLD: THRESHOLD } });
    author = await newMember(h);
    reporters = [];
    for (let i = 0; i < THRESHOLD + 1; i++) reporters.push(await trustedMember(h));
    await setWords(h.db, { 违禁词: 'refuse', 傻瓜: 'mask' });
  });
  afterAll(() => h?.close());

  const report = (member: Member, targetType: string, targetId: number, extra: Record<string, unknown> = {}) =>
    h.client.call<ReportResult>(
      API.reportCreate,
      { targetType, targetId, reason: 'spam', ...extra },
      { token: member.token },
    );

  const hiddenAt = async (table: string, id: number) =>
    (await h.db.one<{ hidden: boolean }>(`SELECT hidden_at IS NOT NULL AS hidden FROM ${table} WHERE id = $1`, [id]))!
      .hidden;

  /** THRESHOLD - 1 reports leave it shown; the last one hides it. */
  async function reportToThreshold(targetType: string, id: number, table: string, shown: () => Promise<void>) {
    for (const reporter of reporters.slice(0, THRESHOLD - 1)) {
      expect((await report(reporter, targetType, id)).envelope).toMatchObject({ code: 0, data: { hidden: false } });
    }
    expect(await hiddenAt(table, id)).toBe(false);
    await shown();
    expect((await report(reporters[THRESHOLD - 1]!, targetType, id)).envelope).toMatchObject({
      code: 0,
      data: { hidden: true },
    });
    expect(await hiddenAt(table, id)).toBe(true);
  }

  it('hides a danmaku for everyone but its sender once enough members reported it', async () => {
    const item = await dataOf<DanmakuItem>(
      h.client,
      API.danmakuSend,
      { movieId: 3, atMs: 7_000, text: '被举报的弹幕', idempotencyKey: newKey() },
      author.token,
    );
    const window = { movieId: 3, fromMs: 0, toMs: 60_000 };
    const ids = async (member?: Member) =>
      (await dataOf<DanmakuItem[]>(h.client, API.danmakuRange, window, member?.token)).map((d) => d.id);
    await reportToThreshold('danmaku', item.id, 'danmaku', async () => {
      expect(await ids(reporters[0])).toContain(item.id);
    });
    expect(await ids(reporters[0])).not.toContain(item.id);
    expect(await ids()).not.toContain(item.id);
    expect(await ids(author)).toContain(item.id);
    // A reporter reporting again answers what it answered the first time, writing nothing.
    expect((await report(reporters[THRESHOLD - 1]!, 'danmaku', item.id)).envelope).toMatchObject({
      code: 0,
      data: { hidden: true },
    });
    expect((await report(reporters[0]!, 'danmaku', item.id)).envelope.data).toEqual({ hidden: false });
    expect(
      await h.db.one(`SELECT count(*)::int AS n FROM reports WHERE target_type = 'danmaku' AND target_id = $1`, [
        item.id,
      ]),
    ).toEqual({ n: THRESHOLD });
    // One more distinct reporter after the threshold: counted, not hiding it again.
    expect((await report(reporters[THRESHOLD]!, 'danmaku', item.id)).envelope.data).toEqual({ hidden: false });
  });

  it('hides an item once when its threshold of reports arrives at once', async () => {
    const item = await dataOf<DanmakuItem>(
      h.client,
      API.danmakuSend,
      { movieId: 2, atMs: 3_000, text: '同时被举报', idempotencyKey: newKey() },
      author.token,
    );
    const answers = await Promise.all(reporters.slice(0, THRESHOLD).map((r) => report(r, 'danmaku', item.id)));
    expect(answers.map((a) => a.envelope.code)).toEqual(Array.from({ length: THRESHOLD }, () => 0));
    expect(answers.filter((a) => a.envelope.data.hidden)).toHaveLength(1);
    expect(await hiddenAt('danmaku', item.id)).toBe(true);
  });

  it('hides a post from lists and its detail for others, keeping it for its author', async () => {
    const postId = await writeTopic(h.db, author.id, '会被隐藏的话题');
    const listed = async (member?: Member) => {
      const page = await dataOf<{ list: { id: number }[] }>(
        h.client,
        API.topicPage,
        { topicId: CX.forumTopicId, pageSize: 50 },
        member?.token,
      );
      return page.list.some((post) => post.id === postId);
    };
    const detailCode = async (member?: Member) =>
      (await codeOf(h.client, API.topicDetail, { id: postId }, member?.token)).code;
    await reportToThreshold('post', postId, 'posts', async () => {
      expect(await listed()).toBe(true);
      expect(await detailCode(reporters[0])).toBe(Code.Ok);
    });
    expect(await listed()).toBe(false);
    expect(await detailCode()).toBe(Code.NotFound);
    expect(await detailCode(reporters[0])).toBe(Code.NotFound);
    expect(await detailCode(author)).toBe(Code.Ok);
  });

  it('hides a reply from the reply list for everyone but its author', async () => {
    const postId = await writeTopic(h.db, reporters[0]!.id);
    const reply = await dataOf<Reply>(
      h.client,
      API.replyCreate,
      { targetType: 'post', targetId: postId, body: '被举报的回复', idempotencyKey: newKey() },
      author.token,
    );
    const listed = async (member?: Member) =>
      (
        await dataOf<ReplyPage>(h.client, API.replyPage, { targetType: 'post', targetId: postId }, member?.token)
      ).list.find((r) => r.id === reply.id);
    await reportToThreshold('reply', reply.id, 'replies', async () => {
      expect(await listed(reporters[1])).toMatchObject({ body: '被举报的回复', hidden: false });
    });
    expect(await listed(reporters[1])).toBeUndefined();
    expect(await listed()).toBeUndefined();
    expect(await listed(author)).toMatchObject({ body: '被举报的回复', hidden: true, mine: true });
  });

  it('hides a user’s page and leaves them out of the authors list once enough members reported them', async () => {
    const suspect = await newMember(h);
    await writeTopic(h.db, suspect.id);
    const inAuthors = async () =>
      (await dataOf<{ list: { id: number }[] }>(h.client, API.userPage, { pageSize: 50 })).list.some(
        (u) => u.id === suspect.id,
      );
    await reportToThreshold('user', suspect.id, 'users', async () => {
      expect((await codeOf(h.client, API.userDetail, { id: suspect.id })).code).toBe(Code.Ok);
      expect(await inAuthors()).toBe(true);
    });
    expect(await codeOf(h.client, API.userDetail, { id: suspect.id })).toEqual({
      code: Code.NotFound,
      msg: '该用户正在审核中',
    });
    expect(await inAuthors()).toBe(false);
    // The member still reads their own account.
    expect((await codeOf(h.client, API.getUserInfo, {}, suspect.token)).code).toBe(Code.Ok);
  });

  it('refuses unknown targets (code 6), one’s own items (code 2) and listed words in the detail', async () => {
    for (const type of ['reply', 'post', 'danmaku', 'user']) {
      expect((await report(reporters[0]!, type, 987_654)).envelope.code, type).toBe(Code.NotFound);
    }
    expect((await report(reporters[0]!, 'post', Number.MAX_SAFE_INTEGER)).envelope.code).toBe(Code.NotFound);
    const own = await writeTopic(h.db, author.id);
    expect((await report(author, 'post', own)).envelope).toMatchObject({
      code: Code.InvalidParams,
      msg: '不能举报自己的内容',
    });
    expect((await report(author, 'user', author.id)).envelope.code).toBe(Code.InvalidParams);
    expect((await report(reporters[0]!, 'post', own, { detail: '他在卖违禁词' })).envelope).toMatchObject({
      code: Code.InvalidParams,
      msg: /^举报说明含有违禁词「违禁词」/,
    });
    expect((await report(reporters[0]!, 'post', own, { reason: 'boring' })).envelope).toMatchObject({
      code: Code.InvalidParams,
      msg: /reason/,
    });
    expect(await h.db.one('SELECT count(*)::int AS n FROM reports WHERE target_id = $1', [own])).toEqual({ n: 0 });
    expect((await report(reporters[0]!, 'post', own, { detail: '傻瓜内容' })).envelope.code).toBe(Code.Ok);
    expect(await h.db.one('SELECT detail FROM reports WHERE target_id = $1', [own])).toEqual({ detail: '**内容' });
  });
});

describe.each(DB_KINDS)('which reports count toward hiding on %s', (kind) => {
  let h: Harness;
  let author: Member;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedCommunity, config: { REPORT_HIDE_THRESHOLD: THRESHOLD } });
    author = await newMember(h);
    await setWords(h.db, {});
  });
  afterAll(() => h?.close());

  const report = (member: Member, targetType: string, targetId: number) =>
    h.client.call<ReportResult>(API.reportCreate, { targetType, targetId, reason: 'spam' }, { token: member.token });
  const countedOf = async (targetType: string, targetId: number) =>
    (
      await h.db.query<{ counted: boolean }>(
        'SELECT counted FROM reports WHERE target_type = $1 AND target_id = $2 ORDER BY id',
        [targetType, targetId],
      )
    ).map((row) => row.counted);
  const hiddenAt = async (table: string, id: number) =>
    (await h.db.one<{ hidden: boolean }>(`SELECT hidden_at IS NOT NULL AS hidden FROM ${table} WHERE id = $1`, [id]))!
      .hidden;

  it('keeps a topic shown when new devices report it, their reports kept for the moderators as not counted', async () => {
    const postId = await writeTopic(h.db, author.id, '被新设备举报的话题');
    for (let i = 0; i < THRESHOLD; i++) {
      expect((await report(await newMember(h), 'post', postId)).envelope).toMatchObject({
        code: 0,
        data: { hidden: false },
      });
    }
    expect((await codeOf(h.client, API.topicDetail, { id: postId })).code).toBe(Code.Ok);
    expect(await countedOf('post', postId)).toEqual([false, false, false]);
  });

  it('keeps a profile shown when new devices report it, and hides it when trusted members do', async () => {
    const suspect = await newMember(h);
    for (let i = 0; i < THRESHOLD; i++) await report(await newMember(h), 'user', suspect.id);
    expect((await codeOf(h.client, API.userDetail, { id: suspect.id })).code).toBe(Code.Ok);
    const trusted = [];
    for (let i = 0; i < THRESHOLD; i++) trusted.push(await trustedMember(h));
    const answers = [];
    for (const member of trusted) answers.push((await report(member, 'user', suspect.id)).envelope.data);
    expect(answers).toEqual([{ hidden: false }, { hidden: false }, { hidden: true }]);
    expect(await codeOf(h.client, API.userDetail, { id: suspect.id })).toEqual({
      code: Code.NotFound,
      msg: '该用户正在审核中',
    });
  });

  it('counts a report only from a bound account older than a day with writings of its own, and not muted', async () => {
    const postId = await writeTopic(h.db, author.id);
    const guest = await trustedMember(h);
    await h.db.query('UPDATE users SET account = NULL, password_hash = NULL WHERE id = $1', [guest.id]);
    const young = await trustedMember(h);
    await h.db.query(`UPDATE users SET created_at = now() - interval '23 hours' WHERE id = $1`, [young.id]);
    const silent = await trustedMember(h);
    // Writings hidden by reports or deleted are no history.
    await h.db.query('UPDATE posts SET hidden_at = now() WHERE author_id = $1', [silent.id]);
    const muted = await trustedMember(h);
    await h.db.query(
      `INSERT INTO user_sanctions (user_id, kind, until, reason) VALUES ($1, 'mute', now() + interval '1 day', '刷屏')`,
      [muted.id],
    );
    const replier = await newMember(h, 2);
    await h.db.query(`UPDATE users SET account = $2, password_hash = 'not-a-real-hash' WHERE id = $1`, [
      replier.id,
      `replier_${replier.id}`,
    ]);
    // Replies and movie comments are writings as much as topics are.
    for (let i = 0; i < h.config.REPORT_TRUST_WRITINGS; i++) {
      expect(
        (
          await codeOf(
            h.client,
            API.replyCreate,
            { targetType: 'movie', targetId: CX.movies[0], body: `第 ${i} 条评论`, idempotencyKey: newKey() },
            replier.token,
          )
        ).code,
      ).toBe(Code.Ok);
    }
    for (const member of [guest, young, silent, muted, replier]) await report(member, 'post', postId);
    expect(await countedOf('post', postId)).toEqual([false, false, false, false, true]);
    expect(await hiddenAt('posts', postId)).toBe(false);
  });
});

describe.each(DB_KINDS)('reports with the trust requirements turned off on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, {
      seed: seedCommunity,
      config: {
        REPORT_HIDE_THRESHOLD: THRESHOLD,
        REPORT_TRUST_ACCOUNT: 'off',
        REPORT_TRUST_AGE_HOURS: 0,
        REPORT_TRUST_WRITINGS: 0,
      },
    });
  });
  afterAll(() => h?.close());

  it('lets new devices hide a topic', async () => {
    const postId = await writeTopic(h.db, (await newMember(h)).id);
    const answers = [];
    for (let i = 0; i < THRESHOLD; i++) {
      const member = await newMember(h);
      answers.push(
        (
          await h.client.call<ReportResult>(
            API.reportCreate,
            { targetType: 'post', targetId: postId, reason: 'spam' },
            { token: member.token },
          )
        ).envelope.data,
      );
    }
    expect(answers.at(-1)).toEqual({ hidden: true });
    expect((await codeOf(h.client, API.topicDetail, { id: postId })).code).toBe(Code.NotFound);
  });
});

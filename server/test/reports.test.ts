/**
 * Reports (/report/create): N distinct reporters hide a danmaku, a post, a reply or a user for
 * everyone but its author, N-1 do not; a repeat answers the first answer; reports arriving at once
 * hide once; unknown targets, one's own items and listed words in the detail are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DanmakuItem, ReplyPage, ReportResult } from '../../contract/calls/community.ts';
import type { Reply } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { CX, newKey, newMember, seedCommunity, setWords, writeTopic, type Member } from './community-fixture.ts';
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
    for (let i = 0; i < THRESHOLD + 1; i++) reporters.push(await newMember(h));
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
      msg: /^detail 含有违禁词「违禁词」/,
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

/**
 * Moderation: the sensitive-word list (refused naming the word, masked, folded for case and width,
 * re-read when it changes), the one-minute repeat check, rate limits of members' writings (new
 * accounts limited further), and reports: N distinct reporters hide a danmaku, a post, a reply or a
 * user for everyone but its author, N-1 do not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DanmakuItem, ReplyPage, ReportResult } from '../../contract/calls/community.ts';
import type { Reply } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { RATE_RULES } from '../protocol/rate-limit.ts';
import { invalidateWords, sensitiveWords, WORDS_CHECK_MS } from '../moderation/sensitive-words.ts';
import { screenText } from '../moderation/text-screen.ts';
import { CX, newKey, newMember, seedCommunity, setWords, writeTopic, type Member } from './community-fixture.ts';
import { codeOf, dataOf } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const THRESHOLD = 3;
const LIMITED = /^操作太频繁，请 \d+ 秒后再试$/;

describe.each(DB_KINDS)('moderation on %s', (kind) => {
  let h: Harness;
  let author: Member;
  let reporters: Member[];
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedCommunity, config: { REPORT_HIDE_THRESHOLD: THRESHOLD } });
    author = await newMember(h);
    reporters = [];
    for (let i = 0; i < THRESHOLD + 1; i++) reporters.push(await newMember(h));
    await setWords(h.db, { 违禁词: 'refuse', Spam: 'refuse', 傻瓜: 'mask', abc: 'mask' });
  });
  afterAll(() => h?.close());

  const sendDanmaku = (member: Member, text: string, movieId: number = CX.movies[0]) =>
    codeOf(h.client, API.danmakuSend, { movieId, atMs: 1_000, text, idempotencyKey: newKey() }, member.token);
  const report = (member: Member, targetType: string, targetId: number, extra: Record<string, unknown> = {}) =>
    h.client.call<ReportResult>(
      API.reportCreate,
      { targetType, targetId, reason: 'spam', ...extra },
      { token: member.token },
    );

  describe('the sensitive-word list', () => {
    it('refuses a text with a listed word, naming the field and the word, whatever its case or width', async () => {
      expect(await sendDanmaku(author, '这里有违禁词哦')).toEqual({
        code: Code.InvalidParams,
        msg: 'text 含有违禁词「违禁词」，请修改后再发送',
      });
      for (const text of ['buy SPAM now', 'ｓｐａｍ 来了', 'ＳＰＡＭ']) {
        expect(await sendDanmaku(author, text), text).toMatchObject({ code: Code.InvalidParams, msg: /「Spam」/ });
      }
      expect(await h.db.one(`SELECT count(*)::int AS n FROM danmaku WHERE text LIKE '%违禁词%'`)).toEqual({ n: 0 });
    });

    it('stores a text with a masked word masked, one * per character', async () => {
      const item = await dataOf<DanmakuItem>(
        h.client,
        API.danmakuSend,
        { movieId: 1, atMs: 2_000, text: '你个傻瓜，ABC 和 ａｂｃ', idempotencyKey: newKey() },
        author.token,
      );
      expect(item.text).toBe('你个**，*** 和 ***');
      expect(await h.db.one('SELECT text FROM danmaku WHERE id = $1', [item.id])).toEqual({ text: item.text });
    });

    it('screens replies and movie comments the same way', async () => {
      const topic = await writeTopic(h.db, reporters[0]!.id);
      const create = (targetType: string, targetId: number, body: string) =>
        h.client.call<Reply>(
          API.replyCreate,
          { targetType, targetId, body, idempotencyKey: newKey() },
          { token: author.token },
        );
      expect((await create('post', topic, '出售违禁词')).envelope).toMatchObject({
        code: Code.InvalidParams,
        msg: 'body 含有违禁词「违禁词」，请修改后再发送',
      });
      expect((await create('movie', 2, 'SPAM!')).envelope).toMatchObject({ code: Code.InvalidParams, msg: /「Spam」/ });
      const masked = (await create('movie', 2, '这部片的傻瓜剧情')).envelope;
      expect(masked).toMatchObject({ code: 0, data: { body: '这部片的**剧情' } });
      expect(await h.db.one('SELECT body FROM replies WHERE id = $1', [masked.data.id])).toEqual({
        body: '这部片的**剧情',
      });
      expect(await h.db.one(`SELECT count(*)::int AS n FROM replies WHERE body LIKE '%违禁词%'`)).toEqual({ n: 0 });
    });

    it('takes a change of the list at once after invalidation', async () => {
      expect(await screenText(h.db, 'body', '新词出现')).toBe('新词出现');
      await setWords(h.db, { 违禁词: 'refuse', Spam: 'refuse', 傻瓜: 'mask', abc: 'mask', 新词: 'mask' });
      expect(await screenText(h.db, 'body', '新词出现')).toBe('**出现');
      await expect(screenText(h.db, 'body', '一个违禁词')).rejects.toMatchObject({
        code: Code.InvalidParams,
        message: 'body 含有违禁词「违禁词」，请修改后再发送',
      });
    });
  });

  describe('the cached list', () => {
    it('notices a change of the table by itself once WORDS_CHECK_MS have passed', async () => {
      invalidateWords();
      const t = Date.now();
      const before = await sensitiveWords(h.db, t);
      await h.db.query(`INSERT INTO sensitive_words (word, action) VALUES ('悄悄加的', 'refuse')`);
      expect(await sensitiveWords(h.db, t + WORDS_CHECK_MS - 1)).toBe(before);
      const later = await sensitiveWords(h.db, t + WORDS_CHECK_MS);
      expect(later).not.toBe(before);
      expect(later.matcher!.match('有悄悄加的词')).toBe(true);
      // Unchanged table: the same automaton, not rebuilt.
      expect(await sensitiveWords(h.db, t + 2 * WORDS_CHECK_MS)).toBe(later);
      await h.db.query(`DELETE FROM sensitive_words WHERE word = '悄悄加的'`);
      invalidateWords();
    });
  });

  describe('the one-minute repeat check', () => {
    it('refuses the same danmaku text from the same member within a minute, not from another or later', async () => {
      const first = await newMember(h);
      expect((await sendDanmaku(first, '同一句话')).code).toBe(Code.Ok);
      expect(await sendDanmaku(first, '同一句话')).toEqual({
        code: Code.RateLimited,
        msg: '一分钟内请勿重复发送相同的内容',
      });
      // On another movie too: the check is per member.
      expect((await sendDanmaku(first, '同一句话', 2)).code).toBe(Code.RateLimited);
      expect((await sendDanmaku(first, '另一句话')).code).toBe(Code.Ok);
      expect((await sendDanmaku(author, '同一句话')).code).toBe(Code.Ok);
      await h.db.query(`UPDATE danmaku SET created_at = now() - interval '61 seconds' WHERE user_id = $1`, [first.id]);
      expect((await sendDanmaku(first, '同一句话')).code).toBe(Code.Ok);
    });

    it('lets one of the same text sent at once through', async () => {
      const member = await newMember(h);
      const answers = await Promise.all(Array.from({ length: 8 }, () => sendDanmaku(member, '一起发的同一句')));
      expect(answers.filter((a) => a.code === Code.Ok)).toHaveLength(1);
      expect(answers.filter((a) => a.code === Code.RateLimited)).toHaveLength(7);
    });

    it('refuses the same reply text from the same member within a minute', async () => {
      const writer = await newMember(h);
      const topic = await writeTopic(h.db, author.id);
      const reply = (targetId: number) =>
        codeOf(
          h.client,
          API.replyCreate,
          { targetType: 'post', targetId, body: '沙发！', idempotencyKey: newKey() },
          writer.token,
        );
      expect((await reply(topic)).code).toBe(Code.Ok);
      expect(await reply(topic)).toEqual({ code: Code.RateLimited, msg: '一分钟内请勿重复发送相同的内容' });
      expect((await reply(await writeTopic(h.db, author.id))).code).toBe(Code.RateLimited);
      await h.db.query(`UPDATE replies SET created_at = now() - interval '61 seconds' WHERE author_id = $1`, [
        writer.id,
      ]);
      expect((await reply(topic)).code).toBe(Code.Ok);
    });
  });

  describe('reports', () => {
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
});

describe.each(DB_KINDS)('rate limits of members’ writings on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedCommunity, config: { RATE_LIMITS: 'on' } });
    await setWords(h.db, {});
  });
  afterAll(() => h?.close());

  const rule = (name: string) => RATE_RULES.find((r) => r.name === name)!;

  /** Distinct danmaku until the first refusal; answers how many passed and the refusal. */
  async function flood(member: Member, max: number) {
    for (let i = 0; i < max; i++) {
      const answer = await codeOf(
        h.client,
        API.danmakuSend,
        { movieId: 1, atMs: i * 100, text: `第${i}条`, idempotencyKey: newKey() },
        member.token,
      );
      if (answer.code !== Code.Ok) return { passed: i, answer };
    }
    return { passed: max, answer: null };
  }

  it('gives code 8 with the wait once a day-old account floods danmaku, and a new account sooner', async () => {
    const { limit, newAccountLimit } = rule('danmaku');
    expect(newAccountLimit).toBeLessThan(limit);
    const old = await flood(await newMember(h, 1), limit + 5);
    expect(old.passed).toBe(limit);
    expect(old.answer).toMatchObject({ code: Code.RateLimited, msg: expect.stringMatching(LIMITED) });
    const young = await flood(await newMember(h), limit + 5);
    expect(young.passed).toBe(newAccountLimit);
    expect(young.answer).toMatchObject({ code: Code.RateLimited, msg: expect.stringMatching(LIMITED) });
  });

  it('limits replies and comments per member, a new account sooner', async () => {
    const { limit, newAccountLimit } = rule('reply');
    const topic = await writeTopic(h.db, (await newMember(h)).id);
    const replies = async (member: Member) => {
      const codes: number[] = [];
      for (let i = 0; i <= limit; i++) {
        const target = i % 2 ? { targetType: 'post', targetId: topic } : { targetType: 'movie', targetId: 1 };
        const answer = await codeOf(
          h.client,
          API.replyCreate,
          { ...target, body: `第${i}楼的话`, idempotencyKey: newKey() },
          member.token,
        );
        codes.push(answer.code);
        if (answer.code !== Code.Ok) {
          expect(answer.msg).toMatch(LIMITED);
          break;
        }
      }
      return codes;
    };
    expect(await replies(await newMember(h, 3))).toEqual([...Array.from({ length: limit }, () => 0), 8]);
    expect(await replies(await newMember(h))).toEqual([...Array.from({ length: newAccountLimit! }, () => 0), 8]);
  });

  it('limits reports per member', async () => {
    const { limit } = rule('report');
    const reporter = await newMember(h, 2);
    const codes: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const target = await newMember(h);
      codes.push(
        (
          await codeOf(
            h.client,
            API.reportCreate,
            { targetType: 'user', targetId: target.id, reason: 'spam' },
            reporter.token,
          )
        ).code,
      );
    }
    expect(codes).toEqual([...Array.from({ length: limit }, () => Code.Ok), Code.RateLimited]);
  });
});

/**
 * Moderation of members' texts: the sensitive-word list (refused naming the word, masked, folded for
 * case and width, re-read when it changes), the one-minute repeat check, and the rate limits of
 * members' writings (new accounts limited further). Reports are in reports.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DanmakuItem } from '../../contract/calls/community.ts';
import type { Reply } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { RATE_RULES } from '../protocol/rate-limit.ts';
import { invalidateWords, sensitiveWords, WORDS_CHECK_MS } from '../moderation/sensitive-words.ts';
import { screenText } from '../moderation/text-screen.ts';
import { CX, newKey, newMember, seedCommunity, setWords, writeTopic, type Member } from './community-fixture.ts';
import { codeOf, dataOf } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const LIMITED = /^操作太频繁，请 \d+ 秒后再试$/;

describe.each(DB_KINDS)('moderation on %s', (kind) => {
  let h: Harness;
  let author: Member;
  let other: Member;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedCommunity });
    [author, other] = [await newMember(h), await newMember(h)];
    await setWords(h.db, { 违禁词: 'refuse', Spam: 'refuse', 傻瓜: 'mask', abc: 'mask' });
  });
  afterAll(() => h?.close());

  const sendDanmaku = (member: Member, text: string, movieId: number = CX.movies[0]) =>
    codeOf(h.client, API.danmakuSend, { movieId, atMs: 1_000, text, idempotencyKey: newKey() }, member.token);

  describe('the sensitive-word list', () => {
    it('refuses a text with a listed word, naming the field and the word, whatever its case or width', async () => {
      expect(await sendDanmaku(author, '这里有违禁词哦')).toEqual({
        code: Code.InvalidParams,
        msg: '弹幕含有违禁词「违禁词」，请修改后再发送',
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
      const topic = await writeTopic(h.db, other.id);
      const create = (targetType: string, targetId: number, body: string) =>
        h.client.call<Reply>(
          API.replyCreate,
          { targetType, targetId, body, idempotencyKey: newKey() },
          { token: author.token },
        );
      expect((await create('post', topic, '出售违禁词')).envelope).toMatchObject({
        code: Code.InvalidParams,
        msg: '回复含有违禁词「违禁词」，请修改后再发送',
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
      expect(await screenText(h.db, 'reply', '新词出现')).toBe('新词出现');
      await setWords(h.db, { 违禁词: 'refuse', Spam: 'refuse', 傻瓜: 'mask', abc: 'mask', 新词: 'mask' });
      expect(await screenText(h.db, 'reply', '新词出现')).toBe('**出现');
      await expect(screenText(h.db, 'reply', '一个违禁词')).rejects.toMatchObject({
        code: Code.InvalidParams,
        message: '回复含有违禁词「违禁词」，请修改后再发送',
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
});

describe.each(DB_KINDS)('rate limits of members’ writings on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    // Its members all register from one address: that limit is rate-limits.test.ts's.
    h = await createHarness(kind, {
      seed: seedCommunity,
      config: { RATE_LIMITS: 'on', REGISTER_PER_ADDRESS_HOUR: 1000 },
    });
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

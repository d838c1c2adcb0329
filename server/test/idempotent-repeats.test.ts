/**
 * A repeat of a call with the idempotencyKey of one already answered (an offline retry whose answer
 * was lost) gets the first answer, before any rate or repeat rule: it is neither refused nor counted
 * (server/db/call-keys.ts answeredBefore, asked by protocol/run-call.ts). Replies, danmaku and
 * points-mall exchanges; with the rate limits on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DanmakuItem } from '../../contract/calls/community.ts';
import type { Reply } from '../../contract/calls/content.ts';
import type { ExchangeResult } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { RATE_RULES } from '../protocol/rate-limit.ts';
import { newKey, newMember, type Member } from './community-fixture.ts';
import { FX } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { grant, idOf, seedMember } from './member-fixture.ts';

const rule = (name: string) => RATE_RULES.find((candidate) => candidate.name === name)!;

describe.each(DB_KINDS)('idempotent repeats on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember, config: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => h?.close());

  /** The call's whole envelope (data included), as the member. */
  const send = async <T = unknown>(member: Member, path: string, payload: object) =>
    (await h.client.call<T>(path, payload, { token: member.token })).envelope;

  it('/reply/create: the first answer, even past the rate limit and the one-minute repeat rule', async () => {
    const member = await newMember(h);
    const limit = rule('reply').newAccountLimit!;
    const reply = (i: number, idempotencyKey: string) =>
      send<Reply>(member, API.replyCreate, {
        targetType: 'post',
        targetId: FX.topicWithReplies,
        body: `第 ${i} 条回复`,
        idempotencyKey,
      });
    const keys = Array.from({ length: limit }, () => newKey());
    const answers = [];
    for (const [i, key] of keys.entries()) answers.push(await reply(i, key));
    expect(answers.map((answer) => answer.code)).toEqual(keys.map(() => Code.Ok));
    // Each repeated: the limit is used up and the text was just sent, yet every repeat is answered.
    for (const [i, key] of keys.entries()) expect(await reply(i, key)).toEqual(answers[i]);
    // A new reply is still limited.
    expect((await reply(limit, newKey())).code).toBe(Code.RateLimited);
    const rows = await h.db.one<{ n: number }>('SELECT count(*)::int AS n FROM replies WHERE author_id = $1', [
      member.id,
    ]);
    expect(rows!.n).toBe(limit);
  });

  it('/danmaku/send: the first answer past the rate limit', async () => {
    const member = await newMember(h);
    const limit = rule('danmaku').newAccountLimit!;
    const danmaku = (i: number, idempotencyKey: string) =>
      send<DanmakuItem>(member, API.danmakuSend, {
        movieId: FX.freeMovie,
        atMs: i * 1000,
        text: `弹幕 ${i}`,
        idempotencyKey,
      });
    const key = newKey();
    const first = await danmaku(0, key);
    expect(first.code).toBe(Code.Ok);
    for (let i = 1; i < limit; i++) expect((await danmaku(i, newKey())).code).toBe(Code.Ok);
    expect(await danmaku(0, key)).toEqual(first);
    expect((await danmaku(limit, newKey())).code).toBe(Code.RateLimited);
  });

  it('a points-mall exchange: the first result, marked replayed, past the rate limit', async () => {
    const member = await newMember(h);
    await grant(h.db, member.id, { points: 500 });
    const goodsId = await idOf(h.db, 'points_goods', 'coins-10');
    const key = newKey();
    const first = await send<ExchangeResult>(member, API.exchangeGoods, { goodsId, quantity: 1, idempotencyKey: key });
    expect(first.code).toBe(Code.Ok);
    // The rule counts task claims too: use it up with them.
    for (let i = 1; i < rule('points').limit; i++) await send(member, API.claimTask, { taskId: 1 });
    expect((await send(member, API.claimTask, { taskId: 1 })).code).toBe(Code.RateLimited);
    const again = await send<ExchangeResult>(member, API.exchangeGoods, { goodsId, quantity: 1, idempotencyKey: key });
    expect(again).toEqual({ ...first, data: { ...first.data, replayed: true } });
    expect((await send(member, API.exchangeGoods, { goodsId, quantity: 1, idempotencyKey: newKey() })).code).toBe(
      Code.RateLimited,
    );
  });

  it('a key of another call, or one not answered, is no repeat: the rules apply', async () => {
    const member = await newMember(h);
    const key = newKey();
    expect((await send(member, API.movieLike, { id: FX.freeMovie, like: true, idempotencyKey: key })).code).toBe(
      Code.Ok,
    );
    const limit = rule('reply').newAccountLimit!;
    for (let i = 0; i < limit; i++)
      await send(member, API.replyCreate, {
        targetType: 'movie',
        targetId: FX.freeMovie,
        body: `评论 ${i}`,
        idempotencyKey: newKey(),
      });
    const reused = await send(member, API.replyCreate, {
      targetType: 'movie',
      targetId: FX.freeMovie,
      body: '换了个调用',
      idempotencyKey: key,
    });
    expect(reused.code).toBe(Code.RateLimited);
  });
});

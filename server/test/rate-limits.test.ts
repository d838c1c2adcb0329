/**
 * Rate limits (server/protocol/rate-limit.ts): code 8 with the wait in its msg once a rule's limit is
 * reached, counted per address, user or account as the rule says; and, with REDIS_URL, counted
 * together by two apps sharing Redis.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { newDeviceId } from '../../contract/protocol/ids.ts';
import { buildApp } from '../app.ts';
import { RATE_RULES } from '../protocol/rate-limit.ts';
import { createRedisState } from '../request-state/redis-state.ts';
import { createTestClient } from './test-client.ts';
import { createHarness, type Harness } from './harness.ts';
import { idOf, seedMember } from './member-fixture.ts';

const limitOf = (name: string) => RATE_RULES.find((rule) => rule.name === name)!.limit;
const LIMITED = /^操作太频繁，请 \d+ 秒后再试$/;

describe('rate limits', () => {
  let h: Harness;
  let clock = Date.now();
  beforeAll(async () => {
    h = await createHarness('pglite', { seed: seedMember, config: { RATE_LIMITS: 'on' }, now: () => clock });
  });
  afterAll(() => h?.close());

  const codes = async (n: number, send: (i: number) => Promise<{ envelope: { code: number; msg: string } }>) => {
    const out: { code: number; msg: string }[] = [];
    for (let i = 0; i < n; i++) out.push((await send(i)).envelope);
    return out;
  };

  it('limits registrations per address, not for other addresses', async () => {
    const register = (remoteAddress: string) =>
      h.client.call(API.registerDevice, { deviceId: newDeviceId(), deviceType: 3 }, { remoteAddress });
    const results = await codes(limitOf('register') + 1, () => register('10.0.0.1'));
    expect(results.slice(0, -1).every((r) => r.code === Code.Ok)).toBe(true);
    expect(results.at(-1)!.code).toBe(Code.RateLimited);
    expect(results.at(-1)!.msg).toMatch(LIMITED);
    expect((await register('10.0.0.2')).envelope.code).toBe(Code.Ok);
  });

  it('limits password guesses per account, from any address, even the right password after', async () => {
    const guest = await h.client.registerGuest();
    const account = `acct_${randomBytes(3).toString('hex')}`;
    expect(
      (await h.client.call(API.bindAccount, { account, password: 'right123' }, { token: guest.token })).envelope.code,
    ).toBe(Code.Ok);
    const guesses = await codes(limitOf('signin-account'), (i) =>
      h.client.call(API.loginAccount, { account, password: `wrong${i}x` }, { remoteAddress: `10.1.0.${i + 1}` }),
    );
    expect(guesses.every((r) => r.code === Code.InvalidParams)).toBe(true);
    const right = await h.client.call(
      API.loginAccount,
      { account, password: 'right123' },
      { remoteAddress: '10.1.1.1' },
    );
    expect(right.envelope).toMatchObject({ code: Code.RateLimited, msg: expect.stringMatching(LIMITED) });
  });

  it('limits binds, deposits, points and heartbeats per user; another user is not affected', async () => {
    const [one, two] = [await h.client.registerGuest(), await h.client.registerGuest()];
    const planId = await idOf(h.db, 'vip_plans', 'month');
    const goodsId = await idOf(h.db, 'points_goods', 'vip-7d');
    const cases = [
      {
        rule: 'bind',
        path: API.bindAccount,
        payload: () => ({ account: `b_${randomBytes(4).toString('hex')}`, password: 'abc12345' }),
      },
      { rule: 'deposit', path: API.depositVip, payload: () => ({ planId, payType: 'alipay' }) },
      {
        rule: 'points',
        path: API.exchangeGoods,
        payload: () => ({ goodsId, quantity: 1, idempotencyKey: randomBytes(12).toString('hex') }),
      },
      { rule: 'heartbeat', path: API.movieHeartbeat, payload: () => ({ movieId: 1, position: 10, playing: true }) },
    ];
    for (const c of cases) {
      const results = await codes(limitOf(c.rule) + 1, () => h.client.call(c.path, c.payload(), { token: one.token }));
      expect(
        results.slice(0, -1).some((r) => r.code === Code.RateLimited),
        c.rule,
      ).toBe(false);
      expect(results.at(-1), c.rule).toMatchObject({ code: Code.RateLimited, msg: expect.stringMatching(LIMITED) });
      expect((await h.client.call(c.path, c.payload(), { token: two.token })).envelope.code, c.rule).not.toBe(
        Code.RateLimited,
      );
    }
    // The points rule covers task claims too.
    expect((await h.client.call(API.claimTask, { taskId: 1 }, { token: one.token })).envelope.code).toBe(
      Code.RateLimited,
    );
  });

  it('lets calls through again once the window is over', async () => {
    const guest = await h.client.registerGuest();
    const planId = await idOf(h.db, 'vip_plans', 'week');
    const deposit = () => h.client.call(API.depositVip, { planId, payType: 'wxpay' }, { token: guest.token });
    await codes(limitOf('deposit'), deposit);
    expect((await deposit()).envelope.code).toBe(Code.RateLimited);
    clock += 60_000;
    expect((await deposit()).envelope.code).toBe(Code.Ok);
  });
});

describe.runIf(process.env.REDIS_URL)('rate limits counted in Redis', () => {
  it('counts the calls of two apps sharing Redis together', async () => {
    const keyPrefix = `test:${randomBytes(6).toString('hex')}:`;
    const log = { info: () => {}, warn: () => {} };
    const first = await createHarness('pglite', {
      seed: seedMember,
      config: { RATE_LIMITS: 'on' },
      shared: createRedisState({ url: process.env.REDIS_URL!, keyPrefix, log }),
    });
    const secondState = createRedisState({ url: process.env.REDIS_URL!, keyPrefix, log });
    const second = await buildApp({ config: first.config, db: first.db, shared: secondState });
    const secondClient = createTestClient(second, first.config);
    try {
      const guest = await first.client.registerGuest();
      const planId = await idOf(first.db, 'vip_plans', 'month');
      const results = [];
      for (let i = 0; i <= limitOf('deposit'); i++) {
        const client = i % 2 ? secondClient : first.client;
        results.push(
          (await client.call(API.depositVip, { planId, payType: 'alipay' }, { token: guest.token })).envelope.code,
        );
      }
      expect(results).toEqual([...Array.from({ length: limitOf('deposit') }, () => Code.Ok), Code.RateLimited]);
    } finally {
      await second.close();
      await secondState.close();
      await first.close();
    }
  });
});

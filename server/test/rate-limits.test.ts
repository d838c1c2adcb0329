/**
 * Rate limits (server/protocol/rate-limit.ts): code 8 with the wait in its msg once a rule's limit is
 * reached, counted per address, user or account as the rule says; and, with REDIS_URL, counted
 * together by two apps sharing Redis.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInData } from '../../contract/calls/account.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { newDeviceId } from '../../contract/protocol/ids.ts';
import { buildApp } from '../app.ts';
import { RATE_RULES } from '../protocol/rate-limit.ts';
import { createRedisState } from '../request-state/redis-state.ts';
import { createTestClient } from './test-client.ts';
import { createHarness, type Harness } from './harness.ts';
import { idOf, seedMember } from './member-fixture.ts';

const rule = (name: string) => RATE_RULES.find((r) => r.name === name)!;
const limitOf = (name: string) => rule(name).limit;
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

  /** A new member registered from an address of its own, so registrations do not count together. */
  let memberSerial = 0;
  async function memberFromOwnAddress(): Promise<SignInData> {
    const remoteAddress = `10.250.${Math.floor(++memberSerial / 250)}.${(memberSerial % 250) + 1}`;
    const { envelope } = await h.client.call<SignInData>(
      API.registerDevice,
      { deviceId: newDeviceId(), deviceType: 3 },
      { remoteAddress },
    );
    expect(envelope.code, envelope.msg).toBe(Code.Ok);
    return envelope.data;
  }

  it('limits registrations per address and hour, saying so; other addresses still register', async () => {
    const limit = h.config.REGISTER_PER_ADDRESS_HOUR;
    expect(limit).toBe(10);
    const register = (remoteAddress: string) =>
      h.client.call(API.registerDevice, { deviceId: newDeviceId(), deviceType: 3 }, { remoteAddress });
    const results = await codes(limit + 1, () => register('10.0.0.1'));
    expect(results.slice(0, -1).every((r) => r.code === Code.Ok)).toBe(true);
    expect(results.at(-1)).toEqual({ code: Code.RateLimited, msg: '注册过于频繁，请 60 分钟后再试', data: null });
    expect((await register('10.0.0.2')).envelope.code).toBe(Code.Ok);
  });

  it('counts the addresses of one IPv6 /64 network as one address', async () => {
    const limit = h.config.REGISTER_PER_ADDRESS_HOUR;
    const register = (remoteAddress: string) =>
      h.client.call(API.registerDevice, { deviceId: newDeviceId(), deviceType: 3 }, { remoteAddress });
    const results = await codes(limit + 1, (i) => register(`2001:db8:5:6:${i.toString(16)}::${i + 1}`));
    expect(results.slice(0, -1).every((r) => r.code === Code.Ok)).toBe(true);
    expect(results.at(-1)!.code).toBe(Code.RateLimited);
    expect((await register('2001:db8:5:7::1')).envelope.code).toBe(Code.Ok);
    // An IPv4 client seen through an IPv6 socket is that IPv4 address.
    expect((await register('::ffff:10.0.0.9')).envelope.code).toBe(Code.Ok);
  });

  it('limits reports per address, whichever members send them', async () => {
    const { limit } = rule('report-ip');
    const members: SignInData[] = [];
    for (let i = 0; i <= limit + 1; i++) members.push(await memberFromOwnAddress());
    const results = await codes(limit + 1, (i) =>
      h.client.call(
        API.reportCreate,
        { targetType: 'user', targetId: members[i + 1]!.info.id, reason: 'spam' },
        { token: members[i]!.token, remoteAddress: '10.3.0.1' },
      ),
    );
    expect(results.slice(0, -1).every((r) => r.code === Code.Ok)).toBe(true);
    expect(results.at(-1)).toMatchObject({
      code: Code.RateLimited,
      msg: expect.stringMatching(/^举报过于频繁，请 \d+ 分钟后再试$/),
    });
    // The same member from another address reports on.
    expect(
      (
        await h.client.call(
          API.reportCreate,
          { targetType: 'user', targetId: members[0]!.info.id, reason: 'spam' },
          { token: members[limit]!.token, remoteAddress: '10.3.0.2' },
        )
      ).envelope.code,
    ).toBe(Code.Ok);
  });

  it('limits account binds per address, whichever devices send them', async () => {
    const { limit } = rule('bind-ip');
    const members: SignInData[] = [];
    for (let i = 0; i <= limit; i++) members.push(await memberFromOwnAddress());
    const results = await codes(limit + 1, (i) =>
      h.client.call(
        API.bindAccount,
        { account: `ip_${randomBytes(4).toString('hex')}`, password: 'abc12345' },
        { token: members[i]!.token, remoteAddress: '10.4.0.1' },
      ),
    );
    expect(results.slice(0, -1).every((r) => r.code === Code.Ok)).toBe(true);
    expect(results.at(-1)).toMatchObject({
      code: Code.RateLimited,
      msg: expect.stringMatching(/^绑定账号过于频繁，请 \d+ 分钟后再试$/),
    });
  });

  it('limits changes of the personal info per member, so names cannot be probed by the dozen', async () => {
    const member = await h.client.registerGuest();
    const { limit } = rule('personal');
    const results = await codes(limit + 1, (i) =>
      h.client.call(
        API.updatePersonal,
        { nickname: `试名${randomBytes(3).toString('hex')}${i}` },
        { token: member.token },
      ),
    );
    expect(results.slice(0, -1).every((r) => r.code === Code.Ok)).toBe(true);
    expect(results.at(-1)).toMatchObject({
      code: Code.RateLimited,
      msg: expect.stringMatching(/^修改资料过于频繁，请 \d+ 分钟后再试$/),
    });
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

/**
 * The protocol layer: every kind of bad request gets an envelope naming the problem, with HTTP 200
 * (413 for a body over the limit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { newDeviceId, newRequestId } from '../../contract/protocol/ids.ts';
import { buildApp } from '../app.ts';
import { createRedisState } from '../request-state/redis-state.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const device = () => ({ deviceId: newDeviceId(), deviceType: 3 });

describe.each(DB_KINDS)('protocol on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, {
      config: { BODY_LIMIT: 4096 },
      seed: async (db) => {
        await db.query(
          `INSERT INTO sites (account_id, app_id, host, title) VALUES ('10002', 'second', 'second.example', '第二站')`,
        );
      },
    });
  });
  afterAll(() => h?.close());

  const expectFailure = async (
    result: Promise<{ status: number; contentType: string; envelope: { code: number; msg: string; data: unknown } }>,
    code: number,
    msg: string | RegExp,
    httpStatus = 200,
  ) => {
    const { status, contentType, envelope } = await result;
    expect(status).toBe(httpStatus);
    expect(contentType).toMatch(/^text\/plain/);
    expect(envelope.code).toBe(code);
    expect(envelope.data).toBeNull();
    if (typeof msg === 'string') expect(envelope.msg).toBe(msg);
    else expect(envelope.msg).toMatch(msg);
  };

  it('accepts the body whatever the content type says', async () => {
    for (const contentType of ['application/json', 'text/plain', 'application/x-www-form-urlencoded', null]) {
      const { envelope } = await h.client.call(API.registerDevice, device(), { contentType });
      expect(envelope.code, String(contentType)).toBe(Code.Ok);
    }
  });

  it('answers a malformed Content-Type header with an envelope', () =>
    expectFailure(
      h.client.call(API.registerDevice, device(), { contentType: 'not a media type' }),
      Code.InvalidParams,
      '参数错误：请求头 Content-Type 无效',
    ));

  it('refuses NUL characters in a payload, naming the field, before they reach the store', async () => {
    const { envelope } = await h.client.call(API.searchMovies, { keyword: 'a\u0000b' });
    expect(envelope).toMatchObject({ code: Code.InvalidParams, msg: '参数错误：keyword 不能包含空字符 \\u0000' });
    const nested = await h.client.call(API.registerDevice, { ...device(), extra: [{ 'k\u0000': 1 }] });
    expect(nested.envelope).toMatchObject({ code: Code.InvalidParams, msg: '参数错误：extra 不能包含空字符 \\u0000' });
  });

  it('refuses a wrong sign', () =>
    expectFailure(
      h.client.call(API.registerDevice, device(), { tamper: (w) => (w.sign = '0'.repeat(32)) }),
      Code.Rejected,
      '签名错误',
    ));

  it('refuses a body changed after signing', () =>
    expectFailure(
      h.client.call(API.registerDevice, device(), { tamper: (w) => (w.body = JSON.stringify(device())) }),
      Code.Rejected,
      '签名错误',
    ));

  it('refuses a time more than 300 s off, either way', async () => {
    for (const offset of [-301_000, 301_000]) {
      await expectFailure(
        h.client.call(API.registerDevice, device(), { time: Date.now() + offset }),
        Code.Rejected,
        '请求时间无效，请校准设备时间后重试',
      );
    }
    const { envelope } = await h.client.call(API.registerDevice, device(), { time: Date.now() - 290_000 });
    expect(envelope.code).toBe(Code.Ok);
  });

  it('refuses a replayed request id, even with a fresh sign', async () => {
    const requestId = newRequestId();
    const first = await h.client.call(API.registerDevice, device(), { requestId });
    expect(first.envelope.code).toBe(Code.Ok);
    await expectFailure(
      h.client.call(API.registerDevice, device(), { requestId }),
      Code.Rejected,
      '重复的请求：requestId 已使用',
    );
  });

  it('does not burn the request id of a forged request', async () => {
    const requestId = newRequestId();
    const forged = await h.client.call(API.registerDevice, device(), {
      requestId,
      tamper: (w) => (w.sign = 'f'.repeat(32)),
    });
    expect(forged.envelope.code).toBe(Code.Rejected);
    const genuine = await h.client.call(API.registerDevice, device(), { requestId });
    expect(genuine.envelope.code).toBe(Code.Ok);
  });

  it('refuses malformed JSON of the wrapper and of the inner body', async () => {
    await expectFailure(
      h.client.post(API.registerDevice, '{"requestId":'),
      Code.InvalidParams,
      '参数错误：请求体不是有效的 JSON',
    );
    await expectFailure(h.client.post(API.registerDevice, ''), Code.InvalidParams, /请求体为空/);
    const time = Date.now();
    const requestId = newRequestId();
    const body = '{deviceId: oops';
    const sign = h.client.cipher.md5(body + 'demo' + requestId + time);
    await expectFailure(
      h.client.post(API.registerDevice, JSON.stringify({ requestId, appId: 'demo', time, sign, body })),
      Code.InvalidParams,
      '参数错误：body 不是有效的 JSON',
    );
  });

  it('names a missing wrapper field and a wrongly typed one', async () => {
    await expectFailure(
      h.client.call(API.registerDevice, device(), { tamper: (w) => delete w.sign }),
      Code.InvalidParams,
      '参数错误：缺少 sign',
    );
    await expectFailure(
      h.client.call(API.registerDevice, device(), { tamper: (w) => (w.time = String(w.time)) }),
      Code.InvalidParams,
      '参数错误：time 必须是数字',
    );
    await expectFailure(
      h.client.call(API.registerDevice, device(), { tamper: (w) => (w.requestId = 'short') }),
      Code.InvalidParams,
      '参数错误：requestId 必须是 32 位字母或数字',
    );
  });

  it('names a missing payload field and a wrongly typed one', async () => {
    await expectFailure(
      h.client.call(API.registerDevice, { deviceType: 3 }),
      Code.InvalidParams,
      '参数错误：缺少 deviceId',
    );
    await expectFailure(
      h.client.call(API.registerDevice, { deviceId: newDeviceId(), deviceType: '3' }),
      Code.InvalidParams,
      '参数错误：deviceType 必须为 3',
    );
    await expectFailure(
      h.client.call(API.registerDevice, { deviceId: 'abc', deviceType: 3 }),
      Code.InvalidParams,
      '参数错误：deviceId 必须是 24 位设备标识',
    );
    await expectFailure(h.client.call(API.registerDevice, [1, 2]), Code.InvalidParams, '参数错误：请求体必须是对象');
  });

  it('refuses an oversized body with an envelope, the one answer with another status: 413', () =>
    expectFailure(
      h.client.post(API.registerDevice, JSON.stringify({ padding: 'x'.repeat(5000) })),
      Code.InvalidParams,
      '参数错误：请求体过大，上限 4096 字节',
      413,
    ));

  it('refuses a missing or unknown accountId and an appId of another site', async () => {
    await expectFailure(
      h.client.call(API.registerDevice, device(), { accountId: null }),
      Code.Rejected,
      '缺少请求头 accountId',
    );
    await expectFailure(
      h.client.call(API.registerDevice, device(), { accountId: '99999' }),
      Code.Rejected,
      '未知站点：accountId 99999',
    );
    await expectFailure(
      h.client.call(API.registerDevice, device(), { appId: 'second' }),
      Code.Rejected,
      'appId 与站点不匹配：second',
    );
    const second = await h.client.call(API.registerDevice, device(), { accountId: '10002', appId: 'second' });
    expect(second.envelope.code).toBe(Code.Ok);
  });

  it('does not accept a token on another site', async () => {
    const guest = await h.client.registerGuest();
    const { envelope } = await h.client.call(
      API.current,
      {},
      { token: guest.token, accountId: '10002', appId: 'second' },
    );
    expect(envelope.code).toBe(Code.SessionExpired);
  });

  it('answers code 6 for an unknown path, whatever the method', async () => {
    await expectFailure(h.client.call('/no/such/call', {}), Code.NotFound, '接口不存在：POST /api/no/such/call');
    const res = await h.app.inject({ method: 'GET', url: '/api/login/deviceId?x=1' });
    expect(res.statusCode).toBe(200);
    expect(h.client.open(res.body)).toEqual({
      code: Code.NotFound,
      msg: '接口不存在：GET /api/login/deviceId',
      data: null,
    });
  });

  it('answers an envelope to a URL the router cannot decode', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/%E0%A4%A' });
    expect(res.statusCode).toBe(200);
    expect(h.client.open(res.body)).toMatchObject({ code: Code.InvalidParams, msg: '参数错误：请求地址无效' });
  });
});

describe.each(DB_KINDS)('system errors on %s', (kind) => {
  it('answers code 1 "系统错误" with HTTP 200 when the store fails', async () => {
    const h = await createHarness(kind);
    try {
      expect((await h.client.call(API.registerDevice, device())).envelope.code).toBe(Code.Ok);
      await h.db.close(); // every query fails from now on
      const { status, envelope } = await h.client.call(API.registerDevice, device());
      expect(status).toBe(200);
      expect(envelope).toEqual({ code: Code.SystemError, msg: '系统错误', data: null });
    } finally {
      await h.app.close();
    }
  });
});

describe.runIf(process.env.REDIS_URL)('replay ids shared through Redis', () => {
  it('refuses on one server process a request id already used on another', async () => {
    const keyPrefix = `test:replay:${newRequestId()}:`;
    const url = process.env.REDIS_URL!;
    const log = { info: () => {}, warn: () => {} };
    const first = await createHarness('pglite', { shared: createRedisState({ url, keyPrefix, log }) });
    const secondStore = createRedisState({ url, keyPrefix, log });
    const second = await buildApp({ config: first.config, db: first.db, shared: secondStore });
    try {
      const requestId = newRequestId();
      expect((await first.client.call(API.registerDevice, device(), { requestId })).envelope.code).toBe(Code.Ok);
      const replay = first.client.wrap(API.registerDevice, device(), { requestId });
      const res = await second.inject({
        method: 'POST',
        url: `/api${API.registerDevice}`,
        headers: { accountId: '10001', 'content-type': 'application/json' },
        payload: JSON.stringify(replay),
      });
      expect(first.client.open(res.body)).toMatchObject({ code: Code.Rejected, msg: '重复的请求：requestId 已使用' });
    } finally {
      await second.close();
      await first.close();
      await secondStore.close();
    }
  });
});

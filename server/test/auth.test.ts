import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInData, UserInfo } from '../../contract/calls/account.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { newDeviceId } from '../../contract/protocol/ids.ts';
import { hashToken } from '../db/sessions.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const PASSWORD = 'secret123';
let counter = 0;
/** A fresh valid account name per test (6-12 of [A-Za-z0-9_]). */
const newAccount = () => `user_${Date.now().toString(36).slice(-4)}${counter++}`;

describe.each(DB_KINDS)('sign-in calls on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  it('registers a device and signs it in again as the same user', async () => {
    const deviceId = newDeviceId();
    const registered = await h.client.call<SignInData>(API.registerDevice, { deviceId, deviceType: 3 });
    expect(registered.status).toBe(200);
    expect(registered.contentType).toMatch(/^text\/plain/);
    expect(registered.envelope.code).toBe(Code.Ok);
    const { info, token } = registered.envelope.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(info).toMatchObject({ account: null, isVip: false, vipExpireAt: null, coins: 0, points: 0 });
    expect(info.nickname).toMatch(/^游客\d{8}$/);
    expect(info.avatar).toMatch(/^\//);
    expect(Math.abs(info.createdAt - Date.now())).toBeLessThan(60_000);

    const login = await h.client.call<SignInData>(API.loginDevice, { deviceId, deviceType: 3 });
    expect(login.envelope.code).toBe(Code.Ok);
    expect(login.envelope.data.info.id).toBe(info.id);
    expect(login.envelope.data.token).not.toBe(token);

    const again = await h.client.call<SignInData>(API.registerDevice, { deviceId, deviceType: 3 });
    expect(again.envelope.data.info.id).toBe(info.id);
  });

  it('registers one user when the same device registers twice at once', async () => {
    const deviceId = newDeviceId();
    const results = await Promise.all(
      [1, 2, 3].map(() => h.client.call<SignInData>(API.registerDevice, { deviceId, deviceType: 3 })),
    );
    expect(results.map((r) => r.envelope.code)).toEqual([0, 0, 0]);
    expect(new Set(results.map((r) => r.envelope.data.info.id)).size).toBe(1);
    const rows = await h.db.query('SELECT id FROM users WHERE device_id = $1', [deviceId]);
    expect(rows).toHaveLength(1);
  });

  it('answers code 6 to the sign-in of an unknown device', async () => {
    const { status, envelope } = await h.client.call(API.loginDevice, { deviceId: newDeviceId(), deviceType: 3 });
    expect(status).toBe(200);
    expect(envelope).toEqual({ code: Code.NotFound, msg: '设备未注册，请先注册', data: null });
  });

  it('returns the signed-in user from /current and /getUserInfo', async () => {
    const guest = await h.client.registerGuest();
    for (const path of [API.current, API.getUserInfo]) {
      const { envelope } = await h.client.call<UserInfo>(path, {}, { token: guest.token });
      expect(envelope.code).toBe(Code.Ok);
      expect(envelope.data).toEqual(guest.info);
    }
  });

  it('binds an account, then signs in with it (encrypted payload) as the same user', async () => {
    const guest = await h.client.registerGuest();
    const account = newAccount();
    const bound = await h.client.call<UserInfo>(
      API.bindAccount,
      { account, password: PASSWORD },
      { token: guest.token },
    );
    expect(bound.envelope.code).toBe(Code.Ok);
    expect(bound.envelope.data).toMatchObject({ id: guest.info.id, account });

    const stored = await h.db.one<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      guest.info.id,
    ]);
    expect(stored?.password_hash).toMatch(/^scrypt\$/);
    expect(stored?.password_hash).not.toContain(PASSWORD);

    const login = await h.client.call<SignInData>(API.loginAccount, { account, password: PASSWORD });
    expect(login.envelope.code).toBe(Code.Ok);
    expect(login.envelope.data.info.id).toBe(guest.info.id);
    expect(login.envelope.data.info.account).toBe(account);

    const otherCase = await h.client.call<SignInData>(API.loginAccount, {
      account: account.toUpperCase(),
      password: PASSWORD,
    });
    expect(otherCase.envelope.data.info.id).toBe(guest.info.id);
  });

  it('refuses a plain JSON body where the payload must be encrypted', async () => {
    const { envelope } = await h.client.call(
      API.loginAccount,
      { account: newAccount(), password: PASSWORD },
      { encrypt: false },
    );
    expect(envelope.code).toBe(Code.InvalidParams);
    expect(envelope.msg).toContain('body 无法解密');
  });

  it('switches a new device to the account user, so its device sign-in returns that user', async () => {
    const owner = await h.client.registerGuest();
    const account = newAccount();
    await h.client.call(API.bindAccount, { account, password: PASSWORD }, { token: owner.token });

    // A second device given in the payload.
    const phone = newDeviceId();
    const byPayload = await h.client.call<SignInData>(API.loginAccount, {
      account,
      password: PASSWORD,
      deviceId: phone,
    });
    expect(byPayload.envelope.data.info.id).toBe(owner.info.id);
    const phoneLogin = await h.client.call<SignInData>(API.loginDevice, { deviceId: phone, deviceType: 3 });
    expect(phoneLogin.envelope.data.info.id).toBe(owner.info.id);

    // A third device known only through its guest session's token.
    const tablet = await h.client.registerGuest();
    expect(tablet.info.id).not.toBe(owner.info.id);
    const byToken = await h.client.call<SignInData>(
      API.loginAccount,
      { account, password: PASSWORD },
      { token: tablet.token },
    );
    expect(byToken.envelope.data.info.id).toBe(owner.info.id);
    const tabletLogin = await h.client.call<SignInData>(API.loginDevice, { deviceId: tablet.deviceId, deviceType: 3 });
    expect(tabletLogin.envelope.data.info.id).toBe(owner.info.id);
    const tabletRegister = await h.client.call<SignInData>(API.registerDevice, {
      deviceId: tablet.deviceId,
      deviceType: 3,
    });
    expect(tabletRegister.envelope.data.info.id).toBe(owner.info.id);
  });

  it('answers "账号或密码错误" to a wrong password and to an unknown account', async () => {
    const guest = await h.client.registerGuest();
    const account = newAccount();
    await h.client.call(API.bindAccount, { account, password: PASSWORD }, { token: guest.token });
    const wrong = await h.client.call(API.loginAccount, { account, password: 'wrong1234' });
    const unknown = await h.client.call(API.loginAccount, { account: newAccount(), password: PASSWORD });
    for (const { status, envelope } of [wrong, unknown]) {
      expect(status).toBe(200);
      expect(envelope).toEqual({ code: Code.InvalidParams, msg: '账号或密码错误', data: null });
    }
  });

  it('refuses an account that is taken and leaves the user unbound', async () => {
    const first = await h.client.registerGuest();
    const second = await h.client.registerGuest();
    const account = newAccount();
    await h.client.call(API.bindAccount, { account, password: PASSWORD }, { token: first.token });
    const { envelope } = await h.client.call(
      API.bindAccount,
      { account: account.toUpperCase(), password: PASSWORD },
      { token: second.token },
    );
    expect(envelope.code).toBe(Code.InvalidParams);
    expect(envelope.msg).toBe(`参数错误：account ${account.toUpperCase()} 已被占用，请换一个`);
    const row = await h.db.one<{ account: string | null }>('SELECT account FROM users WHERE id = $1', [second.info.id]);
    expect(row?.account).toBeNull();
  });

  it('refuses to bind a second account to a user (code 9)', async () => {
    const guest = await h.client.registerGuest();
    const account = newAccount();
    await h.client.call(API.bindAccount, { account, password: PASSWORD }, { token: guest.token });
    const { envelope } = await h.client.call(
      API.bindAccount,
      { account: newAccount(), password: PASSWORD },
      { token: guest.token },
    );
    expect(envelope).toEqual({ code: Code.AlreadyDone, msg: `已绑定账号 ${account}，不能重复绑定`, data: null });
  });

  it('validates account and password with messages naming the field', async () => {
    const guest = await h.client.registerGuest();
    const badAccount = await h.client.call(
      API.bindAccount,
      { account: 'ab', password: PASSWORD },
      { token: guest.token },
    );
    expect(badAccount.envelope).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：account 必须是 6-12 位字母、数字或下划线',
      data: null,
    });
    const badPassword = await h.client.call(API.loginAccount, { account: newAccount(), password: 'onlyletters' });
    expect(badPassword.envelope.code).toBe(Code.InvalidParams);
    expect(badPassword.envelope.msg).toContain('password');
  });

  describe('sessions', () => {
    it('answers code 7 without a token, with an unknown token and with an expired token', async () => {
      const missing = await h.client.call(API.current, {});
      expect(missing.envelope).toMatchObject({ code: Code.SessionExpired, msg: '未登录：缺少 token' });

      const unknown = await h.client.call(API.current, {}, { token: 'x'.repeat(43) });
      expect(unknown.envelope).toMatchObject({ code: Code.SessionExpired, msg: '登录已过期，请重新登录' });

      const guest = await h.client.registerGuest();
      expect((await h.client.call(API.current, {}, { token: guest.token })).envelope.code).toBe(Code.Ok);
      await h.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
        hashToken(guest.token),
      ]);
      const expired = await h.client.call(API.current, {}, { token: guest.token });
      expect(expired.status).toBe(200);
      expect(expired.envelope).toMatchObject({ code: Code.SessionExpired, data: null });
    });

    it('stores only the hash of a token, valid for SESSION_TTL_SECONDS', async () => {
      const guest = await h.client.registerGuest();
      const row = await h.db.one<{ ttl: number }>(
        'SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM sessions WHERE token_hash = $1',
        [hashToken(guest.token)],
      );
      expect(row?.ttl).toBe(h.config.SESSION_TTL_SECONDS);
      const plain = await h.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [guest.token]);
      expect(plain).toHaveLength(0);
    });
  });
});

/**
 * Nothing secret in the log (server/logging/logging.ts): the log of a session with sign-ins, passwords,
 * signed bodies, payment notifies and a failing call holds none of the tokens, passwords, signs or
 * bodies, nor the server's own keys (MEDIA_SECRET, PAY_KEY, the VAPID private key), while the
 * requests themselves are still logged.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { vapidKeys } from '../jobs/vapid-keys.ts';
import { REDACTED, redactUrl } from '../logging/logging.ts';
import { createHarness, type Harness } from './harness.ts';
import { notifyParams, seedMember } from './member-fixture.ts';

describe('redactUrl', () => {
  it('masks the values of secret-looking query keys only', () => {
    expect(redactUrl('/pay/notify?pid=1&sign=abc&money=1.00')).toBe(`/pay/notify?pid=1&sign=${REDACTED}&money=1.00`);
    expect(redactUrl('/x?token=t&Password=p&api%5Fkey=k&q=ok')).toBe(
      `/x?token=${REDACTED}&Password=${REDACTED}&api%5Fkey=${REDACTED}&q=ok`,
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/x?%E0=1&sign')).toBe('/x?%E0=1&sign');
  });
});

describe('the log of a busy session', () => {
  let h: Harness;
  const lines: string[] = [];
  beforeAll(async () => {
    h = await createHarness('pglite', {
      seed: seedMember,
      config: { LOG_LEVEL: 'trace' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(() => h?.app.close()); // the test closes the store itself

  it('holds no token, password, sign or body', async () => {
    const secrets: string[] = [];
    const guest = await h.client.registerGuest();
    secrets.push(guest.token);
    const account = `log_${randomBytes(3).toString('hex')}`;
    const password = 'Secret9pass';
    secrets.push(password);
    const bind = h.client.wrap(API.bindAccount, { account, password });
    secrets.push(bind.sign, bind.body);
    const bound = await h.client.post(API.bindAccount, JSON.stringify(bind), { token: guest.token });
    expect(bound.envelope.code).toBe(Code.Ok);
    const login = await h.client.call<{ token: string }>(API.loginAccount, { account, password });
    secrets.push(login.envelope.data.token);
    expect((await h.client.call(API.loginAccount, { account, password: 'Wrong9pass' })).envelope.code).toBe(
      Code.InvalidParams,
    );
    secrets.push('Wrong9pass');

    // A cookie and an unknown token on a member call.
    const forged = 'F'.repeat(43);
    secrets.push(forged);
    await h.app.inject({
      method: 'POST',
      url: `/api${API.current}`,
      headers: { accountid: '10001', token: forged, cookie: `token=${forged}` },
      payload: '{}',
    });

    // A payment notify as a GET (its sign in the query) and a refused one as a form.
    const params = notifyParams(h.config, { orderNo: '20250101000000CABCDEFGHJ', amountFen: 100 });
    secrets.push(params.sign!);
    await h.app.inject({ method: 'GET', url: `/pay/notify?${new URLSearchParams(params)}` });
    await h.app.inject({
      method: 'POST',
      url: '/pay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...params, sign: 'a'.repeat(32) }).toString(),
    });

    // Objects logged by code, and a call failing inside (logged with its error).
    h.app.log.info(
      { token: 'obj-token-1', user: { password: 'obj-pass-2' }, body: 'obj-body-3', sign: 'obj-sign-4' },
      'an object',
    );
    secrets.push('obj-token-1', 'obj-pass-2', 'obj-body-3', 'obj-sign-4');
    // The settings and the server's own keys, should code log them: censored by name.
    const vapid = await vapidKeys(h.db, h.config);
    h.app.log.info({ config: h.config, vapid }, 'settings');
    h.app.log.info({ MEDIA_SECRET: h.config.MEDIA_SECRET, PAY_KEY: h.config.PAY_KEY }, 'the secrets themselves');
    secrets.push(vapid.privateKey, h.config.MEDIA_SECRET, h.config.PAY_KEY);
    await h.db.close();
    expect((await h.client.call(API.current, {}, { token: guest.token })).envelope.code).toBe(Code.SystemError);

    const log = lines.join('');
    expect(log).toContain('request completed');
    expect(log).toContain('"method":"POST"');
    expect(log).toContain('call failed');
    // logged through the request's own logger (made on its first use), so with the request's id
    const failed = JSON.parse(lines.find((line) => line.includes('call failed'))!) as { reqId?: string };
    expect(failed.reqId).toMatch(/^req-/);
    expect(
      lines.some(
        (line) => line.includes('request completed') && (JSON.parse(line) as { reqId?: string }).reqId === failed.reqId,
      ),
    ).toBe(true);
    expect(log).toContain(`sign=${REDACTED}`);
    expect(log).toContain('"token":"[redacted]"');
    for (const secret of secrets) expect(log.includes(secret), `log holds ${secret.slice(0, 12)}…`).toBe(false);
  });
});

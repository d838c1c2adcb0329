/**
 * The operator console's sign-in and its security (docs/admin-api.md "Conventions"): scrypt password + TOTP, one answer
 * for any wrong part, no code twice, sign-in limits that cannot lock the owner out (per username and
 * address, per address with an IPv6 /64 as one, a sprayed username slowed, usernames counted
 * normalised) and on guesses of the current password, the session cookie's
 * attributes, CSRF on changes, idle expiry on the app's clock, visitors' tokens refused, the audit
 * log (super only) and the CLI's operators.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  ADMIN_COOKIE,
  CSRF_HEADER,
  type AdminError,
  type AdminSession,
  type OperatorRole,
} from '../../contract/admin/session.ts';
import { AUDIT_LIMITS, type AuditPage } from '../../contract/admin/audit.ts';
import { audit } from '../admin/audit.ts';
import { runAdminCommand, UsageError } from '../admin/cli.ts';
import { canActOnSite } from '../admin/guards.ts';
import { createOperator, type CreatedOperator } from '../admin/operators.ts';
import {
  PASSWORD_CHECKS_PER_ADDRESS,
  PASSWORD_CHECKS_PER_OPERATOR,
  SIGN_IN_PER_ADDRESS,
  SIGN_IN_PER_PAIR,
  SIGN_IN_PER_USERNAME,
} from '../admin/sign-in-limits.ts';
import { totpCode } from '../admin/totp.ts';
import { createRedisState } from '../request-state/redis-state.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const IDLE_MINUTES = 30;
let serial = 0;
let addressSerial = 0;
/** A fresh client address per test, so the per-address limit counts only that test's tries. */
const newAddress = () => `10.9.${Math.floor(++addressSerial / 250)}.${addressSerial % 250}`;

/**
 * Each sign-in try hashes at the operators' scrypt cost, and the limits' tests make dozens: 15-26 s
 * each on a quiet two-core machine. The cap against a hung test is therefore 90 s here, not 30.
 */
const SIGN_IN_TESTS = { timeout: 90_000 };

describe.each(DB_KINDS)('operator sign-in on %s', SIGN_IN_TESTS, (kind) => {
  let h: Harness;
  let clock = Date.now();
  /** A visitor's token, made while the server's clock is still near real time (signed calls check it). */
  let visitorToken = '';

  beforeAll(async () => {
    h = await createHarness(kind, {
      config: { RATE_LIMITS: 'on', ADMIN_IDLE_MINUTES: IDLE_MINUTES },
      now: () => clock,
    });
    visitorToken = (await h.client.registerGuest()).token;
  });
  afterAll(() => h?.close());

  const newOperator = (role: OperatorRole = 'super', siteIds: number[] | null = null): Promise<CreatedOperator> =>
    createOperator(h.db, { username: `Op_${kind}_${++serial}`, role, siteIds });

  const postSession = (body: unknown, remoteAddress = newAddress()) =>
    h.app.inject({ method: 'POST', url: '/admin-api/session', payload: body as object, remoteAddress });

  /** Signs in on a new time step (each code is good once); answers the session and its cookie. */
  async function signIn(op: CreatedOperator, remoteAddress = newAddress()) {
    clock += 30_000;
    const totp = await totpCode(op.totpSecret, clock);
    const res = await postSession({ username: op.operator.username, password: op.password, totp }, remoteAddress);
    expect(res.statusCode, res.body).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    const token = /admin_session=([^;]+)/.exec(cookie)![1]!;
    return { session: res.json<AdminSession>(), cookie, header: `${ADMIN_COOKIE}=${token}` };
  }

  const errorOf = (res: LightMyRequestResponse) => res.json<AdminError>();

  it('signs in with the password and the current code, with the session cookie set as it must be', async () => {
    const op = await newOperator('ops', [1]);
    const { session, cookie, header } = await signIn(op);
    expect(session.operator).toEqual({ id: op.operator.id, username: op.operator.username, role: 'ops', siteIds: [1] });
    expect(session.csrfToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(session.idleExpiresAt).toBe(clock + IDLE_MINUTES * 60_000);
    expect(cookie).toMatch(new RegExp(`^${ADMIN_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; SameSite=Strict');
    expect(cookie).toContain('; Path=/admin-api');
    expect(cookie).not.toContain('Secure'); // plain HTTP here

    const again = await h.app.inject({ method: 'GET', url: '/admin-api/session', headers: { cookie: header } });
    expect(again.statusCode).toBe(200);
    expect(again.json<AdminSession>().operator.username).toBe(op.operator.username);
    // The username matches whatever its case.
    clock += 30_000;
    const upper = await postSession({
      username: op.operator.username.toUpperCase(),
      password: op.password,
      totp: await totpCode(op.totpSecret, clock),
    });
    expect(upper.statusCode).toBe(200);
    // The store keeps neither the password nor the cookie's token.
    const rows = await h.db.query<{ password_hash: string; token_hash: string }>(
      'SELECT o.password_hash, s.token_hash FROM operators o JOIN operator_sessions s ON s.operator_id = o.id WHERE o.id = $1',
      [op.operator.id],
    );
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(rows.map((r) => r.token_hash)).not.toContain(header.split('=')[1]);
  });

  it('sets the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await createHarness(kind, { config: { TRUST_PROXY: 'true' } });
    try {
      const op = await createOperator(proxied.db, { username: 'proxied', role: 'super' });
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/admin-api/session',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: 'proxied', password: op.password, totp: await totpCode(op.totpSecret, Date.now()) },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toContain('; Secure');
    } finally {
      await proxied.close();
    }
  });

  it('answers 400 naming the missing field, and one 401 for a wrong password or code', async () => {
    const op = await newOperator();
    const { username } = op.operator;
    const noTotp = await postSession({ username, password: op.password });
    expect(noTotp.statusCode).toBe(400);
    expect(errorOf(noTotp)).toEqual({ message: '请填写动态码', field: 'totp' });
    expect(errorOf(await postSession({ password: 'x', totp: '123456' })).field).toBe('username');
    expect(errorOf(await postSession({ username, password: 5, totp: '1' })).field).toBe('password');

    clock += 30_000;
    const code = await totpCode(op.totpSecret, clock);
    const wrongPassword = await postSession({ username, password: `${op.password}x`, totp: code });
    const wrongCode = await postSession({
      username,
      password: op.password,
      totp: code === '000000' ? '111111' : '000000',
    });
    const unknown = await postSession({ username: 'nobody_here', password: op.password, totp: code });
    for (const res of [wrongPassword, wrongCode, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toEqual({ message: '用户名、密码或动态码错误' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // A code two steps old is outside the ±1 step window.
    const stale = await postSession({
      username,
      password: op.password,
      totp: await totpCode(op.totpSecret, clock - 61_000),
    });
    expect(stale.statusCode).toBe(401);
    // Bad bodies are 4xx JSON, never a 5xx.
    const notJson = await h.app.inject({
      method: 'POST',
      url: '/admin-api/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<AdminError>().message).toMatch(/^请求无效/);
    expect(notJson.body).not.toContain('at ');
    const odd: Array<[string, string]> = [
      ['application/json', 'null'],
      ['application/json', '[]'],
      ['application/json', '"text"'],
      ['application/json', JSON.stringify({ username: {}, password: 'x', totp: '1' })],
      ['application/json', JSON.stringify({ username: 'a'.repeat(10_000), password: 'x', totp: '1' })],
      ['application/json', JSON.stringify({ username: 'u', password: 'x', totp: ['123456'] })],
      ['application/json', '{"__proto__":{"username":"admin"}}'],
      ['text/plain', 'username=admin'],
      ['application/x-www-form-urlencoded', 'username=admin&password=x&totp=1'],
    ];
    for (const [type, payload] of odd) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/admin-api/session',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${payload.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${type} ${payload.slice(0, 40)}`).toBeLessThan(500);
      expect(typeof res.json<AdminError>().message).toBe('string');
    }
  });

  it('refuses a code used once already, also one step later', async () => {
    const op = await newOperator();
    clock += 30_000;
    const totp = await totpCode(op.totpSecret, clock);
    const body = { username: op.operator.username, password: op.password, totp };
    expect((await postSession(body)).statusCode).toBe(200);
    expect((await postSession(body)).statusCode).toBe(401);
    clock += 30_000; // still within the window as the previous step
    expect((await postSession(body)).statusCode).toBe(401);
    // The current code still works.
    expect((await postSession({ ...body, totp: await totpCode(op.totpSecret, clock) })).statusCode).toBe(200);
  });

  /** Answers a sign-in of `op` with its password and the current code, on a new time step. */
  async function rightTry(op: CreatedOperator, remoteAddress: string, username = op.operator.username) {
    clock += 30_000;
    return postSession({ username, password: op.password, totp: await totpCode(op.totpSecret, clock) }, remoteAddress);
  }
  const wrongTry = (username: string, remoteAddress: string) =>
    postSession({ username, password: 'wrong-password-1', totp: '123456' }, remoteAddress);

  it('refuses a username from an address after five failures there, and still lets its owner in from another', async () => {
    const op = await newOperator();
    const attacker = newAddress();
    for (let i = 0; i < SIGN_IN_PER_PAIR; i++)
      expect((await wrongTry(op.operator.username, attacker)).statusCode).toBe(401);
    // The sixth try from there waits out the window, the right password and code included.
    const limited = await wrongTry(op.operator.username, attacker);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toMatch(/请 \d+ 分钟后再试/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await rightTry(op, attacker)).statusCode).toBe(429);
    // The owner, from an address that has not failed, signs in as ever.
    expect((await rightTry(op, newAddress())).statusCode).toBe(200);
  });

  it("forgets an address's failures for a username once it signs in", async () => {
    const op = await newOperator();
    const address = newAddress();
    for (let i = 0; i < SIGN_IN_PER_PAIR - 1; i++)
      expect((await wrongTry(op.operator.username, address)).statusCode).toBe(401);
    expect((await rightTry(op, address)).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_PER_PAIR; i++)
      expect((await wrongTry(op.operator.username, address)).statusCode).toBe(401);
    expect((await wrongTry(op.operator.username, address)).statusCode).toBe(429);
  });

  it('counts a username the same whatever its case, spaces around it or full-width letters', async () => {
    const op = await newOperator();
    const name = op.operator.username;
    const fullWidth = [...name].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');
    const address = newAddress();
    for (const variant of [name.toUpperCase(), ` ${name.toLowerCase()} `, fullWidth, fullWidth, name]) {
      expect((await wrongTry(variant, address)).statusCode, variant).toBe(401);
    }
    expect((await wrongTry(name.toLowerCase(), address)).statusCode).toBe(429);
    expect((await rightTry(op, address, fullWidth.toUpperCase())).statusCode).toBe(429);
    expect((await rightTry(op, newAddress())).statusCode).toBe(200);
  });

  it('slows a username sprayed from many addresses: past its cap each address gets one try, and the owner still gets in', async () => {
    const op = await newOperator();
    const { username } = op.operator;
    const tried: string[] = [];
    for (let i = 0; i < SIGN_IN_PER_USERNAME; i++) {
      tried.push(newAddress());
      expect((await wrongTry(username, tried[i]!)).statusCode).toBe(401);
    }
    // A new address's wrong try is answered with the wait; it gets no second one in the window.
    const sprayer = newAddress();
    const first = await wrongTry(username, sprayer);
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
    expect((await rightTry(op, sprayer)).statusCode).toBe(429);
    // An address that failed before the cap is refused before any check, the right password included.
    expect((await rightTry(op, tried[0]!)).statusCode).toBe(429);
    // The owner, from an address that has not failed, signs in; and may again from there.
    const home = newAddress();
    expect((await rightTry(op, home)).statusCode).toBe(200);
    expect((await rightTry(op, home)).statusCode).toBe(200);
    // Once the window has passed, the username is tried as usual.
    clock += 16 * 60_000;
    expect((await wrongTry(username, tried[0]!)).statusCode).toBe(401);
  });

  it('counts an IPv6 client by its /64, so its many addresses are one', async () => {
    const other = await newOperator();
    const prefix = `2001:db8:${(++addressSerial).toString(16)}:1`;
    for (let i = 0; i < SIGN_IN_PER_ADDRESS; i++) {
      const res = await postSession({ username: `guess6_${i}`, password: 'x', totp: '123456' }, `${prefix}::${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    expect((await rightTry(other, `${prefix}::ffff`)).statusCode).toBe(429);
    expect((await rightTry(other, `2001:db8:${addressSerial.toString(16)}:2::1`)).statusCode).toBe(200);
  });

  it('limits the failures from one address, whatever the usernames', async () => {
    const address = newAddress();
    const owner = await newOperator();
    for (let i = 1; i < SIGN_IN_PER_ADDRESS; i++) expect((await wrongTry(`guess_a${i}`, address)).statusCode).toBe(401);
    // A sign-in there forgets them: only failures add up.
    expect((await rightTry(owner, address)).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_PER_ADDRESS; i++) expect((await wrongTry(`guess_b${i}`, address)).statusCode).toBe(401);
    const other = await newOperator();
    const fromThere = await rightTry(other, address);
    expect(fromThere.statusCode).toBe(429);
    expect(Number(fromThere.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits guesses of the current password when changing it, per operator and per address', async () => {
    const op = await newOperator();
    const first = await signIn(op);
    const change = (header: string, csrfToken: string, current: string, remoteAddress = newAddress()) =>
      h.app.inject({
        method: 'POST',
        url: '/admin-api/session/password',
        remoteAddress,
        headers: { cookie: header, [CSRF_HEADER]: csrfToken },
        payload: { current, next: 'Brand-new-42-q' },
      });
    for (let i = 0; i < PASSWORD_CHECKS_PER_OPERATOR; i++) {
      const res = await change(first.header, first.session.csrfToken, `guess-${i}-x1`);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ message: '当前密码错误', field: 'current' });
    }
    // The right one now waits too, from this session or another of the same operator.
    const limited = await change(first.header, first.session.csrfToken, op.password);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).field).toBe('current');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const second = await signIn(op);
    expect((await change(second.header, second.session.csrfToken, op.password)).statusCode).toBe(429);
    clock += 16 * 60_000;
    const third = await signIn(op);
    expect((await change(third.header, third.session.csrfToken, op.password)).statusCode).toBe(200);

    // From one address, whichever operators' sessions it uses.
    const address = newAddress();
    let tries = 0;
    while (tries < PASSWORD_CHECKS_PER_ADDRESS) {
      const other = await newOperator();
      const { header, session } = await signIn(other);
      for (let i = 1; i < PASSWORD_CHECKS_PER_OPERATOR && tries < PASSWORD_CHECKS_PER_ADDRESS; i++, tries++) {
        expect((await change(header, session.csrfToken, `guess-${tries}-x1`, address)).statusCode).toBe(400);
      }
    }
    const last = await newOperator();
    const { header, session } = await signIn(last);
    expect((await change(header, session.csrfToken, last.password, address)).statusCode).toBe(429);
    expect((await change(header, session.csrfToken, last.password)).statusCode).toBe(200);
  });

  it('refuses a change without the CSRF header (403), and signs out with it', async () => {
    const op = await newOperator();
    const { session, header } = await signIn(op);
    const noHeader = await h.app.inject({ method: 'DELETE', url: '/admin-api/session', headers: { cookie: header } });
    expect(noHeader.statusCode).toBe(403);
    const wrong = await h.app.inject({
      method: 'DELETE',
      url: '/admin-api/session',
      headers: { cookie: header, [CSRF_HEADER]: `${session.csrfToken.slice(1)}x` },
    });
    expect(wrong.statusCode).toBe(403);
    const still = await h.app.inject({ method: 'GET', url: '/admin-api/session', headers: { cookie: header } });
    expect(still.statusCode).toBe(200);

    const out = await h.app.inject({
      method: 'DELETE',
      url: '/admin-api/session',
      headers: { cookie: header, [CSRF_HEADER]: session.csrfToken },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^admin_session=; Path=\/admin-api; Max-Age=0/);
    const after = await h.app.inject({ method: 'GET', url: '/admin-api/session', headers: { cookie: header } });
    expect(after.statusCode).toBe(401);
  });

  it("opens nothing for a visitor's token, in the token header or as the cookie", async () => {
    for (const headers of [{ token: visitorToken }, { cookie: `${ADMIN_COOKIE}=${visitorToken}` }]) {
      for (const url of ['/admin-api/session', '/admin-api/audit', '/admin-api/nothing-here']) {
        const res = await h.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(401);
        expect(errorOf(res)).toEqual({ message: '未登录或登录已过期' });
      }
    }
  });

  it('ends a session after the idle time without requests, and keeps a used one alive', async () => {
    const op = await newOperator();
    const { header } = await signIn(op);
    const get = () => h.app.inject({ method: 'GET', url: '/admin-api/session', headers: { cookie: header } });
    clock += (IDLE_MINUTES - 1) * 60_000;
    const used = await get();
    expect(used.statusCode).toBe(200);
    expect(used.json<AdminSession>().idleExpiresAt).toBe(clock + IDLE_MINUTES * 60_000);
    clock += (IDLE_MINUTES - 1) * 60_000; // 58 min after sign-in, 29 after the last use
    expect((await get()).statusCode).toBe(200);
    clock += IDLE_MINUTES * 60_000 + 1;
    expect((await get()).statusCode).toBe(401);
  });

  it('ends a session 12 hours after sign-in however busy', async () => {
    const op = await newOperator();
    const { header } = await signIn(op);
    const get = () => h.app.inject({ method: 'GET', url: '/admin-api/session', headers: { cookie: header } });
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      clock += 20 * 60_000;
      expect((await get()).statusCode).toBe(200);
    }
    clock += 40 * 60_000;
    expect((await get()).statusCode).toBe(401);
  });

  it('audits sign-ins and sign-outs with the address, lists them newest first to super only', async () => {
    const op = await newOperator('super');
    const address = newAddress();
    const { session, header } = await signIn(op, address);
    await h.app.inject({
      method: 'DELETE',
      url: '/admin-api/session',
      remoteAddress: address,
      headers: { cookie: header, [CSRF_HEADER]: session.csrfToken },
    });
    const { header: reader } = await signIn(op);
    const res = await h.app.inject({
      method: 'GET',
      url: `/admin-api/audit?operatorId=${op.operator.id}`,
      headers: { cookie: reader },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json<AuditPage>();
    expect(page.list.slice(1, 3).map((e) => [e.action, e.address])).toEqual([
      ['session.signOut', address],
      ['session.signIn', address],
    ]);
    expect(page.list[0]!.action).toBe('session.signIn');
    expect(page.list[1]!.operator).toEqual({ id: op.operator.id, username: op.operator.username });

    // Keyset pages: one row at a time by the cursor, the same rows in the same order.
    const byAction = await h.app.inject({
      method: 'GET',
      url: '/admin-api/audit?action=session.signInFailed',
      headers: { cookie: reader },
    });
    const failed = byAction.json<AuditPage>().list;
    expect(failed.length).toBeGreaterThan(5);
    expect(failed.every((e) => e.action === 'session.signInFailed')).toBe(true);
    expect(failed.map((e) => e.id)).toEqual([...failed.map((e) => e.id)].sort((a, b) => b - a));

    const bad = await h.app.inject({ method: 'GET', url: '/admin-api/audit?cursor=abc', headers: { cookie: reader } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('cursor');
    const huge = await h.app.inject({
      method: 'GET',
      url: '/admin-api/audit?operatorId=99999999999',
      headers: { cookie: reader },
    });
    expect(errorOf(huge).field).toBe('operatorId');

    const moderator = await newOperator('moderator');
    const { header: modHeader } = await signIn(moderator);
    const refused = await h.app.inject({ method: 'GET', url: '/admin-api/audit', headers: { cookie: modHeader } });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ message: '没有权限执行此操作' });
  });

  it('filters the audit by kind and a time range, pages up to the export size, and names each target', async () => {
    const op = await newOperator('super');
    const { header } = await signIn(op);
    const site = (
      await h.db.query<{ id: number; title: string }>('SELECT id, title FROM sites ORDER BY id LIMIT 1')
    )[0]!;
    const day = Date.parse('2020-03-04T00:00:00+08:00');
    const by = { operatorId: op.operator.id, address: '10.1.2.3' };
    await audit(h.db, {
      ...by,
      action: 'site.update',
      targetType: 'site',
      targetId: site.id,
      at: day + 3_600_000,
    });
    await audit(h.db, {
      ...by,
      action: 'operator.update',
      targetType: 'operator',
      targetId: op.operator.id,
      at: day + 7_200_000,
    });
    await audit(h.db, {
      ...by,
      action: 'site.icon',
      targetType: 'site',
      targetId: 999_999_999,
      at: day + 86_400_000,
    });
    await audit(h.db, { ...by, action: 'word.add', targetType: 'word', targetId: '赌博', at: day + 3_000 });
    const get = (query: string) =>
      h.app.inject({ method: 'GET', url: `/admin-api/audit?${query}`, headers: { cookie: header } });

    // The day 2020-03-04 (Beijing time) holds three (newest written first); of kind site, one
    // more the next day; each target named as it is now, a word by itself.
    const ofDay = (await get(`from=${day}&to=${day + 86_400_000}`)).json<AuditPage>().list;
    expect(ofDay.map((e) => [e.action, e.targetName])).toEqual([
      ['word.add', null],
      ['operator.update', op.operator.username],
      ['site.update', site.title],
    ]);
    const sites = (await get(`kind=site&from=${day}&to=${day + 2 * 86_400_000}`)).json<AuditPage>().list;
    expect(sites.map((e) => [e.action, e.targetId, e.targetName])).toEqual([
      ['site.icon', '999999999', null],
      ['site.update', String(site.id), site.title],
    ]);
    // A page of one, then the rest by the cursor; the export's page size is allowed, one more is not.
    const first = (await get(`kind=site&from=${day}&limit=1`)).json<AuditPage>();
    expect(first.list).toHaveLength(1);
    const rest = (await get(`kind=site&from=${day}&limit=1&cursor=${first.nextCursor}`)).json<AuditPage>();
    expect(rest.list[0]!.action).toBe('site.update');
    expect((await get(`limit=${AUDIT_LIMITS.pageMax}`)).statusCode).toBe(200);
    for (const [query, field] of [
      [`limit=${AUDIT_LIMITS.pageMax + 1}`, 'limit'],
      ['kind=nothing', 'kind'],
      ['from=yesterday', 'from'],
      [`from=${day}&to=${day}`, 'to'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).field, query).toBe(field);
      expect(errorOf(res).message, query).not.toMatch(/[a-z]{3,}/);
    }
  });

  it('pages the audit by number with the total, newest or oldest first, ties by id, and refuses a bad page or sort', async () => {
    const op = await newOperator('super');
    const { header } = await signIn(op);
    const get = (query: string) =>
      h.app.inject({ method: 'GET', url: `/admin-api/audit?${query}`, headers: { cookie: header } });
    // Five rows on a day of their own, two of them at the same instant.
    const day = Date.parse('2019-05-06T00:00:00+08:00');
    const by = { operatorId: op.operator.id, address: '10.9.8.7', targetType: 'word' };
    for (const [word, minutes] of [
      ['甲', 1],
      ['乙', 5],
      ['丙', 3],
      ['丁', 3],
      ['戊', 9],
    ] as const)
      await audit(h.db, { ...by, action: 'word.add', targetId: word, at: day + minutes * 60_000 });
    const range = `from=${day}&to=${day + 86_400_000}`;
    const words = (page: AuditPage) => page.list.map((e) => e.targetId);

    const newest = (await get(`${range}&limit=2&page=1`)).json<AuditPage>();
    expect(newest.total).toBe(5);
    expect(newest.nextCursor).toBeNull();
    expect(words(newest)).toEqual(['戊', '乙']);
    // The same instant: the later row (丁) first when newest first, last when oldest first.
    expect(words((await get(`${range}&limit=2&page=2`)).json<AuditPage>())).toEqual(['丁', '丙']);
    expect(words((await get(`${range}&limit=2&page=3`)).json<AuditPage>())).toEqual(['甲']);
    expect((await get(`${range}&limit=2&page=4`)).json<AuditPage>().list).toEqual([]);
    const oldest = (await get(`${range}&sort=at:asc`)).json<AuditPage>();
    expect(words(oldest)).toEqual(['甲', '丙', '丁', '乙', '戊']);
    expect(oldest.total).toBe(5);
    expect(words((await get(`${range}&sort=at:desc&kind=word`)).json<AuditPage>())).toEqual([
      '戊',
      '乙',
      '丁',
      '丙',
      '甲',
    ]);
    // Without page or sort: the cursor's way, as the CSV export reads, with no total.
    const keyset = (await get(`${range}&limit=2`)).json<AuditPage>();
    expect(keyset.total).toBeNull();
    expect(keyset.nextCursor).not.toBeNull();

    for (const [query, field] of [
      ['page=0', 'page'],
      [`page=${AUDIT_LIMITS.pages + 1}`, 'page'],
      ['page=two', 'page'],
      ['sort=at', 'sort'],
      ['sort=id:desc', 'sort'],
      ['sort=at:up', 'sort'],
      ['page=2&cursor=5', 'cursor'],
      ['sort=at:asc&cursor=5', 'cursor'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).field, query).toBe(field);
      expect(errorOf(res).message, query).toMatch(field === 'sort' ? /排序/ : field === 'page' ? /页码/ : /分页位置/);
    }
  });

  it('keeps the audit log append-only in the store itself', async () => {
    await expect(h.db.query("UPDATE audit_log SET action = 'x'")).rejects.toThrow(/append-only/);
    await expect(h.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });

  it('creates an operator from the CLI who can then sign in', async () => {
    const { created, text } = await runAdminCommand(h.db, [
      'create-operator',
      '--username',
      `cli_${kind}`,
      '--role',
      'finance',
      '--sites',
      '1,2',
    ]);
    expect(text).toContain(created.password);
    expect(text).toContain(created.totpSecret);
    expect(text).toContain('otpauth://totp/');
    expect(text).toMatch(/[▀▄█]/); // the QR drawn in the terminal
    const { session } = await signIn(created);
    expect(session.operator).toMatchObject({ username: `cli_${kind}`, role: 'finance', siteIds: [1, 2] });
    expect([1, 2, 3].map((siteId) => canActOnSite(session.operator, siteId))).toEqual([true, true, false]);
    expect(canActOnSite({ ...session.operator, siteIds: null }, 3)).toBe(true);

    await expect(
      runAdminCommand(h.db, ['create-operator', '--username', `CLI_${kind}`, '--role', 'ops']),
    ).rejects.toThrow(/exists already/);
    await expect(runAdminCommand(h.db, ['create-operator', '--username', 'x_y', '--role', 'root'])).rejects.toThrow(
      UsageError,
    );
    await expect(
      runAdminCommand(h.db, ['create-operator', '--username', 'x_y', '--role', 'ops', '--sites', 'a']),
    ).rejects.toThrow(/--sites/);
  });
});

describe.runIf(process.env.REDIS_URL)('operator sign-in limits shared through Redis', SIGN_IN_TESTS, () => {
  it('counts tries made on one server process against another', async () => {
    const keyPrefix = `test:${randomBytes(6).toString('hex')}:`;
    const log = { info: () => {}, warn: () => {} };
    const states = [0, 1].map(() => createRedisState({ url: process.env.REDIS_URL!, keyPrefix, log }));
    const first = await createHarness('pglite', { config: { RATE_LIMITS: 'on' }, shared: states[0] });
    const second = await createHarness('pglite', { config: { RATE_LIMITS: 'on' }, shared: states[1] });
    try {
      const body = { username: 'shared_name', password: 'wrong', totp: '123456' };
      for (let i = 0; i < SIGN_IN_PER_PAIR; i++) {
        const res = await first.app.inject({ method: 'POST', url: '/admin-api/session', payload: body });
        expect(res.statusCode).toBe(401);
      }
      const res = await second.app.inject({ method: 'POST', url: '/admin-api/session', payload: body });
      expect(res.statusCode).toBe(429);
      // A username's failures from many addresses count on every process too.
      const sprayed = { ...body, username: 'sprayed_name' };
      const from = (i: number) => `10.77.0.${i + 1}`;
      for (let i = 0; i < SIGN_IN_PER_USERNAME; i++) {
        const each = await first.app.inject({
          method: 'POST',
          url: '/admin-api/session',
          payload: sprayed,
          remoteAddress: from(i),
        });
        expect(each.statusCode).toBe(401);
      }
      const again = await second.app.inject({
        method: 'POST',
        url: '/admin-api/session',
        payload: sprayed,
        remoteAddress: from(0),
      });
      expect(again.statusCode).toBe(429);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await Promise.all(states.map((state) => state.close()));
    }
  });
});

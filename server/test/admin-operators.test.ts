/**
 * 操作员 (超级管理员 only) and the one-time password: create with credentials shown once, the
 * 设置新密码 gate (403 on everything else until the operator's own password is set), the password
 * rules, role and site changes, disabling (sessions end), renewing credentials, the last active
 * super kept, and the audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorCredentials, OperatorList, OperatorListItem } from '../../contract/admin/operators.ts';
import type { AdminError, AdminSession } from '../../contract/admin/session.ts';
import type { AuditPage } from '../../contract/admin/audit.ts';
import type { CreatedOperator } from '../admin/operators.ts';
import { verifyPassword } from '../admin/passwords.ts';
import { signInAs, signInOperator, type SignedInOperator } from './admin-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

describe.each(DB_KINDS)('operators on %s', (kind) => {
  let h: Harness;
  let root: SignedInOperator;

  beforeAll(async () => {
    h = await createHarness(kind);
    root = await signInOperator(h, { role: 'super' });
  });
  afterAll(() => h?.close());

  const created = (c: OperatorCredentials, password: string): CreatedOperator => ({
    operator: { id: c.operator.id, username: c.operator.username, role: c.operator.role, siteIds: c.operator.siteIds },
    password,
    totpSecret: c.totp!.secret,
    otpauthUrl: c.totp!.otpauthUrl,
  });

  it('creates an operator with a one-time password and a TOTP QR, who must set a password before anything else', async () => {
    const res = await root.call('POST', '/admin-api/operators', {
      username: `finance_${kind}`,
      role: 'finance',
      siteIds: [1],
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json<OperatorCredentials>();
    expect(made.operator).toMatchObject({
      role: 'finance',
      siteIds: [1],
      disabled: false,
      mustChangePassword: true,
      lastSeenAt: null,
    });
    expect(made.password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(made.totp!.qrSvg).toMatch(/^<svg/);
    expect(made.totp!.otpauthUrl).toContain(`secret=${made.totp!.secret}`);

    const finance = await signInAs(h, created(made, made.password!));
    expect(finance.session.mustChangePassword).toBe(true);
    const blocked = await finance.call('GET', '/admin-api/audit');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json<AdminError>().message).toBe('请先修改一次性密码');
    expect((await finance.call('GET', '/admin-api/session')).statusCode).toBe(200);

    const weak = [
      ['short1', /10-128/],
      ['onlyletterslong', /字母和数字/],
      [`x1${made.operator.username}`, /用户名/],
      [made.password!, /相同/],
      // Judged as it is stored: full-width digits and letters are the ASCII 1234567890a.
      ['\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18\uff19\uff10\uff41', /过于常见/],
      ['Password1234', /过于常见/],
      ['woaini1314520', /过于常见/],
      ['qwertyuiop123', /过于常见/],
    ] as const;
    for (const [next, message] of weak) {
      const answer = await finance.call('POST', '/admin-api/session/password', { current: made.password, next });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<AdminError>().field).toBe('next');
      expect(answer.json<AdminError>().message).toMatch(message);
    }
    const wrong = await finance.call('POST', '/admin-api/session/password', {
      current: 'not-it-123',
      next: 'Brand-new-42',
    });
    expect(wrong.json<AdminError>()).toEqual({ message: '当前密码错误', field: 'current' });

    const changed = await finance.call('POST', '/admin-api/session/password', {
      current: made.password,
      next: 'Brand-new-42',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AdminSession>().mustChangePassword).toBe(false);
    // The same session goes on, now with the console open to its role.
    expect((await finance.call('GET', '/admin-api/audit')).statusCode).toBe(403); // super only, a role 403
    expect((await finance.call('GET', '/admin-api/operators')).json<AdminError>().message).toBe('没有权限执行此操作');
    // The old one-time password no longer signs in; the new one does.
    await expect(signInAs(h, created(made, made.password!))).rejects.toThrow(/401/);
    const again = await signInAs(h, created(made, 'Brand-new-42'));
    expect(again.session.mustChangePassword).toBe(false);
  });

  it('keeps a full-width password as its NFKC form: typed either way it is the same password', async () => {
    const op = await signInOperator(h, { role: 'ops', temporaryPassword: true });
    // Ｃｏｒａｌ-Ｔｉｄｅ-４７ｑ
    const typed = '\uff23\uff4f\uff52\uff41\uff4c-\uff34\uff49\uff44\uff45-\uff14\uff17\uff51';
    const changed = await op.call('POST', '/admin-api/session/password', { current: op.created.password, next: typed });
    expect(changed.statusCode, changed.body).toBe(200);
    const stored = await h.db.one<{ hash: string }>('SELECT password_hash AS hash FROM operators WHERE id = $1', [
      op.created.operator.id,
    ]);
    expect(await verifyPassword(typed, stored!.hash)).toBe(true);
    expect(await verifyPassword('Coral-Tide-47q', stored!.hash)).toBe(true);
    expect(await verifyPassword('coral-tide-47q', stored!.hash)).toBe(false);
    const again = await signInAs(h, op.created, 'Coral-Tide-47q');
    expect(again.session.mustChangePassword).toBe(false);
  });

  it('lists operators, changes role and sites, and refuses bad input naming the field', async () => {
    const made = (
      await root.call('POST', '/admin-api/operators', { username: `ops_${kind}`, role: 'ops', siteIds: null })
    ).json<OperatorCredentials>();
    const dup = await root.call('POST', '/admin-api/operators', { username: `OPS_${kind}`, role: 'ops' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json<AdminError>().field).toBe('username');
    expect(
      (await root.call('POST', '/admin-api/operators', { username: 'x y', role: 'ops' })).json<AdminError>().field,
    ).toBe('username');
    expect(
      (await root.call('POST', '/admin-api/operators', { username: 'okname', role: 'boss' })).json<AdminError>().field,
    ).toBe('role');
    const noSite = await root.call('POST', '/admin-api/operators', { username: 'okname', role: 'ops', siteIds: [999] });
    expect(noSite.json<AdminError>()).toEqual({ message: '站点不存在：999', field: 'siteIds' });

    const patched = await root.call('PATCH', `/admin-api/operators/${made.operator.id}`, {
      role: 'moderator',
      siteIds: [1],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<OperatorListItem>()).toMatchObject({ role: 'moderator', siteIds: [1] });
    expect((await root.call('PATCH', `/admin-api/operators/${made.operator.id}`, {})).statusCode).toBe(400);
    expect((await root.call('PATCH', '/admin-api/operators/99999', { role: 'ops' })).statusCode).toBe(404);

    const list = (await root.call('GET', '/admin-api/operators')).json<OperatorList>().list;
    expect(list.find((o) => o.id === made.operator.id)).toMatchObject({ username: `ops_${kind}`, role: 'moderator' });
    expect(list.find((o) => o.id === root.created.operator.id)!.lastSeenAt).toBeGreaterThan(0);
  });

  it('disabling ends the sessions at once; renewing gives new credentials; a super keeps itself and the last super', async () => {
    const mod = await signInOperator(h, { role: 'moderator' });
    expect((await mod.call('GET', '/admin-api/session')).statusCode).toBe(200);
    const off = await root.call('PATCH', `/admin-api/operators/${mod.created.operator.id}`, { disabled: true });
    expect(off.json<OperatorListItem>().disabled).toBe(true);
    expect((await mod.call('GET', '/admin-api/session')).statusCode).toBe(401);
    await expect(signInAs(h, mod.created)).rejects.toThrow(/401/);
    await root.call('PATCH', `/admin-api/operators/${mod.created.operator.id}`, { disabled: false });

    const renewed = (
      await root.call('POST', `/admin-api/operators/${mod.created.operator.id}/reset`, { password: true, totp: true })
    ).json<OperatorCredentials>();
    expect(renewed.operator.mustChangePassword).toBe(true);
    expect(renewed.totp!.secret).not.toBe(mod.created.totpSecret);
    const fresh = await signInAs(h, created(renewed, renewed.password!));
    expect(fresh.session.mustChangePassword).toBe(true);
    expect((await root.call('POST', `/admin-api/operators/${mod.created.operator.id}/reset`, {})).statusCode).toBe(400);

    const me = root.created.operator.id;
    expect((await root.call('PATCH', `/admin-api/operators/${me}`, { disabled: true })).json<AdminError>().field).toBe(
      'disabled',
    );
    expect((await root.call('PATCH', `/admin-api/operators/${me}`, { role: 'ops' })).json<AdminError>().field).toBe(
      'role',
    );
    // Another super may not leave the group without an active super either.
    const second = await signInOperator(h, { role: 'super' });
    const supers = (await root.call('GET', '/admin-api/operators'))
      .json<OperatorList>()
      .list.filter((o) => o.role === 'super' && !o.disabled);
    for (const other of supers.filter((o) => o.id !== me && o.id !== second.created.operator.id)) {
      await root.call('PATCH', `/admin-api/operators/${other.id}`, { disabled: true });
    }
    expect((await second.call('PATCH', `/admin-api/operators/${me}`, { disabled: true })).statusCode).toBe(200);
    const last = await second.call('PATCH', `/admin-api/operators/${second.created.operator.id}`, { role: 'ops' });
    expect(last.json<AdminError>().field).toBe('role');
    expect((await second.call('PATCH', `/admin-api/operators/${me}`, { disabled: false })).statusCode).toBe(200);
  });

  it('only a super reaches the operators; every change is in the audit, with no secret in it', async () => {
    for (const role of ['ops', 'moderator', 'finance'] as const) {
      const other = await signInOperator(h, { role });
      expect((await other.call('GET', '/admin-api/operators')).statusCode).toBe(403);
      expect((await other.call('POST', '/admin-api/operators', { username: 'sneaky', role: 'super' })).statusCode).toBe(
        403,
      );
    }
    const fresh = await signInOperator(h, { role: 'super' });
    const audit = (await fresh.call('GET', '/admin-api/audit?action=operator.create')).json<AuditPage>().list;
    expect(audit.length).toBeGreaterThanOrEqual(2);
    const all = JSON.stringify((await fresh.call('GET', '/admin-api/audit')).json<AuditPage>());
    for (const action of ['operator.update', 'operator.reset', 'operator.passwordChange'])
      expect(all).toContain(action);
    expect(all).not.toMatch(/password"\s*:\s*"[A-Za-z2-9]{16}"/);
    expect(all).not.toContain('otpauth');
  });
});

/**
 * Operators' usernames, from the console's 操作员 page and from `npm run admin -- create-operator`:
 * NFKC first (full-width ａｄｍｉｎ is admin), then ASCII letters, digits, _ . and - only, and unique
 * by confusable skeleton with case ignored, so аdmin (Cyrillic а), ａｄｍｉｎ, ADMIN and adrnin are
 * refused once admin exists. Existing operators keep their names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorCredentials } from '../../contract/admin/operators.ts';
import type { AdminError } from '../../contract/admin/session.ts';
import { runAdminCommand, UsageError } from '../admin/cli.ts';
import { createOperator } from '../admin/operators.ts';
import { signInOperator, type SignedInOperator } from './admin-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

describe.each(DB_KINDS)('operators’ usernames on %s', (kind) => {
  let h: Harness;
  let root: SignedInOperator;

  beforeAll(async () => {
    h = await createHarness(kind);
    root = await signInOperator(h, { role: 'super' });
  });
  afterAll(() => h?.close());

  const create = (username: string) => root.call('POST', '/admin-api/operators', { username, role: 'ops' });

  it('makes full-width ａｄｍｉｎ the ASCII admin when no admin exists', async () => {
    const res = await create('\uff41\uff44\uff4d\uff49\uff4e');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OperatorCredentials>().operator.username).toBe('admin');
  });

  it('refuses look-alikes of an existing username with 400 naming the field', async () => {
    // Not ASCII, so refused whatever exists.
    expect((await create('\u0430dmin')).json<AdminError>()).toEqual({
      field: 'username',
      message: '用户名须为 2-32 位英文字母、数字、_ . 或 -',
    });
    for (const username of ['\uff41\uff44\uff4d\uff49\uff4e', 'ADMIN', 'adrnin', 'Admin', 'admin']) {
      const res = await create(username);
      expect(res.statusCode, username).toBe(400);
      expect(res.json<AdminError>(), username).toEqual({
        field: 'username',
        message: '用户名与已有操作员「admin」相同或过于相似',
      });
    }
  });

  it('takes ASCII letters, digits, _ . and - only', async () => {
    for (const username of ['\u0430dmin_2', 'José', '运营一号', 'x y', 'a', 'ab\u200bcd', 'a'.repeat(33)]) {
      const res = await create(username);
      expect(res.statusCode, username).toBe(400);
      expect(res.json<AdminError>(), username).toEqual({
        field: 'username',
        message: '用户名须为 2-32 位英文字母、数字、_ . 或 -',
      });
    }
    expect((await create(`Night.Shift-${kind}_2`)).statusCode).toBe(200);
  });

  it('applies the same rules to the command line', async () => {
    await expect(
      runAdminCommand(h.db, ['create-operator', '--username', '\u0430dmin', '--role', 'ops']),
    ).rejects.toThrow(UsageError);
    await expect(
      runAdminCommand(h.db, ['create-operator', '--username', '\uff41\uff44\uff4d\uff49\uff4e', '--role', 'ops']),
    ).rejects.toThrow(/too similar to "admin"/);
    await expect(
      runAdminCommand(h.db, ['create-operator', '--username', 'Jos\u00e9', '--role', 'ops']),
    ).rejects.toThrow(/ASCII/);
    const { created } = await runAdminCommand(h.db, [
      'create-operator',
      '--username',
      '\uff43\uff4c\uff49_ops',
      '--role',
      'ops',
    ]);
    expect(created.operator.username).toBe('cli_ops');
  });

  it('refuses a look-alike made straight through createOperator too', async () => {
    await createOperator(h.db, { username: `root_${kind}`, role: 'ops' });
    await expect(createOperator(h.db, { username: `r\u043e\u043et_${kind}`, role: 'ops' })).rejects.toThrow(/username/);
  });
});

/**
 * The console's 用户 calls and the member's 查询 on each store: search and one member (审核 sees
 * no balances, no ledgers, no adjustments), site limits, keyset ledgers, adjustments that never
 * take a balance below zero; the member's open deposits and 查询 of their own orders only.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustResult, AdminLedgerPage, UserDetail, UserPage } from '../../contract/admin/money.ts';
import type { AdminError } from '../../contract/admin/session.ts';
import type { OpenDeposit, OrderInfo } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { findOrder } from '../db/orders.ts';
import { recordSandboxPayment } from '../payment/sandbox-gateway.ts';
import { codeOf, dataOf, FX } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { assertLedgersBalanced, grant, seedMember } from './member-fixture.ts';
import { auditRows, coinsOf, newMember, operatorCall, pendingOrder, type AdminCall } from './admin-money-fixture.ts';

describe.each(DB_KINDS)('console users, ledgers and adjustments on %s', (kind) => {
  let h: Harness;
  let finance: AdminCall;
  let moderator: AdminCall;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember });
    finance = await operatorCall(h, 'finance');
    moderator = await operatorCall(h, 'moderator');
  });
  afterEach(() => assertLedgersBalanced(h.db));
  afterAll(() => h?.close());

  const adjust = (id: number, body: unknown, as: AdminCall = finance) =>
    as('POST', `/admin-api/users/${id}/adjust`, body);

  it('finds members by id, nickname or account; 审核 sees them without balances', async () => {
    const byName = (await finance('GET', `/admin-api/users?q=${encodeURIComponent('老王')}`)).json<UserPage>();
    expect(byName.list.map((u) => u.id)).toEqual([FX.authors[0]]);
    expect(byName.list[0]).toMatchObject({ nickname: '老王', coins: 0, points: 0 });
    const byId = (await finance('GET', `/admin-api/users?q=${FX.authors[1]}`)).json<UserPage>();
    expect(byId.list.map((u) => u.id)).toEqual([FX.authors[1]]);
    await h.db.query(`UPDATE users SET account = 'Alice_01', password_hash = 'x' WHERE id = $1`, [FX.authors[2]]);
    expect((await finance('GET', '/admin-api/users?q=alice')).json<UserPage>().list.map((u) => u.id)).toEqual([
      FX.authors[2],
    ]);
    // % and _ are plain characters in a search.
    expect((await finance('GET', '/admin-api/users?q=%25')).json<UserPage>().list).toEqual([]);
    const seen = (await moderator('GET', `/admin-api/users?q=${encodeURIComponent('老王')}`)).json<UserPage>();
    expect(seen.list[0]).toMatchObject({ id: FX.authors[0], coins: null, points: null });

    const detail = (await finance('GET', `/admin-api/users/${FX.authors[0]}`)).json<UserDetail>();
    expect(detail).toMatchObject({ id: FX.authors[0], nickname: '老王', coins: 0, points: 0, devices: 0 });
    expect(detail.siteTitle).toEqual(expect.any(String));
    expect(Array.isArray(detail.sanctions) || detail.sanctions === null).toBe(true);
    const asModerator = (await moderator('GET', `/admin-api/users/${FX.authors[0]}`)).json<UserDetail>();
    expect(asModerator).toMatchObject({ coins: null, points: null });
    expect((await finance('GET', '/admin-api/users/99999999')).statusCode).toBe(404);
    expect((await finance('GET', '/admin-api/users/abc')).json<AdminError>().field).toBe('id');
    const ops = await operatorCall(h, 'ops');
    expect((await ops('GET', '/admin-api/users')).statusCode).toBe(403);
  });

  it('pages a ledger by keyset; 审核 gets 403 on ledgers and adjustments', async () => {
    const member = await newMember(h);
    for (let i = 0; i < 55; i++) await grant(h.db, member.id, { coins: 1 });
    await grant(h.db, member.id, { points: 7 });
    const first = (await finance('GET', `/admin-api/users/${member.id}/ledger?asset=coins`)).json<AdminLedgerPage>();
    expect(first.list).toHaveLength(50);
    expect(first.list[0]).toMatchObject({ type: 'adjust', delta: 1, balanceAfter: 55 });
    const rest = (
      await finance('GET', `/admin-api/users/${member.id}/ledger?asset=coins&cursor=${first.nextCursor}`)
    ).json<AdminLedgerPage>();
    expect(rest.list.map((e) => e.balanceAfter)).toEqual([5, 4, 3, 2, 1]);
    expect(rest.nextCursor).toBeNull();
    const points = (await finance('GET', `/admin-api/users/${member.id}/ledger?asset=points`)).json<AdminLedgerPage>();
    expect(points.list.map((e) => e.delta)).toEqual([7]);
    expect((await finance('GET', `/admin-api/users/${member.id}/ledger?asset=gold`)).json<AdminError>().field).toBe(
      'asset',
    );
    expect((await moderator('GET', `/admin-api/users/${member.id}/ledger`)).statusCode).toBe(403);
    expect((await adjust(member.id, { asset: 'coins', delta: 5, reason: '补偿' }, moderator)).statusCode).toBe(403);
    expect(await coinsOf(h, member.id)).toBe(55);
  });

  it('adjusts through the ledger with a reason, audited, never below zero', async () => {
    const member = await newMember(h);
    const up = await adjust(member.id, { asset: 'coins', delta: 300, reason: '活动补偿' });
    expect(up.json<AdjustResult>()).toEqual({ asset: 'coins', delta: 300, balance: 300 });
    expect(
      (await adjust(member.id, { asset: 'coins', delta: -120, reason: '误发回收' })).json<AdjustResult>().balance,
    ).toBe(180);
    const below = await adjust(member.id, { asset: 'coins', delta: -181, reason: '回收' });
    expect(below.statusCode).toBe(400);
    expect(below.json<AdminError>()).toEqual({ field: 'delta', message: '调整后金币余额不能小于 0（当前余额 180）' });
    const points = await adjust(member.id, { asset: 'points', delta: -1, reason: '回收' });
    expect(points.json<AdminError>()).toEqual({ field: 'delta', message: '调整后积分余额不能小于 0（当前余额 0）' });
    for (const [body, field] of [
      [{ asset: 'coins', delta: 5 }, 'reason'],
      [{ asset: 'coins', delta: 5, reason: '  ' }, 'reason'],
      [{ asset: 'coins', delta: 0, reason: 'x' }, 'delta'],
      [{ asset: 'coins', delta: 1.5, reason: 'x' }, 'delta'],
      [{ asset: 'coins', delta: '5', reason: 'x' }, 'delta'],
      [{ asset: 'coins', delta: 10_000_001, reason: 'x' }, 'delta'],
      [{ asset: 'gold', delta: 5, reason: 'x' }, 'asset'],
    ] as const) {
      const res = await adjust(member.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<AdminError>().field).toBe(field);
    }
    expect(await coinsOf(h, member.id)).toBe(180);
    const rows = await h.db.query<{ delta: number; type: string; title: string }>(
      `SELECT delta, type, title FROM ledger_entries WHERE user_id = $1 ORDER BY id`,
      [member.id],
    );
    expect(rows).toEqual([
      { delta: 300, type: 'adjust', title: '后台调整：活动补偿' },
      { delta: -120, type: 'adjust', title: '后台调整：误发回收' },
    ]);
    expect((await auditRows(h, 'user.adjust', String(member.id))).map((r) => r.after)).toEqual([
      { coins: 300, delta: 300, reason: '活动补偿' },
      { coins: 180, delta: -120, reason: '误发回收' },
    ]);
    // Concurrent debits: each checks the balance it finds; the ledger still sums to it.
    const debits = await Promise.all(
      Array.from({ length: 5 }, () => adjust(member.id, { asset: 'coins', delta: -50, reason: '并发回收' })),
    );
    expect(debits.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 400, 400]);
    expect(await coinsOf(h, member.id)).toBe(30);
  });

  it('keeps a site-limited operator to its own site’s members', async () => {
    const other = (await h.db.one<{ siteId: number }>('SELECT site_id AS "siteId" FROM users WHERE id = $1', [
      FX.otherSiteAuthor,
    ]))!.siteId;
    const limited = await operatorCall(h, 'finance', [other]);
    const list = (await limited('GET', '/admin-api/users')).json<UserPage>();
    expect(list.list.map((u) => u.id)).toEqual([FX.otherSiteAuthor]);
    expect((await limited('GET', `/admin-api/users/${FX.authors[0]}`)).statusCode).toBe(403);
    expect((await limited('GET', `/admin-api/users/${FX.authors[0]}/ledger`)).statusCode).toBe(403);
    expect((await adjust(FX.authors[0], { asset: 'coins', delta: 1, reason: '越权' }, limited)).statusCode).toBe(403);
    expect((await limited('GET', `/admin-api/users/${FX.otherSiteAuthor}`)).statusCode).toBe(200);
  });

  it('shows a member their open deposits, and 查询 credits a lost-notify order of their own once', async () => {
    const member = await newMember(h);
    const lost = await pendingOrder(h, member, 'c60');
    const failed = await pendingOrder(h, member, 'c300');
    const open = await dataOf<OpenDeposit[]>(h.client, API.depositOpen, {}, member.token);
    expect(open.map((o) => [o.orderNo, o.status])).toEqual([
      [failed, 'pending'],
      [lost, 'pending'],
    ]);
    await recordSandboxPayment(h.db, (await findOrder(h.db, lost))!, 'paid', Date.now());
    await recordSandboxPayment(h.db, (await findOrder(h.db, failed))!, 'failed', Date.now());
    const check = (orderNo: string, token = member.token) =>
      dataOf<OrderInfo>(h.client, API.depositRecheck, { orderNo }, token);
    expect(await check(lost)).toMatchObject({ status: 'paid', user: { coins: 60 } });
    expect(await check(lost)).toMatchObject({ status: 'paid', user: { coins: 60 } });
    expect(await check(failed)).toMatchObject({ status: 'failed' });
    expect(await coinsOf(h, member.id)).toBe(60);
    const after = await dataOf<OpenDeposit[]>(h.client, API.depositOpen, {}, member.token);
    expect(after.map((o) => [o.orderNo, o.status])).toEqual([[failed, 'failed']]);
    const stranger = await newMember(h);
    expect(await codeOf(h.client, API.depositRecheck, { orderNo: lost }, stranger.token)).toEqual({
      code: Code.NotFound,
      msg: `订单不存在：${lost}`,
    });
    expect((await codeOf(h.client, API.depositRecheck, { orderNo: 'x' }, member.token)).code).toBe(Code.InvalidParams);
  });
});

describe('the member’s 查询 is rate-limited', () => {
  it('answers code 8 past six a minute', async () => {
    const h = await createHarness('pglite', { seed: seedMember, config: { RATE_LIMITS: 'on' } });
    try {
      const member = await newMember(h);
      const orderNo = await pendingOrder(h, member, 'c60');
      const codes: number[] = [];
      for (let i = 0; i < 7; i++)
        codes.push((await codeOf(h.client, API.depositRecheck, { orderNo }, member.token)).code);
      expect(codes).toEqual([0, 0, 0, 0, 0, 0, Code.RateLimited]);
    } finally {
      await h.close();
    }
  });
});

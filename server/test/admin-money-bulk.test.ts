/**
 * The console's 订单 and 用户 lists as numbered pages in a whitelisted order (a bad sort or page is a
 * 400 naming the field in words), 批量重新查询 of the pending orders among those chosen, and one mute
 * or ban for many members in one transaction: audited a member each, refused whole for an operator
 * whose sites do not hold every member chosen.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BulkSanctionResult, UserSanctions } from '../../contract/admin/moderation.ts';
import type { BulkRecheckResult, OrderPage, UserPage } from '../../contract/admin/money.ts';
import type { AdminError } from '../../contract/admin/session.ts';
import { findOrder } from '../db/orders.ts';
import { recordSandboxPayment } from '../payment/sandbox-gateway.ts';
import { FX } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { assertLedgersBalanced, grant, seedMember } from './member-fixture.ts';
import { auditRows, newMember, operatorCall, paidOrder, pendingOrder, type AdminCall } from './admin-money-fixture.ts';

describe.each(DB_KINDS)('console order and user pages, sorts and bulk actions on %s', (kind) => {
  let h: Harness;
  let finance: AdminCall;
  let moderator: AdminCall;
  let otherSite = 0;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember });
    finance = await operatorCall(h, 'finance');
    moderator = await operatorCall(h, 'moderator');
    otherSite = (await h.db.one<{ siteId: number }>('SELECT site_id AS "siteId" FROM users WHERE id = $1', [
      FX.otherSiteAuthor,
    ]))!.siteId;
  });
  afterEach(() => assertLedgersBalanced(h.db));
  afterAll(() => h?.close());

  const orders = (query: string) => finance('GET', `/admin-api/orders?${query}`);

  it('pages orders by number with the total and sorts them by amount or payment, ties by order number', async () => {
    const member = await newMember(h);
    const small = await paidOrder(h, member, 'c60');
    const big = await paidOrder(h, member, 'c680');
    const open = await pendingOrder(h, member, 'c60');
    const byAmount = (await orders(`userId=${member.id}&sort=amount:desc&limit=2`)).json<OrderPage>();
    expect(byAmount.total).toBe(3);
    expect(byAmount.summary).toMatchObject({ count: 3, paidCount: 2 });
    // Two ¥6.00 orders: the later order number first (descending), in the same direction as the sort.
    expect(byAmount.list.map((o) => o.orderNo)).toEqual([big, [small, open].sort().at(-1)]);
    expect(byAmount.nextCursor).toBeNull();
    const second = (await orders(`userId=${member.id}&sort=amount:desc&limit=2&page=2`)).json<OrderPage>();
    expect(second.list.map((o) => o.orderNo)).toEqual([[small, open].sort()[0]]);
    expect(second.total).toBe(3);
    const ascending = (await orders(`userId=${member.id}&sort=amount:asc`)).json<OrderPage>();
    expect(ascending.list.map((o) => o.orderNo)).toEqual([...[small, open].sort(), big]);
    // By payment: unpaid orders last, whichever the direction.
    const paidFirst = (await orders(`userId=${member.id}&sort=paidAt:asc`)).json<OrderPage>();
    expect(paidFirst.list.map((o) => o.orderNo)).toEqual([small, big, open]);
    const paidLast = (await orders(`userId=${member.id}&sort=paidAt:desc`)).json<OrderPage>();
    expect(paidLast.list.map((o) => o.orderNo)).toEqual([big, small, open]);
    // Newest first, numbered: the cursor still continues it.
    const newest = (await orders(`userId=${member.id}&limit=1`)).json<OrderPage>();
    expect(newest.list.map((o) => o.orderNo)).toEqual([open]);
    expect(newest.nextCursor).toBe(open);

    for (const bad of ['price:desc', 'amount', 'amount:up', 'amount:desc:x']) {
      const res = await orders(`sort=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<AdminError>()).toEqual({
        field: 'sort',
        message: '排序方式无效：只能按下单时间、支付时间、金额升序或降序排列',
      });
    }
    for (const bad of ['0', '-1', 'x', '10001']) {
      const res = await orders(`page=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<AdminError>().field).toBe('page');
      expect(res.json<AdminError>().message).toMatch(/页码|「页码」/);
    }
  });

  it('pages members by number with the total, sorted by coins or points; 审核 may not sort by balances', async () => {
    const a = await newMember(h);
    const b = await newMember(h);
    const c = await newMember(h);
    await grant(h.db, a.id, { coins: 30, points: 1 });
    await grant(h.db, b.id, { coins: 10, points: 3 });
    await grant(h.db, c.id, { coins: 30, points: 2 });
    // The three found by one search, sorted.
    await h.db.query('UPDATE users SET nickname = $2 WHERE id = $1', [a.id, '排序甲']);
    await h.db.query('UPDATE users SET nickname = $2 WHERE id = $1', [b.id, '排序乙']);
    await h.db.query('UPDATE users SET nickname = $2 WHERE id = $1', [c.id, '排序丙']);
    const q = encodeURIComponent('排序');
    const byCoins = (await finance('GET', `/admin-api/users?q=${q}&sort=coins:desc&limit=2`)).json<UserPage>();
    expect(byCoins.total).toBe(3);
    expect(byCoins.list.map((u) => u.id)).toEqual([Math.max(a.id, c.id), Math.min(a.id, c.id)]);
    expect(byCoins.nextCursor).toBeNull();
    const rest = (await finance('GET', `/admin-api/users?q=${q}&sort=coins:desc&limit=2&page=2`)).json<UserPage>();
    expect(rest.list.map((u) => u.id)).toEqual([b.id]);
    const byPoints = (await finance('GET', `/admin-api/users?q=${q}&sort=points:asc`)).json<UserPage>();
    expect(byPoints.list.map((u) => u.id)).toEqual([a.id, c.id, b.id]);
    const newest = (await finance('GET', `/admin-api/users?q=${q}&limit=2`)).json<UserPage>();
    expect(newest.list.map((u) => u.id)).toEqual([c.id, b.id]);
    const after = (await finance('GET', `/admin-api/users?q=${q}&cursor=${newest.nextCursor}`)).json<UserPage>();
    expect(after.list.map((u) => u.id)).toEqual([a.id]);

    const hidden = await moderator('GET', '/admin-api/users?sort=coins:desc');
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json<AdminError>()).toEqual({ field: 'sort', message: '只有能查看余额的角色可以按金币或积分排序' });
    expect((await moderator('GET', '/admin-api/users?sort=createdAt:asc')).statusCode).toBe(200);
    const bad = await finance('GET', '/admin-api/users?sort=nickname:asc');
    expect(bad.json<AdminError>()).toEqual({
      field: 'sort',
      message: '排序方式无效：只能按注册时间、金币、积分升序或降序排列',
    });
    expect((await finance('GET', '/admin-api/users?limit=501')).json<AdminError>().field).toBe('limit');
  });

  it('rechecks the pending orders chosen at the gateway, skips the rest, and audits each one asked', async () => {
    const member = await newMember(h);
    const lost = await pendingOrder(h, member, 'c60');
    const failed = await pendingOrder(h, member, 'c60');
    const unpaid = await pendingOrder(h, member, 'c60');
    const paid = await paidOrder(h, member, 'c60');
    await recordSandboxPayment(h.db, (await findOrder(h.db, lost))!, 'paid', Date.now());
    await recordSandboxPayment(h.db, (await findOrder(h.db, failed))!, 'failed', Date.now());
    const res = await finance('POST', '/admin-api/orders/recheck', { orderNos: [lost, failed, unpaid, paid] });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json<BulkRecheckResult>();
    expect(results.map((r) => [r.orderNo, r.outcome, r.order.status])).toEqual([
      [lost, 'credited', 'paid'],
      [failed, 'failed', 'failed'],
      [unpaid, 'unpaid', 'pending'],
      [paid, 'skipped', 'paid'],
    ]);
    expect((await auditRows(h, 'order.recheck', lost))[0]!.after).toMatchObject({ outcome: 'credited' });
    expect((await auditRows(h, 'order.recheck', unpaid))[0]!.after).toMatchObject({ outcome: 'unpaid' });
    expect(await auditRows(h, 'order.recheck', paid)).toEqual([]);

    // An order of a site outside the operator's refuses the call before any is asked.
    const limited = await operatorCall(h, 'finance', [otherSite]);
    await h.db.query('UPDATE orders SET site_id = $2 WHERE order_no = $1', [unpaid, otherSite]);
    const elsewhere = await pendingOrder(h, member, 'c60');
    const refused = await limited('POST', '/admin-api/orders/recheck', { orderNos: [unpaid, elsewhere] });
    expect(refused.statusCode).toBe(403);
    expect(await auditRows(h, 'order.recheck', unpaid)).toHaveLength(1);

    expect((await finance('POST', '/admin-api/orders/recheck', { orderNos: [] })).json<AdminError>()).toEqual({
      field: 'orderNos',
      message: '请选择要重新查询的订单',
    });
    const tooMany = Array.from({ length: 101 }, () => lost);
    expect((await finance('POST', '/admin-api/orders/recheck', { orderNos: tooMany })).json<AdminError>().message).toBe(
      '一次最多选择 100 笔',
    );
    expect((await finance('POST', '/admin-api/orders/recheck', { orderNos: ['0'.repeat(20)] })).statusCode).toBe(404);
    expect((await moderator('POST', '/admin-api/orders/recheck', { orderNos: [lost] })).statusCode).toBe(403);
  });

  it('mutes many members with one reason in one transaction, told and audited each; refuses what the operator may not do', async () => {
    const a = await newMember(h);
    const b = await newMember(h);
    const until = Date.now() + 7 * 86_400_000;
    const res = await moderator('POST', '/admin-api/users/sanctions', {
      userIds: [a.id, b.id],
      kind: 'mute',
      until,
      reason: '刷屏广告',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json<BulkSanctionResult>();
    expect(results.map((r) => [r.userId, r.sanction.until, r.sanction.reason])).toEqual(
      [a.id, b.id].sort((x, y) => x - y).map((id) => [id, until, '刷屏广告']),
    );
    for (const id of [a.id, b.id]) {
      const state = (await moderator('GET', `/admin-api/users/${id}/sanctions`)).json<UserSanctions>();
      expect(state.mute).toMatchObject({ until, reason: '刷屏广告' });
      expect((await auditRows(h, 'user.mute', String(id)))[0]!.after).toEqual({ until, reason: '刷屏广告' });
      const notice = await h.db.one<{ excerpt: string }>(
        `SELECT excerpt FROM notices WHERE user_id = $1 AND type = 'system' ORDER BY id DESC LIMIT 1`,
        [id],
      );
      expect(notice?.excerpt).toContain('刷屏广告');
    }

    // A member of another site among them: nobody is banned.
    const limited = await operatorCall(h, 'moderator', [otherSite]);
    const refused = await limited('POST', '/admin-api/users/sanctions', {
      userIds: [FX.otherSiteAuthor, a.id],
      kind: 'ban',
      until: 'permanent',
      reason: '违规',
    });
    expect(refused.statusCode).toBe(403);
    const banned = await h.db.query(`SELECT user_id FROM user_sanctions WHERE kind = 'ban' AND user_id = ANY($1)`, [
      [FX.otherSiteAuthor, a.id],
    ]);
    expect(banned).toEqual([]);
    // Nor when one of them is gone.
    const gone = await moderator('POST', '/admin-api/users/sanctions', {
      userIds: [a.id, 99_999_999],
      kind: 'ban',
      until: 'permanent',
      reason: '违规',
    });
    expect(gone.statusCode).toBe(404);
    expect(await auditRows(h, 'user.ban', String(a.id))).toEqual([]);

    const ask = (body: object, as: AdminCall = moderator) => as('POST', '/admin-api/users/sanctions', body);
    const base = { userIds: [a.id], kind: 'ban', until: 'permanent', reason: '违规' };
    expect((await ask({ ...base, reason: ' ' })).json<AdminError>()).toEqual({
      field: 'reason',
      message: '请填写原因',
    });
    expect((await ask({ ...base, userIds: [] })).json<AdminError>()).toEqual({
      field: 'userIds',
      message: '请选择用户',
    });
    expect((await ask({ ...base, until: Date.now() - 1000 })).json<AdminError>().field).toBe('until');
    expect((await ask({ ...base, until: null })).json<AdminError>().field).toBe('until');
    expect((await ask({ ...base, kind: 'kick' })).json<AdminError>().field).toBe('kind');
    expect((await ask(base, finance)).statusCode).toBe(403);
  });
});

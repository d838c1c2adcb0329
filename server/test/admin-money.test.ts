/**
 * The console's orders and refunds on each store: the list and its filters, site limits and roles;
 * every notify recorded with its order; 重新查询 finding a payment whose notify was lost (credited
 * once, whichever comes first); refunds reversing once however often or concurrently they are
 * asked, only what is left (coins spent, VIP days used), with the ledger summing to the balance.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  OrderDetail,
  OrderPage,
  RecheckResult,
  RefundPreview,
  RefundResult,
  VipEvent,
} from '../../contract/admin/money.ts';
import type { AdminError } from '../../contract/admin/session.ts';
import { API } from '../../contract/calls/paths.ts';
import { createOrder, findOrder } from '../db/orders.ts';
import { withSign } from '../payment/epay-sign.ts';
import { fulfilOrder } from '../payment/fulfil-order.ts';
import { queryGateway } from '../payment/order-query.ts';
import { refundOrder } from '../payment/refund.ts';
import { recordSandboxPayment } from '../payment/sandbox-gateway.ts';
import { dataOf, FX } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { assertLedgersBalanced, balanceOf, idOf, notifyParams, seedMember, sendNotify } from './member-fixture.ts';
import {
  auditRows,
  coinsOf,
  ledgerOf,
  newMember,
  operatorCall,
  paidOrder,
  pendingOrder,
  type AdminCall,
} from './admin-money-fixture.ts';

const DAY_MS = 86_400_000;

describe.each(DB_KINDS)('console orders and refunds on %s', (kind) => {
  let h: Harness;
  let finance: AdminCall;
  let demoSite = 0;
  let otherSite = 0;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember });
    finance = await operatorCall(h, 'finance');
    demoSite = (await h.db.one<{ siteId: number }>('SELECT site_id AS "siteId" FROM users WHERE id = $1', [
      FX.authors[0],
    ]))!.siteId;
    otherSite = (await h.db.one<{ siteId: number }>('SELECT site_id AS "siteId" FROM users WHERE id = $1', [
      FX.otherSiteAuthor,
    ]))!.siteId;
  });
  afterEach(() => assertLedgersBalanced(h.db));
  afterAll(() => h?.close());

  const refund = (orderNo: string, reason = '用户申请退款') =>
    finance('POST', `/admin-api/orders/${orderNo}/refund`, { reason });

  it('lists orders newest first with filters and keyset pages; a moderator or ops gets 403', async () => {
    const member = await newMember(h);
    const paid = await paidOrder(h, member, 'c60');
    const pending = await pendingOrder(h, member, 'month');
    const mine = (await finance('GET', `/admin-api/orders?userId=${member.id}`)).json<OrderPage>();
    expect(mine.list.map((o) => [o.orderNo, o.status, o.kind])).toEqual([
      [pending, 'pending', 'vip'],
      [paid, 'paid', 'coin'],
    ]);
    expect(mine.list[1]).toMatchObject({
      amountFen: 600,
      coins: 60,
      vipDays: null,
      userId: member.id,
      siteId: demoSite,
    });
    expect(mine.list[1]!.siteTitle).toBeTruthy();
    // The sums of everything the filters match, on the first page only.
    expect(mine.summary).toEqual({ count: 2, paidCount: 1, revenueFen: 600, refundFen: 0, netFen: 600 });
    expect(
      (await finance('GET', `/admin-api/orders?userId=${member.id}&cursor=${pending}`)).json<OrderPage>().summary,
    ).toBeNull();
    const vipOnly = (
      await finance('GET', `/admin-api/orders?userId=${member.id}&kind=vip&status=pending`)
    ).json<OrderPage>();
    expect(vipOnly.list.map((o) => o.orderNo)).toEqual([pending]);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const dated = (
      await finance('GET', `/admin-api/orders?userId=${member.id}&from=${today}&to=${today}`)
    ).json<OrderPage>();
    expect(dated.list).toHaveLength(2);
    // By the day of payment: only the paid one.
    const paidToday = (
      await finance('GET', `/admin-api/orders?userId=${member.id}&dateBy=paid&from=${today}&to=${today}`)
    ).json<OrderPage>();
    expect(paidToday.list.map((o) => o.orderNo)).toEqual([paid]);
    const badDateBy = await finance('GET', `/admin-api/orders?dateBy=sent`);
    expect(badDateBy.statusCode).toBe(400);
    expect(badDateBy.json<AdminError>().field).toBe('dateBy');
    expect(
      (await finance('GET', `/admin-api/orders?userId=${member.id}&to=2020-01-01`)).json<OrderPage>().list,
    ).toEqual([]);

    // 60 more orders of one user: two pages, no row twice or missing.
    const many = await newMember(h);
    const made: string[] = [];
    for (let i = 0; i < 60; i++) {
      const order = await createOrder(
        h.db,
        {
          kind: 'coin',
          siteId: demoSite,
          userId: many.id,
          payType: 'alipay',
          title: `测试 ${i}`,
          amountFen: 100,
          packageId: await idOf(h.db, 'coin_packages', 'c60'),
          coins: 60,
          bonusCoins: 0,
        },
        Date.now() - i * 1000,
      );
      made.push(order.orderNo);
    }
    const first = (await finance('GET', `/admin-api/orders?userId=${many.id}`)).json<OrderPage>();
    expect(first.list).toHaveLength(50);
    const second = (
      await finance('GET', `/admin-api/orders?userId=${many.id}&cursor=${first.nextCursor}`)
    ).json<OrderPage>();
    expect(second.nextCursor).toBeNull();
    expect([...first.list, ...second.list].map((o) => o.orderNo)).toEqual(made);
    // The CSV export's larger pages: one page of all 60, and a size past the limit named.
    const whole = (await finance('GET', `/admin-api/orders?userId=${many.id}&limit=500`)).json<OrderPage>();
    expect(whole.list.map((o) => o.orderNo)).toEqual(made);
    expect(whole.nextCursor).toBeNull();
    const tooMany = await finance('GET', `/admin-api/orders?limit=501`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<AdminError>()).toMatchObject({ field: 'limit', message: '每页条数须为 1-500 的整数' });

    // The field is marked by its name; the message names it in words (an operator never reads `userId`).
    for (const [query, field, label] of [
      ['status=lost', 'status', '状态'],
      ['kind=gold', 'kind', '类型'],
      ['userId=abc', 'userId', '用户'],
      ['from=2024-13-45', 'from', '开始日期'],
      ['from=2025-02-01&to=2025-01-01', 'from', '开始日期'],
      ['cursor=x', 'cursor', '分页'],
    ]) {
      const res = await finance('GET', `/admin-api/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      const error = res.json<AdminError>();
      expect(error.field).toBe(field);
      expect(error.message, query).toContain(label);
      expect(error.message, query).not.toMatch(/[a-z]/i);
    }
    for (const role of ['moderator', 'ops'] as const) {
      const other = await operatorCall(h, role);
      expect((await other('GET', '/admin-api/orders')).statusCode).toBe(403);
      expect((await other('GET', `/admin-api/orders/${paid}`)).statusCode).toBe(403);
      expect((await other('POST', `/admin-api/orders/${paid}/refund`, { reason: 'x' })).statusCode).toBe(403);
    }
    expect((await finance('GET', '/admin-api/orders/20250101000000CABCDEFGHJ')).statusCode).toBe(404);
  });

  it('a finance operator limited to one site reads only its orders: another site’s answers 403', async () => {
    const member = await newMember(h);
    const order = await paidOrder(h, member, 'c60');
    const limited = await operatorCall(h, 'finance', [otherSite]);
    const list = (await limited('GET', '/admin-api/orders')).json<OrderPage>();
    expect(list.list.every((o) => o.siteId === otherSite)).toBe(true);
    expect(list.list.map((o) => o.orderNo)).not.toContain(order);
    expect((await limited('GET', `/admin-api/orders?siteId=${demoSite}`)).statusCode).toBe(403);
    expect((await limited('GET', `/admin-api/orders/${order}`)).statusCode).toBe(403);
    expect((await limited('POST', `/admin-api/orders/${order}/refund`, { reason: '越权' })).statusCode).toBe(403);
    expect((await limited('POST', `/admin-api/orders/${order}/recheck`)).statusCode).toBe(403);
    expect((await finance('GET', `/admin-api/orders?siteId=${demoSite}`)).statusCode).toBe(200);
    expect((await findOrder(h.db, order))!.status).toBe('paid');
  });

  it('records every notify with its order: sign valid or not, the answer and why', async () => {
    const member = await newMember(h);
    const orderNo = await pendingOrder(h, member, 'c60');
    const good = notifyParams(h.config, { orderNo, amountFen: 600 });
    await sendNotify(h, notifyParams(h.config, { orderNo, amountFen: 600 }, { key: 'wrong-key-wrong-key' }));
    await sendNotify(h, notifyParams(h.config, { orderNo, amountFen: 600 }, { money: '0.01' }));
    await sendNotify(h, good);
    await sendNotify(h, good);
    const detail = (await finance('GET', `/admin-api/orders/${orderNo}`)).json<OrderDetail>();
    expect(detail.order).toMatchObject({ orderNo, status: 'paid', nickname: expect.any(String) });
    expect(detail.user).toMatchObject({ id: member.id });
    expect(detail.refund).toBeNull();
    expect(detail.notifies.map((n) => [n.source, n.signValid, n.result, n.note])).toEqual([
      ['notify', false, 'fail', '商户号或签名错误'],
      ['notify', true, 'fail', '金额不符（通知 0.01 元，订单 6.00 元）'],
      ['notify', true, 'success', '已入账'],
      ['notify', true, 'success', '重复通知，此前已入账'],
    ]);
    expect(detail.notifies[2]!.params).toMatchObject({ out_trade_no: orderNo, trade_status: 'TRADE_SUCCESS' });
    expect(await coinsOf(h, member.id)).toBe(60);
  });

  it('重新查询 finds a payment whose notify was lost and credits it once, whichever comes first', async () => {
    const member = await newMember(h);
    const orderNo = await pendingOrder(h, member, 'c680');
    const recheck = () => finance('POST', `/admin-api/orders/${orderNo}/recheck`);
    expect((await recheck()).json<RecheckResult>()).toMatchObject({ outcome: 'unpaid', order: { status: 'pending' } });
    // Paid at the cashier; the notify never arrived.
    await recordSandboxPayment(h.db, (await findOrder(h.db, orderNo))!, 'paid', Date.now());
    const first = (await recheck()).json<RecheckResult>();
    expect(first).toMatchObject({ outcome: 'credited', order: { status: 'paid', tradeNo: `SB${orderNo}` } });
    expect(first.message).toBe('支付网关确认已支付，订单已入账');
    expect((await recheck()).json<RecheckResult>().outcome).toBe('already');
    // The late notify finds it paid.
    expect((await sendNotify(h, notifyParams(h.config, { orderNo, amountFen: 6800 }))).text).toBe('success');
    expect(await coinsOf(h, member.id)).toBe(780);
    expect((await ledgerOf(h, member.id)).map((row) => row.type)).toEqual(['deposit']);
    const detail = (await finance('GET', `/admin-api/orders/${orderNo}`)).json<OrderDetail>();
    expect(detail.notifies.map((n) => [n.source, n.result])).toEqual([
      ['query', 'unpaid'],
      ['query', 'paid'],
      ['notify', 'success'],
    ]);
    expect((await auditRows(h, 'order.recheck', orderNo)).map((row) => row.after.outcome)).toEqual([
      'unpaid',
      'credited',
      'already',
    ]);

    // Concurrent rechecks of another lost notify credit once too.
    const other = await pendingOrder(h, member, 'c60');
    await recordSandboxPayment(h.db, (await findOrder(h.db, other))!, 'paid', Date.now());
    const outcomes = await Promise.all(
      Array.from(
        { length: 5 },
        async () => (await finance('POST', `/admin-api/orders/${other}/recheck`)).json<RecheckResult>().outcome,
      ),
    );
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(await coinsOf(h, member.id)).toBe(840);
  });

  it('reads a failed payment as failed, and distrusts a badly signed or mismatched gateway answer', async () => {
    const member = await newMember(h);
    const failed = await pendingOrder(h, member, 'c60');
    await recordSandboxPayment(h.db, (await findOrder(h.db, failed))!, 'failed', Date.now());
    const res = (await finance('POST', `/admin-api/orders/${failed}/recheck`)).json<RecheckResult>();
    expect(res).toMatchObject({ outcome: 'failed', order: { status: 'failed' } });

    const orderNo = await pendingOrder(h, member, 'c60');
    const order = (await findOrder(h.db, orderNo))!;
    const deps = { db: h.db, config: h.config, now: Date.now() };
    const paidAnswer = {
      code: '1',
      pid: h.config.PAY_PID,
      out_trade_no: orderNo,
      trade_no: 'T1',
      money: '6.00',
      status: '1',
      trade_status: 'TRADE_SUCCESS',
    };
    expect(
      (await queryGateway({ ...deps, transport: async () => withSign(paidAnswer, 'forged-key-forged') }, order)).state,
    ).toBe('error');
    expect(
      (
        await queryGateway(
          { ...deps, transport: async () => withSign({ ...paidAnswer, money: '0.01' }, h.config.PAY_KEY) },
          order,
        )
      ).state,
    ).toBe('error');
    expect(
      (
        await queryGateway(
          { ...deps, transport: async () => withSign({ ...paidAnswer, out_trade_no: failed }, h.config.PAY_KEY) },
          order,
        )
      ).state,
    ).toBe('error');
    expect((await queryGateway({ ...deps, transport: async () => 'garbage' }, order)).state).toBe('error');
    expect((await queryGateway({ ...deps, transport: () => Promise.reject(new Error('down')) }, order)).state).toBe(
      'error',
    );
    expect(
      (await queryGateway({ ...deps, transport: async () => withSign(paidAnswer, h.config.PAY_KEY) }, order)).state,
    ).toBe('paid');
    expect((await findOrder(h.db, orderNo))!.status).toBe('pending');

    // The gateway's query over HTTP: signed in, signed out; a bad sign is refused.
    const query = withSign({ act: 'order', pid: h.config.PAY_PID, out_trade_no: failed }, h.config.PAY_KEY);
    const http = await h.app.inject({ method: 'GET', url: `/pay/api.php?${new URLSearchParams(query)}` });
    expect(http.json()).toMatchObject({
      code: '1',
      out_trade_no: failed,
      status: '0',
      trade_status: 'TRADE_FAILED',
      sign: expect.any(String),
    });
    const forged = await h.app.inject({
      method: 'GET',
      url: `/pay/api.php?${new URLSearchParams({ ...query, out_trade_no: orderNo })}`,
    });
    expect(forged.json()).toEqual({ code: '-1', msg: '商户号或签名错误' });
  });

  it('refunds a coin order once, however often and concurrently it is asked', async () => {
    const member = await newMember(h);
    const orderNo = await paidOrder(h, member, 'c680');
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(orderNo)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const results = answers.map((res) => res.json<RefundResult>());
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const first = results.find((r) => !r.replayed)!;
    expect(first.message).toBe('已退回 780 金币，应退款 ¥68.00。');
    expect(first.refund).toMatchObject({
      unit: 'coins',
      credited: 780,
      reversed: 780,
      refundFen: 6800,
      partial: false,
      reason: '用户申请退款',
    });
    expect(first.order.status).toBe('refunded');
    const again = await refund(orderNo, '再退一次');
    expect(again.json<RefundResult>()).toMatchObject({
      replayed: true,
      refund: { reason: '用户申请退款', reversed: 780 },
    });
    expect(await coinsOf(h, member.id)).toBe(0);
    expect(await ledgerOf(h, member.id)).toEqual([
      { delta: 780, type: 'deposit', ref: `order:${orderNo}` },
      { delta: -780, type: 'refund', ref: `refund:${orderNo}` },
    ]);
    expect(await auditRows(h, 'order.refund', orderNo)).toHaveLength(1);
    // A notify repeated after the refund credits nothing.
    expect((await sendNotify(h, notifyParams(h.config, { orderNo, amountFen: 6800 }))).text).toBe('success');
    expect(await coinsOf(h, member.id)).toBe(0);
    const detail = (await finance('GET', `/admin-api/orders/${orderNo}`)).json<OrderDetail>();
    expect(detail.refund).toMatchObject({ reversed: 780, operator: { username: expect.stringMatching(/^money_/) } });
  });

  it('refunds only the coins left after spending, and says so; never a pending order; a reason is required', async () => {
    const member = await newMember(h);
    const orderNo = await paidOrder(h, member, 'c300'); // 330 coins for ¥30.00
    await dataOf(h.client, API.buyMovie, { movieId: 41 }, member.token); // 50 coins
    await dataOf(h.client, API.buyMovie, { movieId: 42 }, member.token);
    expect(await coinsOf(h, member.id)).toBe(230);
    // The dialog's preview says what the refund will do, and changes nothing.
    const preview = (await finance('GET', `/admin-api/orders/${orderNo}/refund-preview`)).json<RefundPreview>();
    expect(preview).toEqual({
      unit: 'coins',
      credited: 330,
      reversed: 230,
      refundFen: 2091,
      partial: true,
      message: '将退回 230 金币，另有 100 金币已被使用，不予退回，应退款 ¥20.91。',
    });
    expect(await coinsOf(h, member.id)).toBe(230);
    expect((await findOrder(h.db, orderNo))!.status).toBe('paid');
    // ¥30.00 × 230 / 330 = ¥20.909…: owed to the nearest fen.
    const res = (await refund(orderNo)).json<RefundResult>();
    expect(res.message).toBe('已退回 230 金币，另有 100 金币已被使用，不予退回，应退款 ¥20.91。');
    expect(res.refund).toMatchObject({ credited: 330, reversed: 230, refundFen: 2091, partial: true });
    const afterwards = await finance('GET', `/admin-api/orders/${orderNo}/refund-preview`);
    expect(afterwards.statusCode).toBe(409);
    expect(afterwards.json<AdminError>().message).toBe('只有已支付的订单可以退款（当前状态：已退款）');
    // The member's orders sum the refund.
    const sums = (await finance('GET', `/admin-api/orders?userId=${member.id}`)).json<OrderPage>().summary;
    expect(sums).toMatchObject({ revenueFen: 3000, refundFen: 2091, netFen: 909 });
    expect(await coinsOf(h, member.id)).toBe(0);

    // Two orders of 60, 100 coins spent: the first takes back the 20 left (a third of ¥6.00), the
    // second finds nothing left and is refunded all the same, with nothing owed.
    const [one, two] = [await paidOrder(h, member, 'c60'), await paidOrder(h, member, 'c60')];
    await dataOf(h.client, API.buyMovie, { movieId: 43 }, member.token);
    await dataOf(h.client, API.buyMovie, { movieId: 44 }, member.token);
    expect(await coinsOf(h, member.id)).toBe(20);
    expect((await refund(one)).json<RefundResult>().refund).toMatchObject({
      credited: 60,
      reversed: 20,
      refundFen: 200,
    });
    const none = (await refund(two)).json<RefundResult>();
    expect(none.message).toBe('这笔订单的 60 金币已全部被使用，未退回金币，应退款 ¥0.00。');
    expect(none.refund).toMatchObject({ reversed: 0, refundFen: 0, partial: true });
    expect(none.order.status).toBe('refunded');
    expect(await coinsOf(h, member.id)).toBe(0);

    const pending = await pendingOrder(h, member, 'c60');
    const notPaid = await refund(pending);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json<AdminError>().message).toBe('只有已支付的订单可以退款（当前状态：待支付）');
    for (const body of [{}, { reason: '   ' }, { reason: 5 }, { reason: 'x'.repeat(201) }]) {
      const bad = await finance('POST', `/admin-api/orders/${pending}/refund`, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<AdminError>().field).toBe('reason');
    }
  });

  it('a VIP refund moves the expiry back by the order’s unused days only, never before now', async () => {
    const member = await newMember(h);
    const planId = await idOf(h.db, 'vip_plans', 'month');
    const t0 = Date.now();
    const buy = async (at: number) => {
      const order = await createOrder(
        h.db,
        {
          kind: 'vip',
          siteId: demoSite,
          userId: member.id,
          payType: 'alipay',
          title: '月度会员（30 天）',
          amountFen: 3000,
          planId,
          vipDays: 30,
        },
        at,
      );
      await h.db.tx((q) => fulfilOrder(q, order.orderNo, `T${order.orderNo}`, at));
      return order.orderNo;
    };
    const a = await buy(t0);
    const b = await buy(t0);
    expect((await balanceOf(h.db, member.id)).vipExpireAt!.getTime()).toBe(t0 + 60 * DAY_MS);
    const refundAt = (orderNo: string, now: number) =>
      h.db.tx((q) => refundOrder(q, { orderNo, reason: '测试', operatorId: null, now }));
    // Ten days on: order a's 30 days are all still ahead (b's run after them).
    const first = await refundAt(a, t0 + 10 * DAY_MS);
    expect(first.kind === 'done' && first.refund).toMatchObject({
      unit: 'vip_seconds',
      reversed: 30 * 86_400,
      refundFen: 3000,
      partial: false,
    });
    expect((await balanceOf(h.db, member.id)).vipExpireAt!.getTime()).toBe(t0 + 30 * DAY_MS);
    // b now has 20 of its 30 days left: those come back, the expiry lands on now.
    const second = await refundAt(b, t0 + 10 * DAY_MS);
    expect(second.kind === 'done' && second.refund).toMatchObject({
      reversed: 20 * 86_400,
      refundFen: 2000,
      partial: true,
    });
    expect(second.kind === 'done' && second.refund.message).toBe(
      '已收回 20 天会员，另有 10 天已使用，不予退回，应退款 ¥20.00。',
    );
    expect((await balanceOf(h.db, member.id)).vipExpireAt!.getTime()).toBe(t0 + 10 * DAY_MS);
    // An expired VIP: nothing to take back.
    const c = await buy(t0);
    const late = await refundAt(c, t0 + 90 * DAY_MS);
    expect(late.kind === 'done' && late.refund).toMatchObject({ reversed: 0, refundFen: 0 });
    expect((await balanceOf(h.db, member.id)).vipExpireAt!.getTime()).toBe(t0 + 40 * DAY_MS);

    // The member page's VIP history: three orders bought, two refunds that took time back.
    const history = (await finance('GET', `/admin-api/users/${member.id}/vip`)).json<{ list: VipEvent[] }>().list;
    expect(history.map((e) => [e.source, e.seconds, e.ref])).toEqual(
      expect.arrayContaining([
        ['order', 30 * 86_400, a],
        ['order', 30 * 86_400, b],
        ['order', 30 * 86_400, c],
        ['refund', -30 * 86_400, a],
        ['refund', -20 * 86_400, b],
      ]),
    );
    expect(history).toHaveLength(5);
    expect(history[0]!.at).toBeGreaterThanOrEqual(history.at(-1)!.at);
  });

  it('a VIP refunded minutes after it was bought reads in minutes, not "0 天", and owes the whole price', async () => {
    const member = await newMember(h);
    const t0 = Date.now();
    const order = await createOrder(
      h.db,
      {
        kind: 'vip',
        siteId: demoSite,
        userId: member.id,
        payType: 'alipay',
        title: '季度会员（90 天）',
        amountFen: 6800,
        planId: await idOf(h.db, 'vip_plans', 'month'),
        vipDays: 90,
      },
      t0,
    );
    await h.db.tx((q) => fulfilOrder(q, order.orderNo, `T${order.orderNo}`, t0));
    const done = await h.db.tx((q) =>
      refundOrder(q, { orderNo: order.orderNo, reason: '误购', operatorId: null, now: t0 + 5 * 60_000 }),
    );
    expect(done.kind === 'done' && done.refund.message).toBe(
      '已收回 90 天会员，另有 5 分钟已使用，不予退回，应退款 ¥68.00。',
    );
    expect(done.kind === 'done' && done.refund.refundFen).toBe(6800);
  });
});

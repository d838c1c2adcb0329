import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PlayInfo } from '../../contract/calls/content.ts';
import type { CoinPackage, DepositOrder, OpenDeposit, OrderInfo, VipPlan } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import type { Order } from '../db/orders.ts';
import { OrderSweep } from '../payment/order-sweep.ts';
import { recordSandboxPayment } from '../payment/sandbox-gateway.ts';
import { codeOf, dataOf, FX } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { assertLedgersBalanced, balanceOf, idOf, notifyParams, seedMember, sendNotify } from './member-fixture.ts';

const DAY_MS = 86_400_000;

describe.each(DB_KINDS)('VIP and coin deposits through the payment sandbox on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember });
  });
  afterEach(() => assertLedgersBalanced(h.db));
  afterAll(() => h?.close());

  const order = (orderNo: string, token: string) => dataOf<OrderInfo>(h.client, API.depositOrder, { orderNo }, token);
  const depositVip = async (token: string, code = 'month') =>
    dataOf<DepositOrder>(
      h.client,
      API.depositVip,
      { planId: await idOf(h.db, 'vip_plans', code), payType: 'alipay' },
      token,
    );
  const depositCoins = async (token: string, code = 'c680') =>
    dataOf<DepositOrder>(
      h.client,
      API.depositCoin,
      { packageId: await idOf(h.db, 'coin_packages', code), payType: 'wxpay' },
      token,
    );

  it('lists the site’s VIP plans and coin packages', async () => {
    const { token } = await h.client.registerGuest();
    const plans = await dataOf<VipPlan[]>(h.client, API.vipPlans, {}, token);
    expect(plans.map((p) => p.days)).toEqual([7, 30, 90, 365]);
    expect(plans[1]).toEqual({
      id: expect.any(Number),
      name: '月度会员',
      days: 30,
      priceFen: 2500,
      originalPriceFen: 3000,
      badge: null,
      description: '30 天畅看全部 VIP 影片',
    });
    const packs = await dataOf<CoinPackage[]>(h.client, API.coinPackages, {}, token);
    expect(packs[2]).toEqual({ id: expect.any(Number), coins: 680, bonusCoins: 100, priceFen: 6800, badge: '推荐' });
    expect((await codeOf(h.client, API.vipPlans, {})).code).toBe(Code.SessionExpired);
  });

  it('creates an order with a payUrl to the cashier; the order is pending until paid, and private', async () => {
    const guest = await h.client.registerGuest();
    const deposit = await depositVip(guest.token);
    expect(deposit.orderNo).toMatch(/^\d{14}V[0-9A-Z]{9}$/);
    expect(deposit.payUrl).toMatch(new RegExp(`^http://localhost(:\\d+)?/pay/cashier/${deposit.orderNo}$`));
    expect(await order(deposit.orderNo, guest.token)).toMatchObject({
      orderNo: deposit.orderNo,
      kind: 'vip',
      status: 'pending',
      amountFen: 2500,
      payType: 'alipay',
      title: '月度会员（30 天）',
      paidAt: null,
      vip: { days: 30 },
      coin: null,
      user: { id: guest.info.id, isVip: false },
    });
    const other = await h.client.registerGuest();
    expect(await codeOf(h.client, API.depositOrder, { orderNo: deposit.orderNo }, other.token)).toEqual({
      code: Code.NotFound,
      msg: `订单不存在：${deposit.orderNo}`,
    });
    expect((await codeOf(h.client, API.depositVip, { planId: 9999, payType: 'alipay' }, guest.token)).code).toBe(
      Code.NotFound,
    );
    expect((await codeOf(h.client, API.depositVip, { planId: 1, payType: 'paypal' }, guest.token)).code).toBe(
      Code.InvalidParams,
    );
    expect((await codeOf(h.client, API.depositOrder, { orderNo: 'x' }, guest.token)).code).toBe(Code.InvalidParams);
  });

  it('credits coins once whatever the number of notifies (10, some concurrent), each answered success', async () => {
    const guest = await h.client.registerGuest();
    const deposit = await depositCoins(guest.token);
    const params = notifyParams(h.config, { orderNo: deposit.orderNo, amountFen: 6800 });
    const answers = [await sendNotify(h, params), await sendNotify(h, params), await sendNotify(h, params)];
    answers.push(...(await Promise.all(Array.from({ length: 7 }, () => sendNotify(h, params)))));
    expect(answers).toEqual(Array.from({ length: 10 }, () => ({ status: 200, text: 'success' })));
    expect((await balanceOf(h.db, guest.info.id)).coins).toBe(780);
    const paid = await order(deposit.orderNo, guest.token);
    expect(paid).toMatchObject({ status: 'paid', coin: { coins: 680, bonusCoins: 100 }, user: { coins: 780 } });
    expect(paid.paidAt).toEqual(expect.any(Number));
    const ledger = await h.db.query('SELECT delta, type FROM ledger_entries WHERE user_id = $1', [guest.info.id]);
    expect(ledger).toEqual([{ delta: 780, type: 'deposit' }]);
  });

  it('credits nothing for a bad sign, a wrong amount, another merchant, an unknown order or another status', async () => {
    const guest = await h.client.registerGuest();
    const deposit = await depositCoins(guest.token, 'c60');
    const good = { orderNo: deposit.orderNo, amountFen: 600 };
    const refused = [
      notifyParams(h.config, good, { key: 'not-the-merchant-key-at-all' }),
      notifyParams(h.config, good, { after: { money: '0.01' } }), // tampered after signing
      notifyParams(h.config, good, { money: '0.01' }), // signed, but not the order's amount
      notifyParams(h.config, good, { money: '6.001' }),
      notifyParams(h.config, good, { after: { trade_status: 'TRADE_CLOSED' } }),
      notifyParams(h.config, good, { after: { pid: '9999' } }),
      notifyParams(h.config, { orderNo: '20250101000000CABCDEFGHJ', amountFen: 600 }),
      { ...notifyParams(h.config, good), sign: '' },
    ];
    for (const params of refused) expect(await sendNotify(h, params)).toEqual({ status: 200, text: 'fail' });
    expect((await h.app.inject({ method: 'POST', url: '/pay/notify', payload: 'garbage' })).body).toBe('fail');
    expect((await h.app.inject({ method: 'GET', url: '/pay/notify' })).body).toBe('fail');
    // A properly signed notify of another status is acknowledged but credits nothing.
    expect((await sendNotify(h, notifyParams(h.config, good, { status: 'WAIT_BUYER_PAY' }))).text).toBe('success');
    expect(await order(deposit.orderNo, guest.token)).toMatchObject({ status: 'pending', user: { coins: 0 } });
    expect(await h.db.query('SELECT 1 FROM ledger_entries WHERE user_id = $1', [guest.info.id])).toEqual([]);
    // "6.0" is the same 600 fen; the notify may also come as a GET with a query string.
    const query = new URLSearchParams(notifyParams(h.config, good, { money: '6.0' })).toString();
    expect((await h.app.inject({ method: 'GET', url: `/pay/notify?${query}` })).body).toBe('success');
    expect((await balanceOf(h.db, guest.info.id)).coins).toBe(60);
  });

  it('settles the orders nobody comes back to: a failed payment, a lost notify, an abandoned order closed, a late payment credited', async () => {
    const guest = await h.client.registerGuest();
    const failed = await depositCoins(guest.token, 'c60');
    const lost = await depositCoins(guest.token, 'c60');
    const abandoned = await depositCoins(guest.token, 'c60');
    const madeAt = Date.now();
    // 模拟支付失败 at the cashier: epay sends no notify for it.
    const refused = await h.app.inject({ method: 'POST', url: `/pay/cashier/${failed.orderNo}/fail` });
    expect(refused.statusCode).toBe(303);
    // Paid at the gateway, its notify lost on the way.
    const [lostOrder] = await h.db.query<Order>(
      'SELECT order_no AS "orderNo", amount_fen AS "amountFen" FROM orders WHERE order_no = $1',
      [lost.orderNo],
    );
    await recordSandboxPayment(h.db, lostOrder!, 'paid', madeAt);
    const status = async (orderNo: string) => (await order(orderNo, guest.token)).status;
    expect([await status(failed.orderNo), await status(lost.orderNo), await status(abandoned.orderNo)]).toEqual([
      'pending',
      'pending',
      'pending',
    ]);

    const sweeper = new OrderSweep(h.db, h.config, h.app.log);
    // The round's outcomes for this test's orders (the file's other tests leave orders of their own).
    const mine = new Set([failed.orderNo, lost.orderNo, abandoned.orderNo]);
    const sweep = {
      round: async (now: number) => {
        const done = await sweeper.round(now);
        return {
          credited: done.credited.filter((no) => mine.has(no)),
          failed: done.failed.filter((no) => mine.has(no)),
          expired: done.expired.filter((no) => mine.has(no)),
        };
      },
    };
    const minute = 60_000;
    // Too young to ask about yet.
    expect(await sweep.round(madeAt + 30_000)).toEqual({ credited: [], failed: [], expired: [] });
    expect(await sweep.round(madeAt + (h.config.ORDER_CHECK_MINUTES + 1) * minute)).toEqual({
      credited: [lost.orderNo],
      failed: [failed.orderNo],
      expired: [],
    });
    expect(await status(failed.orderNo)).toBe('failed');
    expect(await order(lost.orderNo, guest.token)).toMatchObject({ status: 'paid', user: { coins: 60 } });
    expect(await status(abandoned.orderNo)).toBe('pending');
    // Asked about again only after ORDER_CHECK_MINUTES more; closed once ORDER_EXPIRE_MINUTES old.
    expect(await sweep.round(madeAt + (h.config.ORDER_CHECK_MINUTES + 1.5) * minute)).toEqual({
      credited: [],
      failed: [],
      expired: [],
    });
    expect(await sweep.round(madeAt + (h.config.ORDER_EXPIRE_MINUTES + 1) * minute)).toEqual({
      credited: [],
      failed: [],
      expired: [abandoned.orderNo],
    });
    expect(await status(abandoned.orderNo)).toBe('expired');
    const open = await dataOf<OpenDeposit[]>(h.client, API.depositOpen, {}, guest.token);
    expect(open.map((deposit) => [deposit.orderNo, deposit.status])).toEqual([
      [abandoned.orderNo, 'expired'],
      [failed.orderNo, 'failed'],
    ]);
    // Nothing pending is left to ask about.
    expect(await sweep.round(madeAt + 24 * 60 * minute)).toEqual({ credited: [], failed: [], expired: [] });

    // Paid after all (the gateway reports it late): the closed order is credited once.
    const late = notifyParams(h.config, { orderNo: abandoned.orderNo, amountFen: 600 });
    expect(await sendNotify(h, late)).toEqual({ status: 200, text: 'success' });
    expect(await order(abandoned.orderNo, guest.token)).toMatchObject({ status: 'paid', user: { coins: 120 } });
  });

  it('starts VIP on the first paid order and extends it by exactly the plan on the next; VIP movies then play in full', async () => {
    const guest = await h.client.registerGuest();
    expect(await dataOf<PlayInfo>(h.client, API.moviePlay, { id: FX.vipMovie }, guest.token)).toMatchObject({
      trial: true,
    });
    const first = await depositVip(guest.token, 'week');
    const before = Date.now();
    for (let i = 0; i < 3; i++)
      expect((await sendNotify(h, notifyParams(h.config, { orderNo: first.orderNo, amountFen: 800 }))).text).toBe(
        'success',
      );
    const started = (await balanceOf(h.db, guest.info.id)).vipExpireAt!.getTime();
    expect(started).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(started).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    expect((await order(first.orderNo, guest.token)).user).toMatchObject({ isVip: true, vipExpireAt: started });
    expect(await dataOf<PlayInfo>(h.client, API.moviePlay, { id: FX.vipMovie }, guest.token)).toMatchObject({
      trial: false,
    });

    const second = await depositVip(guest.token, 'month');
    const notify = notifyParams(h.config, { orderNo: second.orderNo, amountFen: 2500 });
    await Promise.all([sendNotify(h, notify), sendNotify(h, notify), sendNotify(h, notify)]);
    expect((await balanceOf(h.db, guest.info.id)).vipExpireAt!.getTime()).toBe(started + 30 * DAY_MS);
  });

  it('pays through the cashier page over real HTTP on any port: page, confirm, notify, 303 back to the app', async () => {
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const guest = await h.client.registerGuest();
    const deposit = await depositCoins(guest.token, 'c300');
    const cashierPath = new URL(deposit.payUrl).pathname;
    const page = await fetch(`${address}${cashierPath}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    for (const text of [
      '确认支付',
      '取消',
      '300 金币（赠送 30）',
      deposit.orderNo,
      '微信支付',
      '<small>¥</small>30<small>.00</small>',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain(`href="/mine/wallet?order=${deposit.orderNo}"`);

    const confirm = await fetch(`${address}${cashierPath}/confirm`, { method: 'POST', redirect: 'manual' });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`/mine/wallet?order=${deposit.orderNo}`);
    expect(await order(deposit.orderNo, guest.token)).toMatchObject({ status: 'paid', user: { coins: 330 } });

    // Confirming again (a double click) and reopening the page credit nothing more.
    expect((await fetch(`${address}${cashierPath}/confirm`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect(await (await fetch(`${address}${cashierPath}`)).text()).toContain('订单已支付');
    expect((await balanceOf(h.db, guest.info.id)).coins).toBe(330);
    const missing = await fetch(`${address}/pay/cashier/20250101000000CABCDEFGHJ`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('订单不存在');
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PlayInfo } from '../../contract/calls/content.ts';
import type { ExchangeRecord, ExchangeResult, Goods, LedgerEntry } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { codeOf, dataOf, FX } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { assertLedgersBalanced, balanceOf, grant, idOf, MX, seedMember } from './member-fixture.ts';

const newKey = () => randomBytes(12).toString('hex');

describe.each(DB_KINDS)('the points mall on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember });
  });
  afterEach(() => assertLedgersBalanced(h.db));
  afterAll(() => h?.close());

  const member = async (points: number) => {
    const guest = await h.client.registerGuest();
    if (points > 0) await grant(h.db, guest.info.id, { points });
    return guest;
  };
  const exchange = (token: string, goodsId: number, quantity = 1, idempotencyKey = newKey()) =>
    codeOf(h.client, API.exchangeGoods, { goodsId, quantity, idempotencyKey }, token);
  const stockOf = async (goodsId: number) =>
    (await h.db.one<{ stock: number }>('SELECT stock FROM points_goods WHERE id = $1', [goodsId]))!.stock;

  it('lists the site’s goods with stock, limits and what this member exchanged', async () => {
    const guest = await member(0);
    const page = await dataOf<Page<Goods>>(h.client, API.goodsPage, { pageSize: 50 }, guest.token);
    expect(page.total).toBe(8);
    expect(page.list[1]).toEqual({
      id: await idOf(h.db, 'points_goods', 'vip-7d'),
      name: '7 天 VIP',
      description: '兑换后立即生效，每人限兑 2 次',
      image: null,
      kind: 'vip_days',
      value: 7,
      pointsCost: 600,
      stock: 2000,
      perUserLimit: 2,
      exchanged: 0,
    });
  });

  it('lets exactly 5 of 50 concurrent exchanges of a good with stock 5 through; the rest get code 5', async () => {
    const goodsId = await idOf(h.db, 'points_goods', MX.stockFive);
    const members = await Promise.all(Array.from({ length: 10 }, () => member(100)));
    const results = await Promise.all(
      members.flatMap((m) => Array.from({ length: 5 }, () => exchange(m.token, goodsId))),
    );
    expect(results.filter((r) => r.code === Code.Ok)).toHaveLength(5);
    expect(results.filter((r) => r.code === Code.Insufficient)).toHaveLength(45);
    expect(results.find((r) => r.code === Code.Insufficient)?.msg).toMatch(/库存不足/);
    expect(await stockOf(goodsId)).toBe(0);
    const spent = await h.db.one<{ n: number }>(
      "SELECT count(*) AS n FROM ledger_entries WHERE type = 'exchange' AND asset = 'points' AND title LIKE '兑换 限量徽章%'",
    );
    expect(spent?.n).toBe(5);
    const totals = await h.db.one<{ n: number }>(
      'SELECT coalesce(sum(quantity), 0) AS n FROM goods_user_totals WHERE goods_id = $1',
      [goodsId],
    );
    expect(Number(totals?.n)).toBe(5);
  });

  it('answers a retry with the same idempotencyKey with the first result, also when sent concurrently', async () => {
    const guest = await member(240);
    const goodsId = await idOf(h.db, 'points_goods', 'coins-10');
    const key = newKey();
    const first = await dataOf<ExchangeResult>(
      h.client,
      API.exchangeGoods,
      { goodsId, quantity: 2, idempotencyKey: key },
      guest.token,
    );
    expect(first).toEqual({ exchangeId: expect.any(Number), points: 0, replayed: false });
    const again = await dataOf<ExchangeResult>(
      h.client,
      API.exchangeGoods,
      { goodsId, quantity: 2, idempotencyKey: key },
      guest.token,
    );
    expect(again).toEqual({ ...first, replayed: true });
    expect(
      (await codeOf(h.client, API.exchangeGoods, { goodsId, quantity: 1, idempotencyKey: key }, guest.token)).code,
    ).toBe(Code.InvalidParams);

    const rich = await member(1000);
    const key2 = newKey();
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        dataOf<ExchangeResult>(h.client, API.exchangeGoods, { goodsId, quantity: 1, idempotencyKey: key2 }, rich.token),
      ),
    );
    expect(new Set(burst.map((r) => r.exchangeId)).size).toBe(1);
    expect(burst.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balanceOf(h.db, rich.info.id)).toMatchObject({ points: 880, coins: 10 });
  });

  it('refuses past the per-user limit and without enough points (code 5), changing nothing', async () => {
    const goodsId = await idOf(h.db, 'points_goods', MX.limitTwo);
    const guest = await member(25);
    const stock = await stockOf(goodsId);
    expect(await exchange(guest.token, goodsId, 3)).toEqual({
      code: Code.Insufficient,
      msg: '超出每人限兑数量（每人限兑 2 件）',
    });
    expect((await exchange(guest.token, goodsId, 2)).code).toBe(Code.Ok);
    expect(await exchange(guest.token, goodsId, 1)).toEqual({
      code: Code.Insufficient,
      msg: '超出每人限兑数量（每人限兑 2 件）',
    });
    const poor = await member(5);
    expect(await exchange(poor.token, goodsId, 1)).toEqual({ code: Code.Insufficient, msg: '积分不足' });
    expect(await stockOf(goodsId)).toBe(stock - 2);
    expect(await h.db.query('SELECT 1 FROM goods_user_totals WHERE user_id = $1', [poor.info.id])).toEqual([]);
    expect(await h.db.query('SELECT 1 FROM goods_exchanges WHERE user_id = $1', [poor.info.id])).toEqual([]);
    expect(await balanceOf(h.db, poor.info.id)).toMatchObject({ points: 5 });
    const page = await dataOf<Page<Goods>>(h.client, API.goodsPage, { pageSize: 50 }, guest.token);
    expect(page.list.find((g) => g.id === goodsId)).toMatchObject({ exchanged: 2, stock: stock - 2 });
  });

  it('gives VIP days and coins at once, and records the exchange and both ledgers', async () => {
    const guest = await member(400);
    expect(await dataOf<PlayInfo>(h.client, API.moviePlay, { id: FX.vipMovie }, guest.token)).toMatchObject({
      trial: true,
    });
    expect((await exchange(guest.token, await idOf(h.db, 'points_goods', 'vip-1d'), 2)).code).toBe(Code.Ok);
    expect(await dataOf<PlayInfo>(h.client, API.moviePlay, { id: FX.vipMovie }, guest.token)).toMatchObject({
      trial: false,
    });
    const vipUntil = (await balanceOf(h.db, guest.info.id)).vipExpireAt!.getTime();
    expect(Math.abs(vipUntil - (Date.now() + 2 * 86_400_000))).toBeLessThan(60_000);
    expect((await exchange(guest.token, await idOf(h.db, 'points_goods', 'coins-10'))).code).toBe(Code.Ok);
    expect(await balanceOf(h.db, guest.info.id)).toMatchObject({ points: 400 - 200 - 120, coins: 10 });
    const coins = await dataOf<Page<LedgerEntry>>(h.client, API.coinLedger, {}, guest.token);
    expect(coins.list).toEqual([
      expect.objectContaining({ type: 'exchange', delta: 10, balanceAfter: 10, title: '兑换 10 金币 ×1' }),
    ]);
    const points = await dataOf<Page<LedgerEntry>>(h.client, API.pointsLedger, {}, guest.token);
    expect(points.list.map((e) => e.delta)).toEqual([-120, -200, 400]);
    const records = await dataOf<Page<ExchangeRecord>>(h.client, API.exchangePage, {}, guest.token);
    expect(records.list.map((r) => [r.goods.name, r.quantity, r.pointsCost])).toEqual([
      ['10 金币', 1, 120],
      ['1 天 VIP 体验', 2, 200],
    ]);
  });

  it('answers bad input with code 2, unknown or other-site goods with code 6, no token with code 7', async () => {
    const guest = await member(100);
    const otherSiteGoods = await h.db.one<{ id: number }>(
      "SELECT g.id FROM points_goods g JOIN sites s ON s.id = g.site_id WHERE s.account_id = '10002' LIMIT 1",
    );
    expect(await exchange(guest.token, otherSiteGoods!.id)).toEqual({
      code: Code.NotFound,
      msg: `商品不存在：${otherSiteGoods!.id}`,
    });
    expect((await exchange(guest.token, 1, 0)).code).toBe(Code.InvalidParams);
    expect((await exchange(guest.token, 1, 1, 'short')).code).toBe(Code.InvalidParams);
    expect((await exchange(guest.token, 1, 1.5)).code).toBe(Code.InvalidParams);
    expect(
      (await codeOf(h.client, API.exchangeGoods, { goodsId: 1, quantity: 1, idempotencyKey: newKey() })).code,
    ).toBe(Code.SessionExpired);
    expect(await balanceOf(h.db, guest.info.id)).toMatchObject({ points: 100 });
  });
});

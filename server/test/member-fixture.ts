/**
 * The member tests' data and helpers: the content fixture plus the demo member catalogue
 * (seedMemberCatalogue, for both fixture sites), 20 more priced movies (41-60, 50 coins each) and
 * test goods with known stock; balances granted through the ledger; epay notifies signed like the
 * gateway's; and the invariant checked after every test: each user's ledger sums to the balance.
 */
import { expect } from 'vitest';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/db.ts';
import { changeCoins, changePoints, ledgerMismatches } from '../db/ledger.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { withSign, type PayParams } from '../payment/epay-sign.ts';
import { fenToYuan } from '../payment/money.ts';
import { seedMemberCatalogue } from '../seed/member-catalogue.ts';
import { seedContent } from './content-fixture.ts';
import type { Harness } from './harness.ts';

export const MX = {
  /** 50 coins each, access 'coins', no trial. */
  pricedMovies: Array.from({ length: 20 }, (_, i) => 41 + i),
  price: 50,
  /** item goods of the demo site: 10 points, stock 5, no per-user limit. */
  stockFive: 'test-stock5',
  /** item goods: 10 points, stock 100, at most 2 per user. */
  limitTwo: 'test-limit2',
} as const;

const EXTRA = (siteId: number) => `
INSERT INTO movies (id, title, description, poster, duration_s, category_id, access, price_coins, trial_s, year, published_at)
SELECT i, '付费影片' || i, '简介', 'posters/m' || i, 900, 12, 'coins', 50, 0, 2024,
  timestamptz '2024-06-01 00:00:00+00' + i * interval '1 day'
FROM generate_series(41, 60) i;
INSERT INTO episodes (movie_id, number, video, duration_s, state)
SELECT i, 1, 'videos/v' || i, 900, 'ready' FROM generate_series(41, 60) i;
INSERT INTO points_goods (site_id, code, name, kind, value, points_cost, stock, per_user_limit, sort) VALUES
  (${siteId}, '${MX.stockFive}', '限量徽章', 'item', 0, 10, 5, NULL, 100),
  (${siteId}, '${MX.limitTwo}', '限购贴纸', 'item', 0, 10, 100, 2, 101);`;

export async function seedMember(db: Db): Promise<void> {
  await seedContent(db);
  await db.tx((q) => seedMemberCatalogue(q));
  const site = await db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]);
  await db.exec(EXTRA(site!.id));
}

/** The id of a demo-site catalogue row by its code. */
export async function idOf(
  q: Queryable,
  table: 'vip_plans' | 'coin_packages' | 'points_goods',
  code: string,
): Promise<number> {
  const row = await q.one<{ id: number }>(
    `SELECT t.id FROM ${table} t JOIN sites s ON s.id = t.site_id WHERE s.account_id = $1 AND t.code = $2`,
    [DEMO_SITE.accountId, code],
  );
  if (!row) throw new Error(`${table} ${code} not found`);
  return row.id;
}

/** Gives a user coins and/or points the proper way: through the ledger ('adjust'). */
export async function grant(db: Db, userId: number, amounts: { coins?: number; points?: number }): Promise<void> {
  await db.tx(async (q) => {
    if (amounts.coins) await changeCoins(q, { userId, delta: amounts.coins, type: 'adjust', title: '测试发放' });
    if (amounts.points) await changePoints(q, { userId, delta: amounts.points, type: 'adjust', title: '测试发放' });
  });
}

export const balanceOf = (db: Db, userId: number) =>
  db.one<{ coins: number; points: number; vipExpireAt: Date | null }>(
    'SELECT coins, points, vip_expire_at AS "vipExpireAt" FROM users WHERE id = $1',
    [userId],
  ) as Promise<{ coins: number; points: number; vipExpireAt: Date | null }>;

/** The invariant of docs/architecture.md, for every user of the store. */
export async function assertLedgersBalanced(db: Db): Promise<void> {
  expect(await ledgerMismatches(db)).toEqual([]);
}

/** The notify a gateway would send for the order, signed with the config's key; overrides after signing win. */
export function notifyParams(
  config: Config,
  order: { orderNo: string; amountFen: number },
  change: { money?: string; status?: string; key?: string; after?: PayParams } = {},
): PayParams {
  const signed = withSign(
    {
      pid: config.PAY_PID,
      trade_no: `T${order.orderNo}`,
      out_trade_no: order.orderNo,
      type: 'alipay',
      name: '测试订单',
      money: change.money ?? fenToYuan(order.amountFen),
      trade_status: change.status ?? 'TRADE_SUCCESS',
    },
    change.key ?? config.PAY_KEY,
  );
  return { ...signed, ...change.after };
}

/** POSTs a notify form to /pay/notify; answers the status and the plain text. */
export async function sendNotify(h: Harness, params: PayParams): Promise<{ status: number; text: string }> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/pay/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });
  return { status: res.statusCode, text: res.body };
}

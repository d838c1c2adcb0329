/**
 * The points mall: goods with stock and a per-user limit, and exchanges. An exchange is one
 * transaction whose every step is conditional, in a fixed lock order (exchange row, the user's
 * total for the good, the good, the user) so concurrent exchanges neither oversell nor deadlock:
 *   1. the exchange row, unique by (user, idempotencyKey): a retry with the same key waits for the
 *      first attempt and then answers its result instead of exchanging again;
 *   2. the user's total of the good, raised only while within the per-user limit;
 *   3. the stock, lowered only while enough is left;
 *   4. the points, debited through the ledger only while enough are left;
 *   5. the effect: VIP days or coins (through the ledger) at once.
 * Any refusal throws and the caller's transaction rolls every step back.
 */
import type { Page } from '../../contract/calls/content.ts';
import type { ExchangeRecord, ExchangeResult, Goods, GoodsKind } from '../../contract/calls/member.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ApiError, invalidParams } from '../api-error.ts';
import type { Queryable } from './db.ts';
import { changeCoins, changePoints } from './ledger.ts';
import { fetchPage, Filter, type PageRequest } from './paging.ts';
import { extendVip } from './vip.ts';

const GOODS_COLUMNS = `g.id, g.name, g.description, g.image, g.kind, g.value, g.points_cost AS "pointsCost", g.stock,
  g.per_user_limit AS "perUserLimit"`;

/** One page of the site's goods, each with the units this user exchanged so far. */
export async function goodsPage(
  q: Queryable,
  siteId: number,
  userId: number,
  request: PageRequest,
): Promise<Page<Goods>> {
  const page = await fetchPage<Goods, Goods>(
    q,
    {
      table: 'points_goods g',
      filter: new Filter().add('g.site_id = $?', siteId).require('g.enabled'),
      columns: `${GOODS_COLUMNS}, 0 AS exchanged`,
      orderBy: 'g.sort, g.id',
    },
    request,
    (row) => row,
  );
  const totals = await q.query<{ goodsId: number; quantity: number }>(
    'SELECT goods_id AS "goodsId", quantity FROM goods_user_totals WHERE user_id = $1 AND goods_id = ANY($2::int[])',
    [userId, page.list.map((goods) => goods.id)],
  );
  const exchanged = new Map(totals.map((row) => [row.goodsId, row.quantity]));
  return { ...page, list: page.list.map((goods) => ({ ...goods, exchanged: exchanged.get(goods.id) ?? 0 })) };
}

export interface ExchangeRequest {
  siteId: number;
  userId: number;
  goodsId: number;
  quantity: number;
  idempotencyKey: string;
  now: number;
}

const existing = (q: Queryable, userId: number, key: string) =>
  q.one<{ id: number; goodsId: number; quantity: number; pointsAfter: number }>(
    `SELECT id, goods_id AS "goodsId", quantity, points_after AS "pointsAfter" FROM goods_exchanges
     WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key],
  );

/** Runs the exchange; run it inside Db.tx. Codes: 6 unknown good, 5 stock, limit or points, 2 key reused. */
export async function exchangeGoods(q: Queryable, r: ExchangeRequest): Promise<ExchangeResult> {
  const goods = await q.one<Goods>(
    `SELECT ${GOODS_COLUMNS}, 0 AS exchanged FROM points_goods g WHERE g.id = $1 AND g.site_id = $2 AND g.enabled`,
    [r.goodsId, r.siteId],
  );
  if (!goods) throw new ApiError(Code.NotFound, `商品不存在：${r.goodsId}`);
  const cost = goods.pointsCost * r.quantity;
  const created = await q.one<{ id: number }>(
    `INSERT INTO goods_exchanges (user_id, goods_id, quantity, points_cost, idempotency_key) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
    [r.userId, r.goodsId, r.quantity, cost, r.idempotencyKey],
  );
  if (!created) {
    const first = await existing(q, r.userId, r.idempotencyKey);
    if (!first || first.pointsAfter === null) throw new Error('exchange row without its result');
    if (first.goodsId !== r.goodsId || first.quantity !== r.quantity) {
      throw invalidParams('idempotencyKey 已用于另一笔兑换，请为新的兑换生成新的 idempotencyKey');
    }
    return { exchangeId: first.id, points: first.pointsAfter, replayed: true };
  }
  await takeFromLimit(q, r, goods.perUserLimit);
  const stocked = await q.one(
    'UPDATE points_goods SET stock = stock - $2 WHERE id = $1 AND stock >= $2 RETURNING stock',
    [r.goodsId, r.quantity],
  );
  if (!stocked)
    throw new ApiError(Code.Insufficient, goods.stock > 0 ? `库存不足，仅剩 ${goods.stock} 件` : '已兑完，库存不足');
  const title = `兑换 ${goods.name} ×${r.quantity}`;
  const ref = `exchange:${created.id}`;
  const points = await changePoints(q, { userId: r.userId, delta: -cost, type: 'exchange', title, ref });
  await applyEffect(q, goods.kind, goods.value * r.quantity, { userId: r.userId, title, ref, now: r.now });
  await q.query('UPDATE goods_exchanges SET points_after = $2 WHERE id = $1', [created.id, points]);
  return { exchangeId: created.id, points, replayed: false };
}

/** Adds the quantity to the user's total of the good, refusing (code 5) past the per-user limit. */
async function takeFromLimit(q: Queryable, r: ExchangeRequest, limit: number | null): Promise<void> {
  const refused = () => new ApiError(Code.Insufficient, `超出每人限兑数量（每人限兑 ${limit} 件）`);
  if (limit !== null && r.quantity > limit) throw refused();
  const row = await q.one(
    `INSERT INTO goods_user_totals AS t (user_id, goods_id, quantity) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, goods_id) DO UPDATE SET quantity = t.quantity + EXCLUDED.quantity
       WHERE $4::int IS NULL OR t.quantity + EXCLUDED.quantity <= $4::int
     RETURNING quantity`,
    [r.userId, r.goodsId, r.quantity, limit],
  );
  if (!row) throw refused();
}

async function applyEffect(
  q: Queryable,
  kind: GoodsKind,
  amount: number,
  c: { userId: number; title: string; ref: string; now: number },
): Promise<void> {
  if (kind === 'vip_days') await extendVip(q, c.userId, amount, c.now);
  if (kind === 'coins')
    await changeCoins(q, { userId: c.userId, delta: amount, type: 'exchange', title: c.title, ref: c.ref });
}

interface RecordRow extends Omit<ExchangeRecord, 'goods' | 'createdAt'> {
  goodsId: number;
  name: string;
  kind: GoodsKind;
  value: number;
  image: string | null;
  createdAt: Date;
}

export const exchangePage = (q: Queryable, userId: number, request: PageRequest) =>
  fetchPage<RecordRow, ExchangeRecord>(
    q,
    {
      table: 'goods_exchanges e',
      filter: new Filter().add('e.user_id = $?', userId),
      columns: `e.id, e.quantity, e.points_cost AS "pointsCost", e.created_at AS "createdAt", g.id AS "goodsId", g.name,
        g.kind, g.value, g.image`,
      joins: 'JOIN points_goods g ON g.id = e.goods_id',
      orderBy: 'e.id DESC',
    },
    request,
    (row) => ({
      id: row.id,
      goods: { id: row.goodsId, name: row.name, kind: row.kind, value: row.value, image: row.image },
      quantity: row.quantity,
      pointsCost: row.pointsCost,
      createdAt: row.createdAt.getTime(),
    }),
  );

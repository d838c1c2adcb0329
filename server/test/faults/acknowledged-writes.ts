/**
 * After a crash: which acknowledged writes are in the store, and whether the store is whole —
 * every ledger equal to its balance, every paid order credited exactly once and nothing credited
 * for an unpaid one, every good's stock plus its exchanged units equal to the stock it started with.
 */
import type { Queryable } from '../../db/db.ts';
import { ledgerMismatches } from '../../db/ledger.ts';
import type { Ack } from './write-burst.ts';

const ofKind = <K extends Ack['kind']>(acks: readonly Ack[], kind: K) =>
  acks.filter((a): a is Extract<Ack, { kind: K }> => a.kind === kind);

/** How many of the acknowledged writes the store holds. */
export async function countFound(q: Queryable, acks: readonly Ack[]): Promise<number> {
  const count = async (sql: string, params: unknown[]) => (await q.one<{ n: number }>(sql, params))!.n;
  const orders = ofKind(acks, 'order').map((a) => a.orderNo);
  const paid = ofKind(acks, 'paid').map((a) => a.orderNo);
  const purchases = ofKind(acks, 'purchase');
  const exchanges = ofKind(acks, 'exchange').map((a) => a.exchangeId);
  return (
    (await count('SELECT count(*)::int AS n FROM orders WHERE order_no = ANY($1::text[])', [orders])) +
    (await count(
      `SELECT count(*)::int AS n FROM orders o
       WHERE o.order_no = ANY($1::text[]) AND o.status = 'paid'
         AND EXISTS (SELECT 1 FROM ledger_entries l WHERE l.user_id = o.user_id AND l.ref = 'order:' || o.order_no)`,
      [paid],
    )) +
    (await count(
      `SELECT count(*)::int AS n FROM purchases p
       JOIN unnest($1::bigint[], $2::int[]) AS a(user_id, movie_id) ON p.user_id = a.user_id AND p.item_id = a.movie_id
       WHERE p.item_type = 'movie'`,
      [purchases.map((a) => a.userId), purchases.map((a) => a.movieId)],
    )) +
    (await count('SELECT count(*)::int AS n FROM goods_exchanges WHERE id = ANY($1::bigint[])', [exchanges]))
  );
}

export interface Wholeness {
  /** (user, asset) ledgers compared with their balance. */
  ledgersChecked: number;
  ledgerMismatches: unknown[];
  /** Paid orders without exactly one deposit entry, and deposit entries of unpaid orders. */
  badCredits: unknown[];
  /** Goods whose stock plus exchanged units differs from their starting stock. */
  badStock: unknown[];
}

export async function checkWholeness(q: Queryable, startingStock: ReadonlyMap<number, number>): Promise<Wholeness> {
  const users = (await q.one<{ n: number }>('SELECT count(*)::int AS n FROM users'))!.n;
  const badCredits = await q.query(
    `SELECT o.order_no, o.status, count(l.id)::int AS credits
     FROM orders o LEFT JOIN ledger_entries l ON l.user_id = o.user_id AND l.ref = 'order:' || o.order_no
     WHERE o.kind = 'coin'
     GROUP BY o.order_no, o.status
     HAVING count(l.id) <> CASE WHEN o.status = 'paid' THEN 1 ELSE 0 END`,
  );
  const badStock = [];
  for (const [goodsId, stock] of startingStock) {
    const row = await q.one<{ stock: number; exchanged: number }>(
      `SELECT g.stock, coalesce((SELECT sum(quantity) FROM goods_exchanges e WHERE e.goods_id = g.id), 0)::int AS exchanged
       FROM points_goods g WHERE g.id = $1`,
      [goodsId],
    );
    if (!row || row.stock + row.exchanged !== stock) badStock.push({ goodsId, stock, ...row });
  }
  return { ledgersChecked: users * 2, ledgerMismatches: await ledgerMismatches(q), badCredits, badStock };
}

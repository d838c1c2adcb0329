/**
 * Movies and posts bought with coins. A purchase row and its coin debit are written in one
 * transaction (server/routes/purchases.ts); the row unlocks the item for good (access.ts).
 */
import type { Queryable } from './db.ts';
import { fetchPage, Filter, type PageRequest } from './paging.ts';
import type { ItemType } from './tags.ts';

export async function hasPurchased(q: Queryable, userId: number, type: ItemType, itemId: number): Promise<boolean> {
  const row = await q.one('SELECT 1 AS found FROM purchases WHERE user_id = $1 AND item_type = $2 AND item_id = $3', [
    userId,
    type,
    itemId,
  ]);
  return row !== undefined;
}

/** Records the purchase; false when the user had bought the item already. */
export async function insertPurchase(q: Queryable, userId: number, type: ItemType, itemId: number, priceCoins: number) {
  const row = await q.one(
    `INSERT INTO purchases (user_id, item_type, item_id, price_coins) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING 1 AS inserted`,
    [userId, type, itemId, priceCoins],
  );
  return row !== undefined;
}

export interface PurchaseRow {
  itemId: number;
  priceCoins: number;
  createdAt: Date;
}

/** One page of a user's purchases of one item type, newest first (the caller adds the cards). */
export const purchasePage = (q: Queryable, userId: number, type: ItemType, request: PageRequest) =>
  fetchPage<PurchaseRow, PurchaseRow>(
    q,
    {
      table: 'purchases p',
      filter: new Filter().add('p.user_id = $?', userId).add('p.item_type = $?', type),
      columns: `p.item_id AS "itemId", p.price_coins AS "priceCoins", p.created_at AS "createdAt"`,
      orderBy: 'p.created_at DESC, p.item_id DESC',
    },
    request,
    (row) => row,
  );

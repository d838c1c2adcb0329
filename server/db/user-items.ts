/**
 * A user's likes and favourites of movies and posts. A like changes the item's likes counter in
 * the same transaction as its user_likes row, and only when the row really changed, so liking
 * twice counts once and the counter never goes below 0. Run the writers inside Db.tx.
 */
import type { Queryable } from './db.ts';
import type { ItemType } from './tags.ts';

const COUNTER_TABLE: Record<ItemType, string> = { movie: 'movies', post: 'posts' };

/**
 * Sets the like and answers the item's likes; undefined when the item does not exist (the caller
 * then throws, rolling the transaction back).
 */
export async function setLike(
  q: Queryable,
  userId: number,
  type: ItemType,
  itemId: number,
  like: boolean,
): Promise<{ liked: boolean; likes: number } | undefined> {
  const key = [userId, type, itemId];
  const changed = like
    ? await q.one(
        `INSERT INTO user_likes (user_id, item_type, item_id) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING 1 AS changed`,
        key,
      )
    : await q.one(
        'DELETE FROM user_likes WHERE user_id = $1 AND item_type = $2 AND item_id = $3 RETURNING 1 AS changed',
        key,
      );
  const table = COUNTER_TABLE[type];
  const row = changed
    ? await q.one<{ likes: number }>(
        `UPDATE ${table} SET likes = GREATEST(likes + $2, 0) WHERE id = $1 RETURNING likes`,
        [itemId, like ? 1 : -1],
      )
    : await q.one<{ likes: number }>(`SELECT likes FROM ${table} WHERE id = $1`, [itemId]);
  return row && { liked: like, likes: row.likes };
}

/** Sets or clears a favourite (idempotent). */
export async function setFavourite(
  q: Queryable,
  userId: number,
  type: ItemType,
  itemId: number,
  on: boolean,
): Promise<void> {
  await q.query(
    on
      ? `INSERT INTO user_favorites (user_id, item_type, item_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`
      : 'DELETE FROM user_favorites WHERE user_id = $1 AND item_type = $2 AND item_id = $3',
    [userId, type, itemId],
  );
}

/** Flips a favourite and answers whether it is set now. */
export async function toggleFavourite(q: Queryable, userId: number, type: ItemType, itemId: number): Promise<boolean> {
  const removed = await q.one(
    'DELETE FROM user_favorites WHERE user_id = $1 AND item_type = $2 AND item_id = $3 RETURNING 1 AS removed',
    [userId, type, itemId],
  );
  if (removed) return false;
  await setFavourite(q, userId, type, itemId, true);
  return true;
}

/** Whether the viewer liked and favourited the item (both false without a viewer). */
export async function viewerFlags(
  q: Queryable,
  userId: number | null,
  type: ItemType,
  itemId: number,
): Promise<{ liked: boolean; favorited: boolean }> {
  if (userId === null) return { liked: false, favorited: false };
  const row = await q.one<{ liked: boolean; favorited: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM user_likes WHERE user_id = $1 AND item_type = $2 AND item_id = $3) AS liked,
            EXISTS (SELECT 1 FROM user_favorites WHERE user_id = $1 AND item_type = $2 AND item_id = $3) AS favorited`,
    [userId, type, itemId],
  );
  return row ?? { liked: false, favorited: false };
}

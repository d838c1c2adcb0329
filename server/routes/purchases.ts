/**
 * Buying a priced movie or post with coins, and the lists of what was bought. A purchase is one
 * transaction: the purchase row (unique per user and item: a repeat is code 9) and the coin debit
 * through the ledger (code 5 when short, which rolls the row back). The row unlocks the item for
 * good (server/db/access.ts).
 */
import type { Page } from '../../contract/calls/content.ts';
import { pageSchema } from '../../contract/calls/content.ts';
import { buyArticleSchema, buyMovieSchema, type PurchaseResult } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import type { Db, Queryable } from '../db/db.ts';
import { changeCoins } from '../db/ledger.ts';
import { findMovie, moviesByIds } from '../db/movies.ts';
import type { PageRequest } from '../db/paging.ts';
import { postsByIds } from '../db/posts.ts';
import { insertPurchase, purchasePage } from '../db/purchases.ts';
import type { ItemType } from '../db/tags.ts';
import { ApiError, invalidParams } from '../api-error.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { found } from './lookups.ts';
import { movieNotFound } from './movies.ts';

interface Priced {
  type: ItemType;
  id: number;
  priceCoins: number;
  /** The ledger line, e.g. 购买影片《…》. */
  title: string;
}

function buy(db: Db, userId: number, item: Priced): Promise<PurchaseResult> {
  return db.tx(async (q) => {
    if (!(await insertPurchase(q, userId, item.type, item.id, item.priceCoins))) {
      throw new ApiError(Code.AlreadyDone, '已经购买过了，无需重复购买');
    }
    const coins = await changeCoins(q, {
      userId,
      delta: -item.priceCoins,
      type: 'purchase',
      title: item.title,
      ref: `${item.type}:${item.id}`,
    });
    return { coins, purchased: true };
  });
}

const findPost = (q: Queryable, id: number) =>
  q.one<{ id: number; title: string; priceCoins: number; authorId: number | null }>(
    'SELECT id, title, price_coins AS "priceCoins", author_id AS "authorId" FROM posts WHERE id = $1',
    [id],
  );

/** One page of purchases with their cards; items deleted since are skipped. */
async function purchasedPage<C extends { id: number }>(
  q: Queryable,
  userId: number,
  type: ItemType,
  request: PageRequest,
  cardsOf: (q: Queryable, ids: number[]) => Promise<C[]>,
): Promise<Page<C & { purchasedAt: number; paidCoins: number }>> {
  const page = await purchasePage(q, userId, type, request);
  const cards = new Map(
    (
      await cardsOf(
        q,
        page.list.map((row) => row.itemId),
      )
    ).map((card) => [card.id, card]),
  );
  const list = page.list.flatMap((row) => {
    const card = cards.get(row.itemId);
    return card ? [{ ...card, purchasedAt: row.createdAt.getTime(), paidCoins: row.priceCoins }] : [];
  });
  return { ...page, list };
}

export const purchaseCalls: readonly Call[] = [
  defineCall({
    path: API.buyMovie,
    schema: buyMovieSchema,
    auth: 'user',
    handler: async ({ db, payload, user }) => {
      const movie = found(await findMovie(db, payload.movieId), movieNotFound(payload.movieId));
      if (movie.access === 'free') throw invalidParams('该影片免费观看，无需购买');
      if (movie.priceCoins <= 0)
        throw new ApiError(Code.NotAllowed, '该影片为 VIP 专享，不单独出售，开通 VIP 即可观看');
      return buy(db, user.id, {
        type: 'movie',
        id: movie.id,
        priceCoins: movie.priceCoins,
        title: `购买影片《${movie.title}》`,
      });
    },
  }),
  defineCall({
    path: API.buyArticle,
    schema: buyArticleSchema,
    auth: 'user',
    handler: async ({ db, payload, user }) => {
      const post = found(await findPost(db, payload.id), `内容不存在：${payload.id}`);
      if (post.priceCoins <= 0) throw invalidParams('该内容免费阅读，无需购买');
      if (post.authorId === user.id) throw new ApiError(Code.AlreadyDone, '这是你发布的内容，无需购买');
      return buy(db, user.id, {
        type: 'post',
        id: post.id,
        priceCoins: post.priceCoins,
        title: `购买文章《${post.title}》`,
      });
    },
  }),
  defineCall({
    path: API.moviePurchases,
    schema: pageSchema,
    auth: 'user',
    handler: ({ db, payload, user }) => purchasedPage(db, user.id, 'movie', payload, moviesByIds),
  }),
  defineCall({
    path: API.articlePurchases,
    schema: pageSchema,
    auth: 'user',
    handler: ({ db, payload, user }) => purchasedPage(db, user.id, 'post', payload, postsByIds),
  }),
];

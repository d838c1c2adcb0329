/**
 * The points mall: goods with stock and per-user limits, exchanges (one transaction each, see
 * server/db/goods.ts; a retry with the same idempotencyKey answers the first result), records.
 */
import { pageSchema } from '../../contract/calls/content.ts';
import { exchangeSchema } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { exchangeGoods, exchangePage, goodsPage } from '../db/goods.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';

export const goodsCalls: readonly Call[] = [
  defineCall({
    path: API.goodsPage,
    schema: pageSchema,
    auth: 'user',
    handler: ({ db, payload, site, user }) => goodsPage(db, site.id, user.id, payload),
  }),
  defineCall({
    path: API.exchangeGoods,
    schema: exchangeSchema,
    auth: 'user',
    handler: ({ db, payload, site, user, now }) =>
      db.tx((q) => exchangeGoods(q, { siteId: site.id, userId: user.id, ...payload, now })),
  }),
  defineCall({
    path: API.exchangePage,
    schema: pageSchema,
    auth: 'user',
    handler: ({ db, payload, user }) => exchangePage(db, user.id, payload),
  }),
];

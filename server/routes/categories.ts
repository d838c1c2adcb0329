/** The category tree and one category (by categoryId or by its section route) with its path. */
import { categoryLookupSchema, emptyPayloadSchema } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { categoryTree, findCategory } from '../db/categories.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { found } from './lookups.ts';

export const categoryCalls: readonly Call[] = [
  defineCall({
    path: API.categoryTree,
    schema: emptyPayloadSchema,
    auth: 'none',
    handler: ({ db }) => categoryTree(db),
  }),
  defineCall({
    path: API.categoryDetail,
    schema: categoryLookupSchema,
    auth: 'none',
    handler: async ({ db, payload }) =>
      found(await findCategory(db, payload), `分类不存在：${payload.categoryId ?? payload.route}`),
  }),
];

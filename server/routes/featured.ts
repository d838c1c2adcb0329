/** Featured collections: the list and one collection with its movies and posts. */
import { emptyPayloadSchema, idSchema } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { findFeatured, listFeatured } from '../db/featured.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { found } from './lookups.ts';

export const featuredCalls: readonly Call[] = [
  defineCall({
    path: API.featuredList,
    schema: emptyPayloadSchema,
    auth: 'none',
    handler: ({ db }) => listFeatured(db),
  }),
  defineCall({
    path: API.featuredDetail,
    schema: idSchema,
    auth: 'none',
    handler: async ({ db, payload }) => found(await findFeatured(db, payload.id), `专题不存在：${payload.id}`),
  }),
];

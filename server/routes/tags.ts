/** Tags: the hot list, all tags (docs/spec.md section 7: /long/tag/getAllTag) and one tag by its key. */
import { emptyPayloadSchema, tagKeySchema } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { allTags, findTagDetail, hotTags } from '../db/tags.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { found } from './lookups.ts';

export const tagCalls: readonly Call[] = [
  defineCall({ path: API.hotTags, schema: emptyPayloadSchema, auth: 'none', handler: ({ db }) => hotTags(db) }),
  defineCall({ path: API.allTags, schema: emptyPayloadSchema, auth: 'none', handler: ({ db }) => allTags(db) }),
  defineCall({
    path: API.tagDetail,
    schema: tagKeySchema,
    auth: 'none',
    handler: async ({ db, payload }) => found(await findTagDetail(db, payload.key), `标签不存在：${payload.key}`),
  }),
];

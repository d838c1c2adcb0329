/**
 * The /{type} pages (docs/spec.md section 2): a type is a key of the dictionary type 'contentType' that
 * the server knows how to list; anything else is code 6 "内容类型不存在". Each lists movies.
 */
import { typePageSchema, typeSchema, type TypePageInfo } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import type { Queryable } from '../db/db.ts';
import type { MovieFilters } from '../db/movies.ts';
import { pageMovies } from '../db/movies.ts';
import { dictEntry } from '../db/site-lists.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { notFound } from './lookups.ts';

const DICT_TYPE = 'contentType';

/** The movie list of each content type key. */
const TYPE_FILTERS: Record<string, MovieFilters> = {
  vip: { access: 'vip', sort: 'new' },
  free: { access: 'free', sort: 'new' },
  coins: { access: 'coins', sort: 'new' },
  hot: { sort: 'hot' },
  new: { sort: 'new' },
};

async function resolveType(q: Queryable, type: string): Promise<{ info: TypePageInfo; filters: MovieFilters }> {
  const filters = Object.hasOwn(TYPE_FILTERS, type) ? TYPE_FILTERS[type] : undefined;
  const entry = filters && (await dictEntry(q, DICT_TYPE, type));
  if (!filters || !entry) throw notFound('内容类型不存在');
  return { info: { type, label: entry.label }, filters };
}

export const contentTypeCalls: readonly Call[] = [
  defineCall({
    path: API.typeInfo,
    schema: typeSchema,
    auth: 'none',
    handler: async ({ db, payload }) => (await resolveType(db, payload.type)).info,
  }),
  defineCall({
    path: API.typePage,
    schema: typePageSchema,
    auth: 'none',
    handler: async ({ db, payload }) => pageMovies(db, (await resolveType(db, payload.type)).filters, payload),
  }),
];

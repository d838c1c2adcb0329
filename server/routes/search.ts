/**
 * The search calls (docs/api.md, 搜索) over the one index of server/search/: 综合, one kind's pages,
 * suggestions and hot searches. The first page of a search with hits, by a signed-in device (its
 * token), counts towards the site's hot searches (hot-searches.ts; later pages, suggestions and
 * searches without a session never count), after the answer, whether the handler or the read cache
 * gave it. The count is written outside a transaction, so a search does not empty the read cache,
 * and a failed count never fails the search.
 */
import type { FastifyRequest } from 'fastify';
import {
  searchHotSchema,
  searchKeywordSchema,
  searchPageSchema,
  type SearchOverview,
} from '../../contract/calls/search.ts';
import { API } from '../../contract/calls/paths.ts';
import type { Db } from '../db/db.ts';
import type { Site } from '../db/sites.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { countSearch, hotSearches } from '../search/hot-searches.ts';
import { searchOverview, searchPage, type HitKind } from '../search/search-hits.ts';
import { parseKeyword } from '../search/search-query.ts';
import { suggest } from '../search/suggest.ts';

interface Counted {
  db: Db;
  req: FastifyRequest;
  site: Site;
  now: number;
  payload: { keyword: string };
}

/** Counts the search (afterAnswer: also when the read cache answered it, as it is still a search). */
async function count(ctx: Counted): Promise<void> {
  const token = ctx.req.headers.token;
  if (typeof token !== 'string' || token === '') return;
  try {
    const { folded } = parseKeyword(ctx.payload.keyword);
    await countSearch(ctx.db, { siteId: ctx.site.id, folded, token, address: ctx.req.ip, now: ctx.now });
  } catch (error) {
    ctx.req.log.warn({ err: error }, 'search count not written');
  }
}

const hasHits = (overview: SearchOverview): boolean =>
  overview.movies.length + overview.posts.length + overview.users.length + overview.tags.length > 0;

const kindCall = (path: typeof API.searchMovies | typeof API.searchPosts | typeof API.searchUsers, kind: HitKind) =>
  defineCall({
    path,
    schema: searchPageSchema,
    auth: 'none',
    handler: async ({ db, site, payload }) =>
      (await searchPage(db, kind, site.id, parseKeyword(payload.keyword), payload)) as never,
    afterAnswer: async (ctx, page) => {
      if (ctx.payload.page === 1 && page.list.length > 0) await count(ctx);
    },
  });

export const searchCalls: readonly Call[] = [
  defineCall({
    path: API.searchAll,
    schema: searchKeywordSchema,
    auth: 'none',
    handler: async ({ db, site, now, config, payload }) => {
      const overview = await searchOverview(db, site.id, parseKeyword(payload.keyword));
      return hasHits(overview) ? overview : { ...overview, hot: await hotSearches(db, site.id, now, config) };
    },
    afterAnswer: async (ctx, overview) => {
      if (hasHits(overview)) await count(ctx);
    },
  }),
  kindCall(API.searchMovies, 'movie'),
  kindCall(API.searchPosts, 'post'),
  kindCall(API.searchUsers, 'user'),
  defineCall({
    path: API.searchSuggest,
    schema: searchKeywordSchema,
    auth: 'none',
    handler: async ({ db, site, now, config, payload }) => ({
      suggestions: await suggest(db, site.id, payload.keyword, now, config),
    }),
  }),
  defineCall({
    path: API.searchHot,
    schema: searchHotSchema,
    auth: 'none',
    handler: async ({ db, site, now, config }) => ({ words: await hotSearches(db, site.id, now, config) }),
  }),
];

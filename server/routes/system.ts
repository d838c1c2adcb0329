/**
 * App-wide lists (docs/spec.md section 3): /system/init answers them all in one call at start; each also
 * has a call of its own (hot search words: /search/hot, the same list). Banners, CDN lines and hot
 * search words are the request's site's; the banner click counter is a mutation (never cached by the
 * client) and needs no session.
 */
import { bannerClickSchema, emptyPayloadSchema, type AppInit } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import type { Config } from '../config.ts';
import { categoryTree } from '../db/categories.ts';
import type { Queryable } from '../db/db.ts';
import { clickBanner, dictionary, siteBanners, siteCdnLines } from '../db/site-lists.ts';
import { hotTags } from '../db/tags.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { hotSearches } from '../search/hot-searches.ts';
import { found } from './lookups.ts';

async function appInit(q: Queryable, siteId: number, now: number, config: Config): Promise<AppInit> {
  const [banners, categories, cdnLines, dict, tags, hotWords] = await Promise.all([
    siteBanners(q, siteId),
    categoryTree(q),
    siteCdnLines(q, siteId),
    dictionary(q),
    hotTags(q),
    hotSearches(q, siteId, now, config),
  ]);
  return { banners, categories, cdnLines, dictionary: dict, hotTags: tags, hotWords };
}

export const systemCalls: readonly Call[] = [
  defineCall({
    path: API.init,
    schema: emptyPayloadSchema,
    auth: 'none',
    handler: ({ db, site, now, config }) => appInit(db, site.id, now, config),
  }),
  defineCall({
    path: API.banners,
    schema: emptyPayloadSchema,
    auth: 'none',
    handler: ({ db, site }) => siteBanners(db, site.id),
  }),
  defineCall({
    path: API.bannerClick,
    schema: bannerClickSchema,
    auth: 'none',
    handler: async ({ db, site, payload }) => ({
      clicks: found(await clickBanner(db, site.id, payload.bannerId), `横幅不存在：${payload.bannerId}`),
    }),
  }),
  defineCall({
    path: API.cdnLines,
    schema: emptyPayloadSchema,
    auth: 'none',
    handler: ({ db, site }) => siteCdnLines(db, site.id),
  }),
  defineCall({
    path: API.dictionary,
    schema: emptyPayloadSchema,
    auth: 'none',
    handler: ({ db }) => dictionary(db),
  }),
];

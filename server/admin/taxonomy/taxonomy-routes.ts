/**
 * The console's taxonomy calls under /admin-api/taxonomy (docs/admin-api.md), for 运营 and
 * 超级管理员: the category tree, tags, featured collections, each site's hot search words and the
 * words blocked from its hot searches.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminDeps } from '../admin-deps.ts';
import { categoryRoutes } from './category-routes.ts';
import { featuredRoutes } from './featured-routes.ts';
import { hotWordBlockRoutes } from './hot-word-block-routes.ts';
import { hotWordRoutes } from './hot-word-routes.ts';
import { tagRoutes } from './tag-routes.ts';

export const taxonomyRoutes: FastifyPluginAsync<AdminDeps> = async (api, deps) => {
  for (const routes of [categoryRoutes, tagRoutes, featuredRoutes, hotWordRoutes, hotWordBlockRoutes]) {
    await api.register(routes, deps);
  }
};

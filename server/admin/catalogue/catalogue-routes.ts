/** The console's catalogue calls under /admin-api (docs/admin-api.md). Not built yet. */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminDeps } from '../admin-deps.ts';

export const catalogueRoutes: FastifyPluginAsync<AdminDeps> = async () => {};

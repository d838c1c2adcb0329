/** The console's points calls under /admin-api (docs/admin-api.md). Not built yet. */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminDeps } from '../admin-deps.ts';

export const pointsRoutes: FastifyPluginAsync<AdminDeps> = async () => {};

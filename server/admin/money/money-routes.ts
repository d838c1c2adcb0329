/** The console's money calls under /admin-api (docs/admin-api.md, "Money"): orders and users. */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminDeps } from '../admin-deps.ts';
import { orderRoutes } from './order-routes.ts';
import { userRoutes } from './user-routes.ts';

export const moneyRoutes: FastifyPluginAsync<AdminDeps> = async (api, deps) => {
  await api.register(orderRoutes, deps);
  await api.register(userRoutes, deps);
};

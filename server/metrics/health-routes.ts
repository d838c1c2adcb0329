/**
 * The load balancer's probes (docs/operations.md "Metrics and health"), plain JSON outside the wire
 * protocol, never rate limited, their request lines at debug (they are polled all day):
 * - GET /healthz: 200 {status:'ok'} while the process runs; touches nothing.
 * - GET /readyz: 200 {status:'ok', checks} when the store answers, its migrations are all applied
 *   and the build is there (readiness.ts); else 503 {status:'unavailable', failed, checks}.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Readiness } from './readiness.ts';

export const healthRoutes: FastifyPluginAsync<{ readiness: Readiness }> = async (app, { readiness }) => {
  const quiet = { config: { quietLog: true } };
  app.get('/healthz', quiet, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', quiet, async (_req, reply) => {
    const { ready, checks, failed } = await readiness.check();
    reply.header('cache-control', 'no-store');
    if (ready) return { status: 'ok', checks };
    return reply.code(503).send({ status: 'unavailable', failed, checks });
  });
};

/**
 * The operator console's API, registered under /admin-api (docs/admin-api.md): plain JSON, errors
 * as AdminError with their HTTP status. Every route but sign-in needs the session cookie (401
 * otherwise; a visitor's `token` header opens nothing), and every method but GET/HEAD also the
 * session's CSRF token in CSRF_HEADER (403 otherwise). Later console routes register here too,
 * with `requireRole` and `assertSite` of guards.ts and `audit` of audit.ts in their transactions.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '../../contract/admin/session.ts';
import { sameSecret } from '../auth/same-secret.ts';
import type { AdminDeps } from './admin-deps.ts';
import { findBadText } from '../protocol/parse-input.ts';
import { badField, forbidden, sendAdminError, unauthorised } from './admin-errors.ts';
import { adminMessages } from './admin-messages.ts';
import { readAdminCookie } from './admin-cookie.ts';
import { touchSession } from './admin-sessions.ts';
import { auditRoutes } from './audit-routes.ts';
import { catalogueRoutes } from './catalogue/catalogue-routes.ts';
import { dashboardRoutes } from './dashboard/dashboard-routes.ts';
import { ingestRoutes } from './ingest/ingest-routes.ts';
import { moderationRoutes } from './moderation/moderation-routes.ts';
import { moneyRoutes } from './money/money-routes.ts';
import { operatorRoutes } from './operators/operator-routes.ts';
import { pointsRoutes } from './points/points-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { settingsRoutes } from './settings/settings-routes.ts';
import { supplyRoutes } from './supply/supply-routes.ts';
import { taxonomyRoutes } from './taxonomy/taxonomy-routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An /admin-api route open without a session (sign-in only). */
    adminPublic?: boolean;
    /** Open to a session still on a one-time password (the session's own calls, the password change). */
    adminOnTemporaryPassword?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function csrfMatches(req: FastifyRequest, expected: string): boolean {
  const sent = req.headers[CSRF_HEADER];
  return typeof sent === 'string' && sameSecret(sent, expected);
}

export const adminPlugin: FastifyPluginAsync<AdminDeps> = async (api, deps) => {
  const idleMs = deps.config.ADMIN_IDLE_MINUTES * 60_000;

  api.setErrorHandler((error, req, reply) => sendAdminError(error, req, reply));
  api.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ message: adminMessages.notFound(`${req.method} ${req.url.split('?')[0]!.slice(0, 200)}`) }),
  );
  // Nothing of the console is cached anywhere.
  api.addHook('onSend', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  // Text no input may carry (protocol/parse-input.ts), for every route in one place: a 400 naming the
  // field before any handler or query runs. Query parameters and path segments are single-line.
  api.addHook('preValidation', async (req) => {
    const bad = findBadText(req.params, '', true) ?? findBadText(req.query, '', true) ?? findBadText(req.body);
    if (bad) throw badField(bad.field || 'body', adminMessages.badText(bad.field || 'body', bad.problem));
  });

  api.addHook('onRequest', async (req) => {
    if (req.routeOptions.config.adminPublic) return;
    const token = readAdminCookie(req);
    const session = token === undefined ? undefined : await touchSession(deps.db, token, deps.now(), idleMs);
    if (!session) throw unauthorised();
    if (!SAFE_METHODS.has(req.method) && !csrfMatches(req, session.csrfToken)) throw forbidden(adminMessages.csrf);
    if (session.mustChangePassword && !req.routeOptions.config.adminOnTemporaryPassword) {
      throw forbidden(adminMessages.passwordFirst);
    }
    req.adminSession = session;
  });

  // Only the deps: passing the options on would pass their prefix too (/admin-api/admin-api/…).
  const { prefix: _prefix, ...own } = deps as AdminDeps & { prefix?: string };
  for (const routes of [
    sessionRoutes,
    auditRoutes,
    operatorRoutes,
    catalogueRoutes,
    ingestRoutes,
    taxonomyRoutes,
    moderationRoutes,
    moneyRoutes,
    settingsRoutes,
    pointsRoutes,
    dashboardRoutes,
    supplyRoutes,
  ])
    await api.register(routes, own);
};

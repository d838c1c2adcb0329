/**
 * What later console routes check: `requireRole(...roles)` as a route's preHandler (super passes
 * every check), `canActOnSite(operator, siteId)` for an operator limited to some sites (and `sitesOfOperator`, the
 * sites its pickers offer), `requireEverySite(message)` before changes to what the whole station
 * group shares (titles and their episodes), and the
 * request's session (`req.adminSession`), set by the plugin's authentication hook.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { OperatorInfo, OperatorRole, SiteChoice } from '../../contract/admin/session.ts';
import type { Queryable } from '../db/db.ts';
import { adminMessages } from './admin-messages.ts';
import { forbidden, unauthorised } from './admin-errors.ts';
import type { OpenSession } from './admin-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator's session on /admin-api routes that need one (every route but sign-in). */
    adminSession?: OpenSession;
  }
}

/** The signed-in operator of a request that passed the plugin's authentication. */
export function operatorOf(req: FastifyRequest): OperatorInfo {
  if (!req.adminSession) throw unauthorised();
  return req.adminSession.operator;
}

/** A preHandler: 403 unless the operator has one of `roles` (or is super). */
export function requireRole(...roles: OperatorRole[]): preHandlerAsyncHookHandler {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const { role } = operatorOf(req);
    if (role !== 'super' && !roles.includes(role)) throw forbidden();
  };
}

/** Whether the operator may act on the site: null siteIds means every site. */
export const canActOnSite = (operator: OperatorInfo, siteId: number): boolean =>
  operator.siteIds === null || operator.siteIds.includes(siteId);

/** Throws 403 unless canActOnSite. */
export function assertSite(operator: OperatorInfo, siteId: number): void {
  if (!canActOnSite(operator, siteId)) throw forbidden(adminMessages.siteForbidden);
}

/**
 * A preHandler for changes to what every site shows: 403 with `message` unless the operator may act
 * on every site (siteIds null), as an operator limited to some sites would change the others' too.
 */
export function requireEverySite(message: string): preHandlerAsyncHookHandler {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    if (operatorOf(req).siteIds !== null) throw forbidden(message);
  };
}

/** The sites the operator may pick in the console's site pickers, by id. */
export const sitesOfOperator = (q: Queryable, operator: OperatorInfo): Promise<SiteChoice[]> =>
  q.query<SiteChoice>('SELECT id, title FROM sites WHERE $1::int[] IS NULL OR id = ANY($1::int[]) ORDER BY id', [
    operator.siteIds,
  ]);

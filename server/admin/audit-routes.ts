/**
 * GET /admin-api/audit?kind=&action=&operatorId=&from=&to=&limit=&page=&sort=&cursor=: the audit
 * log (超级管理员 only) in numbered pages by time, newest (sort=at:desc, the default) or oldest
 * first, with the total; or, naming neither page nor sort, newest first after `cursor` (the console's
 * CSV export reads so, in pages of up to AUDIT_LIMITS.pageMax). `from` and `to` are instants in ms
 * (the console turns its dates into them in the site's zone).
 */
import type { FastifyPluginAsync } from 'fastify';
import { AUDIT_KINDS, AUDIT_LIMITS, AUDIT_SORTS, type AuditKind, type AuditSort } from '../../contract/admin/audit.ts';
import { badField } from './admin-errors.ts';
import type { AdminDeps } from './admin-deps.ts';
import { listAudit } from './audit.ts';
import { requireRole } from './guards.ts';

const positiveInt = (field: string, value: unknown, max: number): number | undefined => {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value) || Number(value) > max) {
    throw badField(field);
  }
  return Number(value);
};

const oneOf = <T extends string>(field: string, value: unknown, allowed: readonly T[]): T | undefined => {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw badField(field);
  return value as T;
};

export const auditRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db }) => {
  api.get('/audit', { preHandler: requireRole('super') }, async (req) => {
    const query = req.query as Record<string, unknown>;
    const action = query.action;
    if (action !== undefined && (typeof action !== 'string' || action.length > 64)) throw badField('action');
    const from = positiveInt('from', query.from, 8.64e15);
    const to = positiveInt('to', query.to, 8.64e15);
    if (from !== undefined && to !== undefined && to <= from) throw badField('to');
    const page = positiveInt('page', query.page, AUDIT_LIMITS.pages);
    const sort = oneOf<AuditSort>('sort', query.sort, AUDIT_SORTS);
    const before = positiveInt('cursor', query.cursor, Number.MAX_SAFE_INTEGER);
    // A cursor continues the newest-first reading by id; it has no place among numbered pages.
    if (before !== undefined && (page !== undefined || sort !== undefined)) throw badField('cursor');
    return listAudit(db, {
      kind: oneOf<AuditKind>('kind', query.kind, AUDIT_KINDS),
      action: action === '' ? undefined : (action as string | undefined),
      operatorId: positiveInt('operatorId', query.operatorId, 2 ** 31 - 1),
      from,
      to,
      limit: positiveInt('limit', query.limit, AUDIT_LIMITS.pageMax),
      before,
      page,
      sort,
    });
  });
};

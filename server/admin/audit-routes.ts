/** GET /admin-api/audit?action=&operatorId=&cursor=: the audit log, newest first (超级管理员 only). */
import type { FastifyPluginAsync } from 'fastify';
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

export const auditRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db }) => {
  api.get('/audit', { preHandler: requireRole('super') }, async (req) => {
    const query = req.query as Record<string, unknown>;
    const action = query.action;
    if (action !== undefined && (typeof action !== 'string' || action.length > 64)) throw badField('action');
    return listAudit(db, {
      action: action === '' ? undefined : (action as string | undefined),
      operatorId: positiveInt('operatorId', query.operatorId, 2 ** 31 - 1),
      before: positiveInt('cursor', query.cursor, Number.MAX_SAFE_INTEGER),
    });
  });
};

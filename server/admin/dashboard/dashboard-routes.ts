/**
 * GET /admin-api/dashboard?siteId=&days=7|30|90 (docs/admin-api.md "Dashboard"): 超级管理员, 运营 and
 * 财务. Without siteId the operator's first site; a site outside an operator's sites is 403, an
 * unknown one 404. Reads only the daily aggregates (dashboard-store.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '../../../contract/admin/dashboard.ts';
import { siteDay } from '../../db/site-day.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { AdminHttpError } from '../admin-errors.ts';
import { parseInput } from '../admin-input.ts';
import { assertSite, operatorOf, requireRole, sitesOfOperator } from '../guards.ts';
import { readDashboard } from './dashboard-store.ts';

const querySchema = z.object({
  siteId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { message: 'siteId 必须是正整数' })
    .transform(Number)
    .optional(),
  days: z
    .enum(DASHBOARD_PERIODS.map(String) as [string, ...string[]], { message: 'days 必须是 7、30 或 90' })
    .optional()
    .transform((value) => Number(value ?? 7) as DashboardPeriod),
});

export const dashboardRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db, now }) => {
  api.get('/dashboard', { preHandler: requireRole('ops', 'finance') }, async (req) => {
    const query = parseInput(querySchema, req.query);
    const operator = operatorOf(req);
    const sites = await sitesOfOperator(db, operator);
    const siteId = query.siteId ?? sites[0]?.id;
    if (siteId === undefined) throw new AdminHttpError(404, '没有可查看的站点');
    assertSite(operator, siteId);
    if (!sites.some((site) => site.id === siteId)) throw new AdminHttpError(404, `站点不存在：${siteId}`);
    return readDashboard(db, { siteId, days: query.days, today: siteDay(now()), sites });
  });
};

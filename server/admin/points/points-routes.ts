/**
 * The console's 积分与签到 (docs/admin-api.md "Points tasks and the daily check-in"), 超级管理员 and
 * 运营: GET /points (the tasks and the check-in rules), PATCH /points/tasks/:id, PUT /points/checkin.
 * These settings are one set for every site, so only an operator not limited to some sites may
 * change them (403 otherwise). Every change is audited in its transaction.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminPointsSettings } from '../../../contract/admin/points.ts';
import { checkinRules, updateCheckinRules, type CheckinRules } from '../../db/checkin-rules.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { AdminHttpError, badField, forbidden } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { operatorOf, requireRole } from '../guards.ts';
import { checkinRulesSchema, taskChangeSchema, taskIdSchema } from './points-input.ts';
import { findTask, listTasks, updateTask } from './points-store.ts';

const ALL_SITES_ONLY = '积分任务与签到规则对所有站点生效，只有不限站点的管理员可以修改';

const rulesView = (rules: CheckinRules) => ({
  basePoints: rules.basePoints,
  milestones: rules.milestones,
  makeupCardsPerMonth: rules.makeupCardsPerMonth,
});

export const pointsRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db }) => {
  const editors = { preHandler: requireRole('ops') };

  api.get('/points', editors, async (req): Promise<AdminPointsSettings> => {
    const [tasks, rules] = await Promise.all([listTasks(db), checkinRules(db)]);
    return { tasks, checkin: rulesView(rules), canEdit: operatorOf(req).siteIds === null };
  });

  api.patch('/points/tasks/:id', editors, async (req) => {
    const { id } = parseInput(taskIdSchema, req.params);
    const change = parseInput(taskChangeSchema, req.body);
    if (operatorOf(req).siteIds !== null) throw forbidden(ALL_SITES_ONLY);
    return db.tx(async (q) => {
      const before = await findTask(q, id, true);
      if (!before) throw new AdminHttpError(404, `任务不存在：${id}`);
      if (before.key === 'checkin' && change.target !== undefined && change.target !== 1)
        throw badField('target', '每日签到的 target 只能是 1');
      const after = await updateTask(q, id, change);
      await audit(q, {
        ...auditOf(req),
        action: 'pointTask.update',
        targetType: 'pointTask',
        targetId: id,
        before,
        after,
      });
      return after;
    });
  });

  api.put('/points/checkin', editors, async (req) => {
    const change = parseInput(checkinRulesSchema, req.body);
    if (operatorOf(req).siteIds !== null) throw forbidden(ALL_SITES_ONLY);
    return db.tx(async (q) => {
      const before = await checkinRules(q);
      if (before.taskId === null) throw new AdminHttpError(404, '没有每日签到任务');
      const after = rulesView(await updateCheckinRules(q, change));
      await audit(q, {
        ...auditOf(req),
        action: 'checkinRules.update',
        targetType: 'checkinRules',
        targetId: null,
        before: rulesView(before),
        after,
      });
      return after;
    });
  });
};

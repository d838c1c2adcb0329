/**
 * The console's moderation calls under /admin-api (docs/admin-api.md, 审核), for 审核 and
 * 超级管理员: the queue (GET /moderation?type=&state=&cursor=), the bursts of reports against one
 * member (GET /moderation/bursts) and decisions on the queue's items (POST /moderation/:id
 * {action, reason}, ids as in contract/admin/moderation.ts), plus the sanctions, the
 * sensitive-word list and first-post review, each in its own module.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  MODERATION_ACTIONS,
  MODERATION_KINDS,
  MODERATION_LIMITS,
  QUEUE_STATES,
  type ModerationItem,
  type ModerationPage,
  type ReportBurst,
} from '../../../contract/admin/moderation.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { AdminHttpError, badField } from '../admin-errors.ts';
import { parseInput } from '../admin-input.ts';
import { operatorOf, requireRole } from '../guards.ts';
import { decide } from './decide.ts';
import { itemIdsSchema, itemRefOf, reasonSchema } from './moderation-input.ts';
import { encodeCursor, queueKeys } from './queue-keys.ts';
import { loadItems } from './queue-items.ts';
import { reportBursts } from './report-bursts.ts';
import { reviewRoutes } from './review-routes.ts';
import { sanctionRoutes } from './sanction-routes.ts';
import { wordRoutes } from './word-routes.ts';

const listSchema = z.object({
  type: z.union([z.enum(MODERATION_KINDS), z.literal('')]).optional(),
  state: z.union([z.enum(QUEUE_STATES), z.literal('')]).optional(),
  cursor: z.string().max(200).optional(),
});

const decisionSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { message: '操作应为 通过、隐藏 或 删除' }),
  reason: z
    .string()
    .max(MODERATION_LIMITS.reason, { message: `原因最多 ${MODERATION_LIMITS.reason} 个字` })
    .optional(),
});

const bulkDecisionSchema = decisionSchema.extend({ ids: itemIdsSchema });

export const moderationRoutes: FastifyPluginAsync<AdminDeps> = async (api, deps) => {
  const { db } = deps;
  const moderator = { preHandler: requireRole('moderator') };

  api.get('/moderation', moderator, async (req): Promise<ModerationPage> => {
    const query = parseInput(listSchema, req.query);
    const state = query.state || 'pending';
    const keys = await queueKeys(db, {
      state,
      kind: query.type || undefined,
      siteIds: operatorOf(req).siteIds,
      cursor: query.cursor || undefined,
      limit: MODERATION_LIMITS.pageSize,
    });
    const shown = keys.slice(0, MODERATION_LIMITS.pageSize);
    return {
      list: await loadItems(db, shown),
      nextCursor: keys.length > shown.length ? encodeCursor(shown.at(-1)!) : null,
    };
  });

  api.get('/moderation/bursts', moderator, async (req): Promise<ReportBurst[]> =>
    reportBursts(db, operatorOf(req).siteIds),
  );

  api.get('/moderation/:id', moderator, async (req): Promise<ModerationItem> => {
    const ref = itemRefOf(req);
    const [item] = await loadItems(db, [ref]);
    if (!item) throw new AdminHttpError(404, `内容不存在：${ref.type}:${ref.id}`);
    const operator = operatorOf(req);
    if (operator.siteIds !== null && (item.siteId === null || !operator.siteIds.includes(item.siteId)))
      throw new AdminHttpError(403, '没有该站点的权限');
    return item;
  });

  /** The decision's reason: required (and trimmed, within the limit) unless it approves. */
  const reasonOf = (input: z.infer<typeof decisionSchema>): string => {
    if (input.action === 'approve') return (input.reason ?? '').trim();
    const { reason } = parseInput(z.object({ reason: reasonSchema }), { reason: input.reason });
    if (reason === '') throw badField('reason', '请填写原因');
    return reason;
  };

  api.post('/moderation/:id', moderator, async (req): Promise<ModerationItem> => {
    const ref = itemRefOf(req);
    const input = parseInput(decisionSchema, req.body);
    const reason = reasonOf(input);
    await db.tx((q) => decide(q, { ...ref, action: input.action, reason, operator: operatorOf(req), address: req.ip }));
    const [item] = await loadItems(db, [ref]);
    return item!;
  });

  // Several items with one decision and one reason (the queue's bulk 隐藏, and its undo): all or none.
  api.post('/moderation/decisions', moderator, async (req): Promise<ModerationItem[]> => {
    const input = parseInput(bulkDecisionSchema, req.body);
    const reason = reasonOf(input);
    const operator = operatorOf(req);
    await db.tx(async (q) => {
      for (const ref of input.ids) await decide(q, { ...ref, action: input.action, reason, operator, address: req.ip });
    });
    return loadItems(db, input.ids);
  });

  await api.register(sanctionRoutes, deps);
  await api.register(wordRoutes, deps);
  await api.register(reviewRoutes, deps);
};

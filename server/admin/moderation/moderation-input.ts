/** Input shapes the moderation routes share: a decision's or sanction's reason, an item id. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MODERATION_LIMITS, MODERATION_TARGETS, type ModerationTarget } from '../../../contract/admin/moderation.ts';
import { badField } from '../admin-errors.ts';

export const reasonSchema = z
  .string({ message: '请填写原因' })
  .trim()
  .min(1, { message: '请填写原因' })
  .max(MODERATION_LIMITS.reason, { message: `原因最多 ${MODERATION_LIMITS.reason} 个字` });

const ITEM_ID = new RegExp(`^(${MODERATION_TARGETS.join('|')}):([1-9]\\d{0,15})$`);

/** The :id of an item route, e.g. "reply:12"; 400 naming id otherwise. */
export function itemRefOf(req: FastifyRequest): { type: ModerationTarget; id: number } {
  const match = ITEM_ID.exec((req.params as { id?: string }).id ?? '');
  if (!match) throw badField('id', 'id 应为 reply:123、post:45、danmaku:6 或 user:7 的形式');
  return { type: match[1] as ModerationTarget, id: Number(match[2]) };
}

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

const ITEM_ID_MESSAGE = '编号应为 reply:123、post:45、danmaku:6 或 user:7 的形式';
const ITEM_ID = new RegExp(`^(${MODERATION_TARGETS.join('|')}):([1-9]\\d{0,15})$`);

/** An item's id as its routes and the bulk decision name it ("reply:12"); null when it is not one. */
export function parseItemId(value: string): { type: ModerationTarget; id: number } | null {
  const match = ITEM_ID.exec(value);
  return match ? { type: match[1] as ModerationTarget, id: Number(match[2]) } : null;
}

/** The :id of an item route, e.g. "reply:12"; 400 naming id otherwise. */
export function itemRefOf(req: FastifyRequest): { type: ModerationTarget; id: number } {
  const ref = parseItemId((req.params as { id?: string }).id ?? '');
  if (!ref) throw badField('id', ITEM_ID_MESSAGE);
  return ref;
}

/** The ids of a bulk decision: 1-MODERATION_LIMITS.bulk items, each once. */
export const itemIdsSchema = z
  .array(z.string().max(40), { message: '请选择要处理的内容' })
  .min(1, { message: '请选择要处理的内容' })
  .max(MODERATION_LIMITS.bulk, { message: `一次最多处理 ${MODERATION_LIMITS.bulk} 条` })
  .transform((ids, ctx) => {
    const refs = ids.map(parseItemId);
    if (refs.some((ref) => ref === null) || new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: ITEM_ID_MESSAGE });
      return z.NEVER;
    }
    return refs as Array<{ type: ModerationTarget; id: number }>;
  });

/** The console's points input: zod schemas whose messages name the field (parseInput → 400). */
import { z } from 'zod';
import { POINTS_LIMITS as L } from '../../../contract/admin/points.ts';

const int = (field: string, min: number, max: number) =>
  z
    .number({ message: `${field} 必须是数字` })
    .int(`${field} 必须是整数`)
    .min(min, `${field} 不能小于 ${min}`)
    .max(max, `${field} 不能大于 ${max}`);

const text = (field: string, min: number, max: number) =>
  z
    .string({ message: `${field} 必须是文字` })
    .trim()
    .min(min, min === 1 ? `请填写 ${field}` : `${field} 至少 ${min} 个字`)
    .max(max, `${field} 最多 ${max} 个字`);

export const taskIdSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { message: 'id 必须是正整数' })
    .transform(Number),
});

export const taskChangeSchema = z
  .object({
    name: text('name', 1, L.nameMax).optional(),
    description: text('description', 0, L.descriptionMax).optional(),
    points: int('points', 1, L.pointsMax).optional(),
    target: int('target', 1, L.targetMax).optional(),
    enabled: z.boolean({ message: 'enabled 必须是 true 或 false' }).optional(),
    sort: int('sort', 0, L.sortMax).optional(),
  })
  .strict()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: '没有要修改的字段',
    path: ['body'],
  });

const milestoneSchema = z.object({
  days: int('days', L.milestoneDaysMin, L.milestoneDaysMax),
  points: int('points', 1, L.pointsMax),
});

export const checkinRulesSchema = z
  .object({
    basePoints: int('basePoints', 1, L.pointsMax),
    milestones: z
      .array(milestoneSchema, { message: 'milestones 必须是列表' })
      .max(L.milestonesMax, `milestones 最多 ${L.milestonesMax} 个`),
    makeupCardsPerMonth: int('makeupCardsPerMonth', 0, L.makeupCardsMax),
  })
  .superRefine((rules, ctx) => {
    const seen = new Set<number>();
    rules.milestones.forEach((milestone, index) => {
      if (seen.has(milestone.days))
        ctx.addIssue({
          code: 'custom',
          message: `连续天数 ${milestone.days} 重复了`,
          path: ['milestones', index, 'days'],
        });
      seen.add(milestone.days);
    });
  });

/**
 * First-post review per site (moderation_settings; what it holds is server/moderation/first-post-review.ts):
 * GET /moderation/settings answers the operator's sites with their switch, PUT /moderation/settings
 * {siteId, firstPostReview, newAccountDays} changes one site's (audited as moderation.settings).
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ReviewSettings } from '../../../contract/admin/moderation.ts';
import type { Queryable } from '../../db/db.ts';
import { DEFAULT_REVIEW } from '../../moderation/first-post-review.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { AdminHttpError } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { assertSite, operatorOf, requireRole } from '../guards.ts';

const putSchema = z.object({
  siteId: z.number().int().positive(),
  firstPostReview: z.boolean(),
  newAccountDays: z
    .number()
    .int()
    .min(1, { message: '新账号天数应为 1-365' })
    .max(365, { message: '新账号天数应为 1-365' }),
});

const settingsOf = (q: Queryable, siteIds: number[] | null) =>
  q.query<ReviewSettings>(
    `SELECT s.id AS "siteId", s.title AS "siteTitle",
       coalesce(m.first_post_review, $2) AS "firstPostReview", coalesce(m.new_account_days, $3) AS "newAccountDays"
     FROM sites s LEFT JOIN moderation_settings m ON m.site_id = s.id
     WHERE $1::int[] IS NULL OR s.id = ANY($1::int[]) ORDER BY s.id`,
    [siteIds, DEFAULT_REVIEW.firstPostReview, DEFAULT_REVIEW.newAccountDays],
  );

export const reviewRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db }) => {
  api.get('/moderation/settings', { preHandler: requireRole('moderator') }, async (req) =>
    settingsOf(db, operatorOf(req).siteIds),
  );

  api.put('/moderation/settings', { preHandler: requireRole('moderator') }, async (req) => {
    const input = parseInput(putSchema, req.body);
    assertSite(operatorOf(req), input.siteId);
    return db.tx(async (q) => {
      const [before] = await settingsOf(q, [input.siteId]);
      if (!before) throw new AdminHttpError(404, `站点不存在：${input.siteId}`);
      await q.query(
        `INSERT INTO moderation_settings (site_id, first_post_review, new_account_days, updated_at)
         VALUES ($1, $2, $3, now())
         ON CONFLICT (site_id) DO UPDATE SET first_post_review = EXCLUDED.first_post_review,
           new_account_days = EXCLUDED.new_account_days, updated_at = now()`,
        [input.siteId, input.firstPostReview, input.newAccountDays],
      );
      await audit(q, {
        ...auditOf(req),
        action: 'moderation.settings',
        targetType: 'site',
        targetId: input.siteId,
        before: { firstPostReview: before.firstPostReview, newAccountDays: before.newAccountDays },
        after: { firstPostReview: input.firstPostReview, newAccountDays: input.newAccountDays },
      });
      const [after] = await settingsOf(q, [input.siteId]);
      return after!;
    });
  });
};

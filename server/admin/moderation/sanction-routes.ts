/**
 * Members' mutes and bans from the console: GET /users/:id/sanctions (the current state, every
 * role: the 用户 page shows it), POST /users/:id/mute|ban {until, reason} (until ms, 'permanent',
 * or null to lift) and DELETE /users/:id/mute|ban (lift; {reason} optional), 审核 and 超级管理员
 * only, for members of the operator's sites; POST /users/sanctions {userIds, kind, until, reason}
 * sets one mute or ban on many members in one transaction (a member outside the operator's sites, or
 * gone, refuses the whole call). Each change tells the member in 系统通知 and is audited (user.mute,
 * user.unmute, user.ban, user.unban), one row a member. What a sanction refuses is
 * server/moderation/sanctions.ts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MODERATION_LIMITS,
  SANCTION_BULK_MAX,
  type BulkSanctionResult,
  type SanctionState,
  type UserSanctions,
} from '../../../contract/admin/moderation.ts';
import type { Queryable } from '../../db/db.ts';
import { addNotices } from '../../db/notices.ts';
import { sanctionMessage, type SanctionKind } from '../../moderation/sanctions.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { AdminHttpError, badField } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { assertSite, operatorOf, requireRole } from '../guards.ts';
import { reasonSchema } from './moderation-input.ts';

const inputSchema = z.object({
  until: z.union([z.number().int().positive(), z.literal('permanent'), z.null()], {
    message: 'until 应为结束时间（毫秒时间戳）、"permanent" 或 null（解除）',
  }),
  reason: z.string().max(MODERATION_LIMITS.reason).optional(),
});
const liftSchema = z.object({ reason: z.string().max(MODERATION_LIMITS.reason).optional() });
const bulkSchema = z.object({
  userIds: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), { message: '请选择用户' })
    .min(1, '请选择用户')
    .max(SANCTION_BULK_MAX, `一次最多选择 ${SANCTION_BULK_MAX} 位用户`),
  kind: z.enum(['mute', 'ban'], { message: 'kind 应为 mute（禁言）或 ban（封禁）' }),
  until: z.union([z.number().int().positive(), z.literal('permanent')], {
    message: 'until 应为结束时间（毫秒时间戳）或 "permanent"',
  }),
  reason: reasonSchema,
});

const KINDS: Record<string, SanctionKind> = { mute: 'mute', ban: 'ban' };
const VERB: Record<SanctionKind, string> = { mute: '禁言', ban: '封禁' };
/** The furthest end a period may have (beyond it, use 'permanent'). */
const MAX_PERIOD_MS = 10 * 365 * 86_400_000;

function userIdOf(req: FastifyRequest): number {
  const raw = (req.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw badField('id');
  return Number(raw);
}

async function lockMember(q: Queryable, userId: number) {
  const row = await q.one<{ siteId: number; nickname: string }>(
    'SELECT site_id AS "siteId", nickname FROM users WHERE id = $1 FOR NO KEY UPDATE',
    [userId],
  );
  if (!row) throw new AdminHttpError(404, `用户不存在：${userId}`);
  return row;
}

export async function readSanctions(q: Queryable, userId: number, now: number): Promise<UserSanctions> {
  const user = await q.one<{ siteId: number; nickname: string }>(
    'SELECT site_id AS "siteId", nickname FROM users WHERE id = $1',
    [userId],
  );
  if (!user) throw new AdminHttpError(404, `用户不存在：${userId}`);
  const rows = await q.query<{
    kind: SanctionKind;
    until: Date | null;
    reason: string;
    at: Date;
    operator: string | null;
  }>(
    `SELECT s.kind, s.until, s.reason, s.created_at AS at, o.username AS operator
     FROM user_sanctions s LEFT JOIN operators o ON o.id = s.operator_id
     WHERE s.user_id = $1 AND (s.until IS NULL OR s.until > $2::timestamptz)`,
    [userId, new Date(now).toISOString()],
  );
  const of = (kind: SanctionKind): SanctionState | null => {
    const row = rows.find((r) => r.kind === kind);
    return row
      ? {
          until: row.until ? row.until.getTime() : null,
          reason: row.reason,
          at: row.at.getTime(),
          operator: row.operator,
        }
      : null;
  };
  return { userId, nickname: user.nickname, siteId: user.siteId, mute: of('mute'), ban: of('ban') };
}

export const sanctionRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db, now }) => {
  api.get('/users/:id/sanctions', { preHandler: requireRole('moderator', 'ops', 'finance') }, async (req) => {
    const userId = userIdOf(req);
    const state = await readSanctions(db, userId, now());
    assertSite(operatorOf(req), state.siteId);
    return state;
  });

  /**
   * Sets (until not null) or lifts (null) the member's sanction of `kind` in the transaction `q`:
   * the member told in 系统通知 (a lift only of a sanction in force) and the change audited.
   */
  async function changeIn(
    q: Queryable,
    req: FastifyRequest,
    userId: number,
    kind: SanctionKind,
    until: number | 'permanent' | null,
    reason: string,
    at: number,
  ): Promise<{ nickname: string }> {
    const operator = operatorOf(req);
    const member = await lockMember(q, userId);
    assertSite(operator, member.siteId);
    const before = (await readSanctions(q, userId, at))[kind];
    let text: string;
    if (until === null) {
      await q.query('DELETE FROM user_sanctions WHERE user_id = $1 AND kind = $2', [userId, kind]);
      text = `你的${VERB[kind]}已解除${reason ? `，说明：${reason}` : ''}`;
    } else {
      const end = until === 'permanent' ? null : new Date(until).toISOString();
      await q.query(
        `INSERT INTO user_sanctions (user_id, kind, until, reason, operator_id, created_at)
         VALUES ($1, $2, $3::timestamptz, $4, $5, $6::timestamptz)
         ON CONFLICT (user_id, kind) DO UPDATE SET until = EXCLUDED.until, reason = EXCLUDED.reason,
           operator_id = EXCLUDED.operator_id, created_at = EXCLUDED.created_at`,
        [userId, kind, end, reason, operator.id, new Date(at).toISOString()],
      );
      text = sanctionMessage({ kind, until: until === 'permanent' ? null : until, reason });
    }
    if (until !== null || before) {
      await addNotices(q, [
        {
          userId,
          type: 'system',
          actorId: null,
          replyId: null,
          targetType: null,
          targetId: null,
          excerpt: text,
          link: '',
        },
      ]);
    }
    await audit(q, {
      ...auditOf(req),
      action: until === null ? `user.un${kind}` : `user.${kind}`,
      targetType: 'user',
      targetId: userId,
      before,
      after: until === null ? null : { until: until === 'permanent' ? null : until, reason },
    });
    return { nickname: member.nickname };
  }

  const checkUntil = (until: number | 'permanent' | null, at: number) => {
    if (until !== null && until !== 'permanent' && (until <= at || until > at + MAX_PERIOD_MS))
      throw badField('until', '结束时间应晚于现在，且不超过 10 年（更长请选永久）');
  };

  async function change(req: FastifyRequest, kind: SanctionKind, until: number | 'permanent' | null, reason: string) {
    const userId = userIdOf(req);
    const at = now();
    checkUntil(until, at);
    await db.tx((q) => changeIn(q, req, userId, kind, until, reason, at));
    return readSanctions(db, userId, now());
  }

  api.post('/users/sanctions', { preHandler: requireRole('moderator') }, async (req): Promise<BulkSanctionResult> => {
    const { userIds, kind, until, reason } = parseInput(bulkSchema, req.body);
    const at = now();
    checkUntil(until, at);
    // Locked in id order, so two bulk calls over the same members never wait on each other in a circle.
    const ids = [...new Set(userIds)].sort((a, b) => a - b);
    const results = await db.tx(async (q) => {
      const done: BulkSanctionResult['results'] = [];
      for (const userId of ids) {
        const { nickname } = await changeIn(q, req, userId, kind, until, reason, at);
        const state = (await readSanctions(q, userId, at))[kind]!;
        done.push({ userId, nickname, sanction: state });
      }
      return done;
    });
    return { results };
  });

  for (const path of ['mute', 'ban'] as const) {
    const kind = KINDS[path]!;
    api.post(`/users/:id/${path}`, { preHandler: requireRole('moderator') }, async (req) => {
      const input = parseInput(inputSchema, req.body);
      const reason =
        input.until === null
          ? (input.reason ?? '').trim()
          : parseInput(z.object({ reason: reasonSchema }), { reason: input.reason }).reason;
      return change(req, kind, input.until, reason);
    });
    api.delete(`/users/:id/${path}`, { preHandler: requireRole('moderator') }, async (req) => {
      const input = parseInput(liftSchema, req.body ?? {});
      return change(req, kind, null, (input.reason ?? '').trim());
    });
  }
};

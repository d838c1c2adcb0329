/**
 * 操作员 (超级管理员 only): list, create (a one-time password and a TOTP secret shown once), change
 * role, sites or the disabled mark, renew a password or TOTP secret; and every operator's own
 * password change, the one call open while on a one-time password besides the session's own (the
 * rule a new password passes: server/admin/passwords.ts; guesses of the current one are limited:
 * server/admin/sign-in-limits.ts).
 * A super cannot demote or disable itself, and the group always keeps one active super. Disabling or
 * renewing ends the operator's sessions. Every change is audited, secrets never.
 */
import type { FastifyPluginAsync } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  type OperatorCredentials,
  type OperatorList,
  type OperatorListItem,
} from '../../../contract/admin/operators.ts';
import { OPERATOR_ROLES } from '../../../contract/admin/session.ts';
import type { Queryable } from '../../db/db.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { AdminHttpError, badField } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { endSessionsOf } from '../admin-sessions.ts';
import { audit } from '../audit.ts';
import { operatorOf, requireRole } from '../guards.ts';
import { createOperator, OperatorInputError } from '../operators.ts';
import {
  hashPassword,
  newPasswordProblem,
  normalisePassword,
  verifyPassword,
  type PasswordProblem,
} from '../passwords.ts';
import { answerOf } from '../session-routes.ts';
import { beginPasswordCheck } from '../sign-in-limits.ts';
import { totpUri } from '../totp.ts';
import { operatorMessages as text } from './operator-messages.ts';
import {
  findOperator,
  listOperators,
  otherActiveSupers,
  passwordHashOf,
  renewCredentials,
  setOwnPassword,
  updateOperator,
} from './operator-store.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const siteIds = z.array(z.number().int().positive()).min(1).max(100).nullable();
const newOperator = z.object({
  username: z.string().trim(),
  role: z.enum(OPERATOR_ROLES, { message: text.role }),
  siteIds: siteIds.default(null),
});
const change = z
  .object({ role: z.enum(OPERATOR_ROLES, { message: text.role }), siteIds, disabled: z.boolean() })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: text.nothingToChange });
const reset = z
  .object({ password: z.boolean().default(false), totp: z.boolean().default(false) })
  .refine((value) => value.password || value.totp, { message: text.nothingToReset });
const passwordChange = z.object({ current: z.string().max(256), next: z.string() });

async function assertSitesExist(q: Queryable, ids: number[] | null | undefined): Promise<void> {
  if (!ids) return;
  const rows = await q.query<{ id: number }>('SELECT id FROM sites WHERE id = ANY($1::int[])', [ids]);
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) throw badField('siteIds', text.unknownSites(missing));
}

async function credentialsOf(
  operator: OperatorListItem,
  password: string | null,
  secret: string | null,
): Promise<OperatorCredentials> {
  if (!secret) return { operator, password, totp: null };
  const otpauthUrl = totpUri(operator.username, secret);
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return { operator, password, totp: { secret, otpauthUrl, qrSvg } };
}

const passwordProblems: Record<PasswordProblem, string> = {
  length: text.length,
  mix: text.mix,
  username: text.hasUsername,
  common: text.common,
};

export const operatorRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db, config, shared }) => {
  const superOnly = { preHandler: requireRole() };

  api.get('/operators', superOnly, async (): Promise<OperatorList> => ({ list: await listOperators(db) }));

  api.post('/operators', superOnly, async (req): Promise<OperatorCredentials> => {
    const input = parseInput(newOperator, req.body);
    return db.tx(async (q) => {
      await assertSitesExist(q, input.siteIds);
      let made;
      try {
        made = await createOperator(q, { ...input, temporaryPassword: true });
      } catch (error) {
        if (error instanceof OperatorInputError) {
          const message =
            error.similarTo === undefined
              ? (text.input[error.field] ?? error.message)
              : text.usernameTaken(error.similarTo);
          throw badField(error.field === 'sites' ? 'siteIds' : error.field, message);
        }
        throw error;
      }
      const operator = (await findOperator(q, made.operator.id))!;
      await audit(q, {
        ...auditOf(req),
        action: 'operator.create',
        targetType: 'operator',
        targetId: operator.id,
        after: made.operator,
      });
      return credentialsOf(operator, made.password, made.totpSecret);
    });
  });

  api.patch('/operators/:id', superOnly, async (req): Promise<OperatorListItem> => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(change, req.body);
    const me = operatorOf(req);
    return db.tx(async (q) => {
      const before = await findOperator(q, id, true);
      if (!before) throw new AdminHttpError(404, text.notFound(id));
      if (id === me.id && input.role !== undefined && input.role !== before.role) throw badField('role', text.ownRole);
      if (id === me.id && input.disabled) throw badField('disabled', text.ownDisable);
      const losesSuper =
        before.role === 'super' && !before.disabled && ((input.role ?? 'super') !== 'super' || input.disabled === true);
      if (losesSuper && (await otherActiveSupers(q, id)) === 0)
        throw badField(input.disabled ? 'disabled' : 'role', text.lastSuper);
      await assertSitesExist(q, input.siteIds);
      await updateOperator(q, id, input);
      if (input.disabled) await endSessionsOf(q, id);
      const after = (await findOperator(q, id))!;
      await audit(q, {
        ...auditOf(req),
        action: 'operator.update',
        targetType: 'operator',
        targetId: id,
        before: pick(before, input),
        after: pick(after, input),
      });
      return after;
    });
  });

  api.post('/operators/:id/reset', superOnly, async (req): Promise<OperatorCredentials> => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(reset, req.body);
    const keep = id === operatorOf(req).id ? req.adminSession!.sessionId : null;
    return db.tx(async (q) => {
      if (!(await findOperator(q, id, true))) throw new AdminHttpError(404, text.notFound(id));
      const renewed = await renewCredentials(q, id, input);
      await endSessionsOf(q, id, keep);
      await audit(q, { ...auditOf(req), action: 'operator.reset', targetType: 'operator', targetId: id, after: input });
      return credentialsOf((await findOperator(q, id))!, renewed.password, renewed.totpSecret);
    });
  });

  api.post('/session/password', { config: { adminOnTemporaryPassword: true } }, async (req) => {
    const input = parseInput(passwordChange, req.body);
    const session = req.adminSession!;
    const me = operatorOf(req);
    if (normalisePassword(input.next) === normalisePassword(input.current)) throw badField('next', text.same);
    const problem = newPasswordProblem(input.next, me.username);
    if (problem) throw badField('next', passwordProblems[problem]);
    const hash = await hashPassword(input.next);
    // Guesses of the current password are limited per operator and per address (429 on current).
    const limited = config.RATE_LIMITS === 'on' ? await beginPasswordCheck(shared, me.id, req.ip) : undefined;
    await db.tx(async (q) => {
      const stored = await passwordHashOf(q, me.id);
      if (!stored || !(await verifyPassword(input.current, stored))) throw badField('current', text.wrongCurrent);
      await limited?.passed();
      await setOwnPassword(q, me.id, hash);
      // Anyone else signed in with the old password is signed out.
      await endSessionsOf(q, me.id, session.sessionId);
      await audit(q, { ...auditOf(req), action: 'operator.passwordChange', targetType: 'operator', targetId: me.id });
    });
    return answerOf({ ...session, mustChangePassword: false });
  });
};

/** The listed fields of `item` that `change` names (the audit's before and after). */
function pick(item: OperatorListItem, change: object): Partial<OperatorListItem> {
  const keys = Object.keys(change) as Array<keyof OperatorListItem>;
  return Object.fromEntries(keys.map((key) => [key, item[key]]));
}

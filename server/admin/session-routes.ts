/**
 * POST /admin-api/session {username, password, totp}: sign-in (limited per username and address,
 * per address and per username so that no one can lock its owner out: sign-in-limits.ts; one
 * answer for any wrong part); GET: the current session; DELETE: sign-out. Sign-ins, failed ones
 * included, and sign-outs are audited.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AdminSession, SiteChoice } from '../../contract/admin/session.ts';
import { getSiteZone } from '../db/site-day.ts';
import { textProblem } from '../protocol/parse-input.ts';
import { AdminHttpError, badField } from './admin-errors.ts';
import { adminMessages } from './admin-messages.ts';
import { clearAdminCookie, setAdminCookie } from './admin-cookie.ts';
import { endSession, SESSION_MAX_MS, startSession, type OpenSession } from './admin-sessions.ts';
import type { AdminDeps } from './admin-deps.ts';
import { audit } from './audit.ts';
import { operatorOf, sitesOfOperator } from './guards.ts';
import { findOperatorForSignIn, useTotpStep } from './operators.ts';
import { verifyNothing, verifyPassword } from './passwords.ts';
import { beginSignIn } from './sign-in-limits.ts';
import { checkTotp } from './totp.ts';

const FIELD_MAX = { username: 64, password: 256, totp: 16 } as const;
type Field = keyof typeof FIELD_MAX;

function readSignIn(body: unknown): Record<Field, string> {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const out = {} as Record<Field, string>;
  for (const field of Object.keys(FIELD_MAX) as Field[]) {
    const value = input[field];
    if (value === undefined || value === null || value === '') throw badField(field, adminMessages.missing[field]);
    if (typeof value !== 'string' || value.length > FIELD_MAX[field]) throw badField(field);
    out[field] = field === 'password' ? value : value.trim();
  }
  const problem = textProblem(out.username, true);
  if (problem) throw badField('username', adminMessages.badText('username', problem));
  return out;
}

export const answerOf = (session: OpenSession): AdminSession => ({
  operator: session.operator,
  csrfToken: session.csrfToken,
  idleExpiresAt: session.idleExpiresAt,
  mustChangePassword: session.mustChangePassword,
  timeZone: getSiteZone(),
});

const currentSession = (req: FastifyRequest): OpenSession => {
  operatorOf(req);
  return req.adminSession!;
};

export const sessionRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db, config, shared, now }) => {
  const idleMs = config.ADMIN_IDLE_MINUTES * 60_000;

  api.post('/session', { config: { adminPublic: true } }, async (req, reply) => {
    const input = readSignIn(req.body);
    const address = req.ip;
    const limited = config.RATE_LIMITS === 'on' ? await beginSignIn(shared, input.username, address) : undefined;
    const operator = await findOperatorForSignIn(db, input.username);
    const passwordOk = operator
      ? await verifyPassword(input.password, operator.passwordHash)
      : await verifyNothing(input.password);
    const time = now();
    const step =
      operator && passwordOk ? await checkTotp(operator.totpSecret, input.totp, time, operator.totpLastStep) : null;
    const session =
      operator && step !== null
        ? await db.tx(async (q) => {
            // Two sign-ins racing with one code: only the first marks the step used.
            if (!(await useTotpStep(q, operator.id, step))) return undefined;
            // Only the operator's info: never the row with its hash and TOTP secret.
            const { id, username, role, siteIds, mustChangePassword } = operator;
            const opened = await startSession(
              q,
              { id, username, role, siteIds },
              mustChangePassword,
              address,
              time,
              idleMs,
            );
            await audit(q, {
              operatorId: operator.id,
              action: 'session.signIn',
              targetType: 'operator',
              targetId: operator.id,
              address,
              at: time,
            });
            return opened;
          })
        : undefined;
    if (!session) {
      await audit(db, {
        operatorId: operator?.id ?? null,
        action: 'session.signInFailed',
        targetType: 'operator',
        targetId: operator?.id ?? input.username.slice(0, 64),
        address,
        at: time,
      });
      throw (await limited?.failed()) ?? new AdminHttpError(401, adminMessages.signInFailed);
    }
    await limited?.passed();
    setAdminCookie(req, reply, session.token, SESSION_MAX_MS);
    return answerOf(session);
  });

  api.get('/session', { config: { adminOnTemporaryPassword: true } }, async (req) => answerOf(currentSession(req)));

  /** The sites this operator may act on, by name, for the console's site pickers and labels. */
  api.get('/session/sites', async (req): Promise<{ list: SiteChoice[] }> => ({
    list: await sitesOfOperator(db, operatorOf(req)),
  }));

  api.delete('/session', { config: { adminOnTemporaryPassword: true } }, async (req, reply) => {
    const session = currentSession(req);
    await db.tx(async (q) => {
      await endSession(q, session.sessionId);
      await audit(q, {
        operatorId: session.operator.id,
        action: 'session.signOut',
        targetType: 'operator',
        targetId: session.operator.id,
        address: req.ip,
        at: now(),
      });
    });
    clearAdminCookie(req, reply);
    return reply.code(204).send();
  });
};

/**
 * Operators' sessions: a random token in the HttpOnly cookie, only its sha256 stored; a CSRF token
 * per session. A session ends after `idleMs` without a request (each request moves that on) and
 * at the latest SESSION_MAX_MS after sign-in, whatever happens. All times come from the app's clock.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { OperatorInfo } from '../../contract/admin/session.ts';
import type { Queryable } from '../db/db.ts';

/** The absolute lifetime of a session: a working day. */
export const SESSION_MAX_MS = 12 * 3600_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export interface OpenSession {
  sessionId: number;
  operator: OperatorInfo;
  /** On a one-time password: only the session calls and the password change are open. */
  mustChangePassword: boolean;
  csrfToken: string;
  /** When it ends if unused (the earlier of the idle and the absolute end). */
  idleExpiresAt: number;
}

export interface NewSession extends OpenSession {
  /** The cookie's value; shown once. */
  token: string;
}

const endOf = (createdAt: number, idleEnd: number) => Math.min(idleEnd, createdAt + SESSION_MAX_MS);

export async function startSession(
  q: Queryable,
  operator: OperatorInfo,
  mustChangePassword: boolean,
  address: string,
  now: number,
  idleMs: number,
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const row = await q.one<{ id: number }>(
    `INSERT INTO operator_sessions (token_hash, csrf_token, operator_id, created_at, last_seen_at, idle_expires_at, address)
     VALUES ($1, $2, $3, $4, $4, $5, $6) RETURNING id`,
    [hashToken(token), csrfToken, operator.id, new Date(now), new Date(now + idleMs), address],
  );
  return {
    sessionId: row!.id,
    operator,
    mustChangePassword,
    csrfToken,
    token,
    idleExpiresAt: endOf(now, now + idleMs),
  };
}

interface SessionRow {
  sessionId: number;
  csrfToken: string;
  createdAt: Date;
  id: number;
  username: string;
  role: OperatorInfo['role'];
  siteIds: number[] | null;
  mustChangePassword: boolean;
}

/** The live session of `token`, its idle end moved on; undefined when unknown, expired or disabled. */
export async function touchSession(
  q: Queryable,
  token: string,
  now: number,
  idleMs: number,
): Promise<OpenSession | undefined> {
  const row = await q.one<SessionRow>(
    `UPDATE operator_sessions s SET last_seen_at = $2, idle_expires_at = $3
       FROM operators o
      WHERE s.token_hash = $1 AND o.id = s.operator_id AND o.disabled_at IS NULL
        AND s.idle_expires_at > $2 AND s.created_at > $4
     RETURNING s.id AS "sessionId", s.csrf_token AS "csrfToken", s.created_at AS "createdAt",
               o.id, o.username, o.role, o.site_ids AS "siteIds", o.must_change_password AS "mustChangePassword"`,
    [hashToken(token), new Date(now), new Date(now + idleMs), new Date(now - SESSION_MAX_MS)],
  );
  if (!row) return undefined;
  return {
    sessionId: row.sessionId,
    csrfToken: row.csrfToken,
    operator: { id: row.id, username: row.username, role: row.role, siteIds: row.siteIds },
    mustChangePassword: row.mustChangePassword,
    idleExpiresAt: endOf(row.createdAt.getTime(), now + idleMs),
  };
}

export async function endSession(q: Queryable, sessionId: number): Promise<void> {
  await q.query('DELETE FROM operator_sessions WHERE id = $1', [sessionId]);
}

/** Ends every session of the operator but `keep` (a disabled operator, new credentials). */
export async function endSessionsOf(q: Queryable, operatorId: number, keep: number | null = null): Promise<void> {
  await q.query('DELETE FROM operator_sessions WHERE operator_id = $1 AND id IS DISTINCT FROM $2', [operatorId, keep]);
}

/**
 * Sessions: opaque random tokens (32 bytes, base64url) handed to the client once; only their
 * SHA-256 is stored, so a leaked table does not leak usable tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from './db.ts';
import { USER_COLUMNS, type User } from './users.ts';

export interface Session {
  user: User;
  /** The device the session was opened from, when known. */
  deviceId: string | null;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface NewSession {
  userId: number;
  siteId: number;
  deviceId: string | null;
  ttlSeconds: number;
}

/** Opens a session and returns its token; the user's expired sessions are swept on the way. */
export async function openSession(q: Queryable, session: NewSession): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= now()', [session.userId]);
  await q.query(
    `INSERT INTO sessions (token_hash, user_id, site_id, device_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [hashToken(token), session.userId, session.siteId, session.deviceId, session.ttlSeconds],
  );
  return token;
}

/** The live session of a token on a site; undefined when unknown, expired or of another site. */
export async function findSession(q: Queryable, token: string, siteId: number): Promise<Session | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const row = await q.one<User & { sessionDeviceId: string | null }>(
    `SELECT ${USER_COLUMNS}, s.device_id AS "sessionDeviceId"
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.site_id = $2 AND s.expires_at > now()`,
    [hashToken(token), siteId],
  );
  if (!row) return undefined;
  const { sessionDeviceId, ...user } = row;
  return { user, deviceId: sessionDeviceId };
}

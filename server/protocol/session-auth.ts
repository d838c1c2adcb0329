/** Resolves the `token` header to a session of the call's site, as the call's AuthMode asks. */
import type { FastifyRequest } from 'fastify';
import { Code } from '../../contract/protocol/codes.ts';
import type { Db } from '../db/db.ts';
import { findSession, type Session } from '../db/sessions.ts';
import type { Site } from '../db/sites.ts';
import { ApiError } from '../api-error.ts';
import type { AuthMode } from './define-call.ts';

export async function authenticate(mode: AuthMode, req: FastifyRequest, site: Site, db: Db): Promise<Session | null> {
  if (mode === 'none') return null;
  const token = req.headers.token;
  const session = typeof token === 'string' && token !== '' ? await findSession(db, token, site.id) : undefined;
  if (session) return session;
  if (mode === 'optional') return null;
  throw new ApiError(Code.SessionExpired, token ? '登录已过期，请重新登录' : '未登录：缺少 token');
}

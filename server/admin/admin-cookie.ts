/** The session cookie of /admin-api (ADMIN_COOKIE): read from the Cookie header, written on sign-in, cleared on sign-out. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_COOKIE } from '../../contract/admin/session.ts';

export const ADMIN_COOKIE_PATH = '/admin-api';

export function readAdminCookie(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === ADMIN_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{1,128}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

function attributes(req: FastifyRequest, maxAgeSeconds: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `Path=${ADMIN_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

export function setAdminCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number): void {
  void reply.header('set-cookie', `${ADMIN_COOKIE}=${token}; ${attributes(req, Math.floor(maxAgeMs / 1000))}`);
}

export function clearAdminCookie(req: FastifyRequest, reply: FastifyReply): void {
  void reply.header('set-cookie', `${ADMIN_COOKIE}=; ${attributes(req, 0)}`);
}

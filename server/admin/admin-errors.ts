/**
 * The errors of /admin-api: an AdminHttpError carries its HTTP status and an AdminError body
 * (contract/admin/session.ts); anything else a handler throws is mapped to its status when fastify
 * gave it one below 500 (a malformed JSON body, a wrong content type, 413 for a body over the limit),
 * a data exception of the store to a 400, else to a plain 500 without details. Never a stack trace.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminError } from '../../contract/admin/session.ts';
import { sqlState } from '../db/db.ts';
import { isBodyTooLarge } from '../oversized-body.ts';
import { adminMessages } from './admin-messages.ts';

export class AdminHttpError extends Error {
  override name = 'AdminHttpError';

  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** Seconds for Retry-After (429). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const badField = (field: string, message = adminMessages.invalidField(field)): AdminHttpError =>
  new AdminHttpError(400, message, field);
export const unauthorised = (): AdminHttpError => new AdminHttpError(401, adminMessages.signedOut);
export const forbidden = (message: string = adminMessages.forbidden): AdminHttpError =>
  new AdminHttpError(403, message);

export function sendAdminError(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AdminHttpError) {
    const body: AdminError = error.field ? { message: error.message, field: error.field } : { message: error.message };
    if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
    return reply.code(error.status).send(body);
  }
  if (isBodyTooLarge(error)) return reply.code(413).send({ message: adminMessages.tooLarge });
  // A PostgreSQL data exception (class 22: out of range, bad encoding, too long) is bad input that
  // got past the checks: refused as such, and logged so the check can be tightened.
  if (sqlState(error)?.startsWith('22')) {
    req.log.warn({ err: error }, 'admin-api input refused by the store');
    return reply.code(400).send({ message: adminMessages.badValue });
  }
  const status = (error as FastifyError | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return reply.code(status).send({ message: `${adminMessages.badRequest}：${(error as Error).message}` });
  }
  req.log.error({ err: error }, 'admin-api failure');
  return reply.code(500).send({ message: adminMessages.serverError });
}

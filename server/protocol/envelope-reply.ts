/**
 * How the protocol answers. sendEnvelope: HTTP 200, text/plain, base64 AES of the envelope's JSON.
 * envelopeOfError: any error of a call, or of fastify before it (body too large, bad content type),
 * as an envelope. ApiError keeps its code and msg; request-level fastify errors and the store's
 * data exceptions (class 22) become code 2 with a clear msg; anything else is logged and answered
 * with code 1 "系统错误" (never a stack trace, never a 5xx).
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Cipher } from '../../contract/protocol/cipher.ts';
import { Code, defaultMessage } from '../../contract/protocol/codes.ts';
import { fail, systemError, type Envelope } from '../../contract/protocol/envelope.ts';
import { sqlState } from '../db/db.ts';
import { ApiError } from '../api-error.ts';

/** The answer body of an envelope: base64 AES of its JSON. */
export const encodeEnvelope = (cipher: Cipher, envelope: Envelope): string =>
  cipher.encryptBase64(JSON.stringify(envelope));

/** The headers of every answer, one object for the process. */
const ANSWER_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } as const;

/** Sends an encoded envelope (encodeEnvelope), as text or as its UTF-8 bytes; HTTP 200 but for a body over the limit (413). */
export const sendBody = (reply: FastifyReply, body: string | Buffer, status = 200): FastifyReply =>
  reply.code(status).headers(ANSWER_HEADERS).send(body);

export const sendEnvelope = (reply: FastifyReply, cipher: Cipher, envelope: Envelope, status = 200): FastifyReply =>
  sendBody(reply, encodeEnvelope(cipher, envelope), status);

const invalid = (detail: string) => fail(Code.InvalidParams, `${defaultMessage[Code.InvalidParams]}：${detail}`);

export function envelopeOfError(error: unknown, log: FastifyBaseLogger, bodyLimit: number): Envelope<null> {
  if (error instanceof ApiError) return fail(error.code, error.message);
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return invalid(`请求体过大，上限 ${bodyLimit} 字节`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return invalid('请求头 Content-Type 无效');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalid('请求头 Content-Length 与请求体长度不符');
  }
  // A PostgreSQL data exception (class 22: out of range, bad encoding, too long) is bad input
  // that got past the schemas: refuse it as such, and log it so the schema can be tightened.
  if (sqlState(error)?.startsWith('22')) {
    log.warn({ err: error }, 'input refused by the store');
    return invalid('数值或文本超出允许范围');
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return invalid(`请求无效（${typeof code === 'string' ? code : statusCode}）`);
  }
  log.error({ err: error }, 'call failed');
  return systemError();
}

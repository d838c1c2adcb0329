/**
 * Requests whose body is over the limit of their route (413). Fastify stops reading such a body and
 * answers with `Connection: close`, so a client still writing the rest sees its connection reset
 * (EPIPE) instead of the answer. Here the connection is kept and the rest of the body read and
 * dropped (Node's server discards what a request left unread once its answer is sent): the client
 * reads the 413 and sends its next request over the same connection. Up to DRAIN_MAX_BYTES: a body
 * declared larger is answered and the connection closed, and one without a declared length is
 * closed on once that much of it has been dropped. Each tier answers the 413 with its own error
 * body (isBodyTooLarge); the rest get fastify's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The most of a refused body read (and dropped) to keep its connection. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/** Whether `error` is fastify's refusal of a body over the limit. */
export const isBodyTooLarge = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === 'FST_ERR_CTP_BODY_TOO_LARGE';

function keepConnection(req: FastifyRequest, reply: FastifyReply): void {
  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    if (Number(declared) <= DRAIN_MAX_BYTES) reply.removeHeader('connection');
    return;
  }
  const raw = req.raw;
  if (!raw.complete) {
    let dropped = 0;
    raw.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DRAIN_MAX_BYTES) raw.socket.destroy();
    });
    raw.resume();
  }
  reply.removeHeader('connection');
}

/** Registers the hook on the root instance, before the routes (every route inherits it). */
export function keepConnectionsOnOversizedBodies(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode === 413 && reply.getHeader('connection') === 'close') keepConnection(req, reply);
    done(null, payload);
  });
}

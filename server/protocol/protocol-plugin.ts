/**
 * The wire protocol as one fastify plugin, registered under /api: every call of the registry is a
 * `POST /api<path>` answered with HTTP 200, text/plain, base64 AES of the {code, msg, data}
 * envelope, whatever happens but a body over the limit (413, with its envelope: docs/api.md). Bodies are read as text whatever their
 * content type, so fastify's JSON parser never answers first, except multipart/form-data, left to
 * @fastify/multipart for the upload calls to stream (multipart-input.ts); unknown /api paths are
 * code 6. Public reads are answered from the read cache (read-cache.ts) after every check of the
 * request has passed.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PUBLIC_PATHS } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { fail, ok, type Envelope } from '../../contract/protocol/envelope.ts';
import { isBodyTooLarge } from '../oversized-body.ts';
import { answerOf, type Call } from './define-call.ts';
import { encodeEnvelope, envelopeOfError, sendBody, sendEnvelope } from './envelope-reply.ts';
import { ReadCache } from './read-cache.ts';
import { openCall, type CallDeps } from './run-call.ts';

export interface ProtocolOptions extends CallDeps {
  calls: readonly Call[];
  /** Default: none (every read runs its handler). */
  readCache?: ReadCache;
  /**
   * Told the call path and the envelope's code of every answer (the metrics); a path that is no
   * call is UNKNOWN_PATH, so the paths named stay the registry's.
   */
  answered?: (path: string, code: number) => void;
}

export const UNKNOWN_PATH = '(unknown)';

export const protocolPlugin: FastifyPluginAsync<ProtocolOptions> = async (api, options) => {
  const { calls, readCache = new ReadCache(0), answered = () => {}, ...deps } = options;
  const bodyLimit = deps.config.BODY_LIMIT;
  const paths = new Set(calls.map((call) => call.path));
  const prefix = api.prefix;
  /** The call path of a request (its route, without the prefix), or UNKNOWN_PATH. */
  const pathOf = (route: string | undefined): string => {
    const path = route?.startsWith(prefix) ? route.slice(prefix.length) : undefined;
    return path !== undefined && paths.has(path) ? path : UNKNOWN_PATH;
  };

  const send = (reply: FastifyReply, envelope: Envelope, path: string, status?: number) => {
    answered(path, envelope.code);
    return sendEnvelope(reply, deps.cipher, envelope, status);
  };

  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_req, body, done) => done(null, body));
  await api.register(fastifyMultipart);

  // A body over the limit is the one answer that is not HTTP 200: 413, with its envelope (oversized-body.ts).
  api.setErrorHandler((error, req, reply) =>
    send(
      reply,
      envelopeOfError(error, req.log, bodyLimit),
      pathOf(req.routeOptions.url),
      isBodyTooLarge(error) ? 413 : 200,
    ),
  );
  api.setNotFoundHandler((req, reply) =>
    send(reply, fail(Code.NotFound, `接口不存在：${req.method} ${req.url.split('?')[0]!.slice(0, 200)}`), UNKNOWN_PATH),
  );

  for (const call of calls) {
    const cached = readCache.enabled && PUBLIC_PATHS.has(call.path);
    api.post(call.path, async (req, reply) => {
      let envelope: Envelope;
      try {
        const ctx = await openCall(call, req, deps);
        const key = cached ? ReadCache.keyOf(ctx.site.id, call.path, ctx.payload) : null;
        if (key !== null) {
          // The answer closure only on a miss: a hit allocates none.
          const { body, data } = await (readCache.kept(key) ??
            readCache.answer(key, async () => {
              const data = (await call.run(ctx)) ?? null;
              return { body: Buffer.from(encodeEnvelope(deps.cipher, ok(data))), data };
            }));
          if (call.afterAnswer) await call.afterAnswer(ctx, data);
          answered(call.path, Code.Ok);
          return sendBody(reply, body);
        }
        envelope = ok(await answerOf(call, ctx));
      } catch (error) {
        envelope = envelopeOfError(error, req.log, bodyLimit);
      }
      return send(reply, envelope, call.path);
    });
  }
};

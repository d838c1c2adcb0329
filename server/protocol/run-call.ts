/**
 * The pipeline of one product call, in order: site by the accountId header (code 3), the signed
 * wrapper (codes 2 and 3), the session (code 7), the payload (decrypted when the path says so,
 * JSON or, for upload calls, multipart fields and files; schema: code 2), the rate limits (code 8;
 * not for a repeat of an answered idempotencyKey), then the handler.
 * Returns the handler's data; failures throw ApiError.
 */
import type { FastifyRequest } from 'fastify';
import type { Cipher } from '../../contract/protocol/cipher.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { ViewCounts } from '../db/view-counts.ts';
import type { SharedState } from '../request-state/memory-state.ts';
import type { SiteDirectory } from '../site-directory.ts';
import { invalidParams, rejected } from '../api-error.ts';
import { answeredBefore } from '../db/call-keys.ts';
import { refuseSanctioned } from '../moderation/sanctions.ts';
import type { Call, CallContext } from './define-call.ts';
import { jsonWithoutBadText, parseJson, refuseBadText, validate } from './parse-input.ts';
import { readMultipart } from './multipart-input.ts';
import type { RateLimiter } from './rate-limit.ts';
import { authenticate } from './session-auth.ts';
import { openSignedRequest } from './signed-request.ts';

export interface CallDeps {
  db: Db;
  config: Config;
  cipher: Cipher;
  shared: SharedState;
  limits: RateLimiter;
  sites: SiteDirectory;
  now: () => number;
  /** The page views this process counts and writes in batches (db/view-counts.ts); absent: none counted. */
  views?: ViewCounts;
}

function accountIdOf(req: FastifyRequest): string {
  const accountId = req.headers.accountid;
  if (typeof accountId !== 'string' || accountId === '') throw rejected('缺少请求头 accountId');
  return accountId;
}

/** The payload of a JSON call, refused when it holds U+0000 or a lone surrogate (parse-input.ts refuseBadText). */
function payloadOf(call: Call, body: string, cipher: Cipher): unknown {
  if (call.encrypted) {
    const plain = cipher.decryptHex(body);
    if (plain === '') throw invalidParams('body 无法解密，应为 encryptHex(payload) 的十六进制密文');
    return withoutBadText(plain, parseJson(plain, '解密后的 body'));
  }
  return body.trim() === '' ? {} : withoutBadText(body, parseJson(body, 'body'));
}

async function multipartPayload(req: FastifyRequest, maxBytes: number): Promise<unknown> {
  const fields = await readMultipart(req, maxBytes);
  refuseBadText(fields);
  return fields;
}

function withoutBadText(text: string, value: unknown): unknown {
  if (!jsonWithoutBadText(text)) refuseBadText(value);
  return value;
}

/** Everything before the handler, in order; answers the handler's context. */
export async function openCall(call: Call, req: FastifyRequest, deps: CallDeps): Promise<CallContext<unknown>> {
  // Each await below costs a promise, and every promise pays the async hooks the store's
  // AsyncLocalStorage turns on: steps that are sync for a call (no auth, no rate rule) skip theirs.
  const accountId = accountIdOf(req);
  const site = await deps.sites.findByAccountId(accountId);
  if (!site) throw rejected(`未知站点：accountId ${accountId.slice(0, 32)}`);
  const raw = typeof req.body === 'string' ? req.body : '';
  const body = call.signed ? await openSignedRequest(raw, site, deps) : raw;
  const session = call.auth === 'none' ? null : await authenticate(call.auth, req, site, deps.db);
  // A muted or banned member's writes: code 4 naming the end and the reason (moderation/sanctions.ts).
  if (session) await refuseSanctioned(deps.db, call.path, session.user.id, deps.now());
  const payload = validate(
    call.schema,
    call.upload ? await multipartPayload(req, call.upload.maxBytes) : payloadOf(call, body, deps.cipher),
  );
  // A repeat of an answered idempotencyKey gets the first answer from its handler: no rate rule
  // refuses or counts it (db/call-keys.ts). Asked only of payloads with a key and a session.
  const key = (payload as { idempotencyKey?: unknown } | null)?.idempotencyKey;
  const repeat =
    session !== null && typeof key === 'string' && (await answeredBefore(deps.db, session.user.id, call.path, key));
  const limited = repeat
    ? undefined
    : deps.limits.check(call.path, {
        site,
        ip: req.ip,
        userId: session?.user.id ?? null,
        accountAgeMs: session ? deps.now() - session.user.createdAt.getTime() : null,
        payload,
      });
  if (limited) await limited;
  return {
    payload,
    site,
    session,
    user: session?.user ?? null,
    db: deps.db,
    config: deps.config,
    req,
    now: deps.now(),
    ...(deps.views ? { views: deps.views } : {}),
  };
}

/**
 * The route registry of the protocol: a domain module lists its calls with defineCall and the
 * protocol plugin (protocol-plugin.ts) serves them all the same way. A call's path, payload schema
 * and answer type come from contract/calls/call-map.ts, so server and client cannot drift apart.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallPath, DataOf } from '../../contract/calls/call-map.ts';
import { ENCRYPTED_PAYLOAD_PATHS, UNSIGNED_PATHS } from '../../contract/calls/paths.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { Session } from '../db/sessions.ts';
import type { Site } from '../db/sites.ts';
import type { User } from '../db/users.ts';
import type { ViewCounts } from '../db/view-counts.ts';

/** none: token ignored · optional: the session when the token is valid · user: valid token or code 7. */
export type AuthMode = 'none' | 'optional' | 'user';

export interface CallContext<P, A extends AuthMode = AuthMode> {
  payload: P;
  site: Site;
  session: A extends 'user' ? Session : A extends 'optional' ? Session | null : null;
  user: A extends 'user' ? User : A extends 'optional' ? User | null : null;
  db: Db;
  config: Config;
  req: FastifyRequest;
  /** The request's time (ms since epoch) by the server clock; tests may fake that clock. */
  now: number;
  /**
   * Counts a detail page's view, written later in a batch (db/view-counts.ts); absent where reads
   * count no view (the server's first paint, the bench's in-process reads).
   */
  views?: ViewCounts;
}

export interface CallSpec<P extends CallPath, S extends z.ZodType, A extends AuthMode> {
  path: P;
  schema: S;
  auth: A;
  /** A multipart/form-data call: the payload is its fields, files up to maxBytes (multipart-input.ts). */
  upload?: { maxBytes: number };
  handler: (ctx: CallContext<z.output<S>, A>) => Promise<DataOf<P>>;
  /**
   * Runs after every answer of the call, the handler's or the read cache's, with its data: what
   * must count each request (a search towards the hot searches) even when no handler ran.
   */
  afterAnswer?: (ctx: CallContext<z.output<S>, A>, data: DataOf<P>) => Promise<void>;
}

/** A call as the protocol layer runs it, its types erased. */
export interface Call {
  path: string;
  schema: z.ZodType;
  auth: AuthMode;
  /** Wrapped in {requestId, appId, time, sign, body}; false for the UNSIGNED_PATHS. */
  signed: boolean;
  /** body is encryptHex(payload); true for the ENCRYPTED_PAYLOAD_PATHS. */
  encrypted: boolean;
  /** Multipart body with files of at most maxBytes; null for JSON calls. */
  upload: { maxBytes: number } | null;
  /** The handler: the answer's data (what the read cache keeps). */
  run(ctx: CallContext<unknown>): Promise<unknown>;
  /** After every answer, fresh or from the read cache (CallSpec.afterAnswer); null for most calls. */
  afterAnswer: ((ctx: CallContext<unknown>, data: unknown) => Promise<void>) | null;
}

/** A call's answer as a request gets it without the read cache: its handler, then afterAnswer. */
export async function answerOf(call: Call, ctx: CallContext<unknown>): Promise<unknown> {
  const data = (await call.run(ctx)) ?? null;
  if (call.afterAnswer) await call.afterAnswer(ctx, data);
  return data;
}

export function defineCall<P extends CallPath, S extends z.ZodType, A extends AuthMode>(spec: CallSpec<P, S, A>): Call {
  const after = spec.afterAnswer;
  return {
    path: spec.path,
    schema: spec.schema,
    auth: spec.auth,
    signed: !UNSIGNED_PATHS.has(spec.path),
    encrypted: ENCRYPTED_PAYLOAD_PATHS.has(spec.path),
    upload: spec.upload ?? null,
    // The pipeline validated the payload with spec.schema and resolved the session for spec.auth.
    run: (ctx) => spec.handler(ctx as CallContext<z.output<S>, A>),
    afterAnswer: after ? (ctx, data) => after(ctx as CallContext<z.output<S>, A>, data as DataOf<P>) : null,
  };
}

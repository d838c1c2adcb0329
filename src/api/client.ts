/**
 * THE API client (docs/spec.md section 7, docs/api.md). Every product call goes through `call()`:
 * signed wrapper (payload encrypted for the password calls; the unsigned calls plain, as
 * multipart/form-data when they carry a file: the image upload), the headers accountId / appType /
 * token, the base64 AES answer decrypted and parsed into an envelope, failures turned into a
 * rejected ApiError plus a toast, code 7 handled once for the whole app, and an opt-in 60 s cache.
 *
 * This module and crypto-js stay out of the entry bundle (docs/performance.md: budgets): they load
 * with the content chunk, which app/first-screen.ts starts before the first render.
 *
 * The cache belongs to one token: when the token changes (sign-in, logout, expiry) it is emptied,
 * so one user's answers are never served to another. Public reads (PUBLIC_PATHS) are alike for
 * every visitor: their answers, and such calls in flight, survive a change of user (the first
 * screen's call made before the device sign-in is not sent twice).
 *
 * Offline: successful reads are also kept in IndexedDB per user (offline-answers.ts, loaded
 * on first use) and served when the network fails, so visited screens open without a network.
 */
import { env } from '../env.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { createCryptoJsCipher } from '../../contract/protocol/crypto-js-cipher.ts';
import { parseEnvelope, type Envelope } from '../../contract/protocol/envelope.ts';
import { wrapRequest } from '../../contract/protocol/wrapper.ts';
import { readToken } from '../lib/cookie.ts';
import { nextTask } from '../lib/next-task.ts';
import { ApiError } from './api-error.ts';
import { clientHooks, withClientHooks } from './client-hooks.ts';
import { ResponseCache } from './cache.ts';
import { takeFirstAnswer } from './first-answer.ts';
import type { CallPath, DataOf, PayloadOf } from '../../contract/calls/call-map.ts';
import { API, ENCRYPTED_PAYLOAD_PATHS, PUBLIC_PATHS, UNSIGNED_PATHS } from '../../contract/calls/paths.ts';
import { loadChunk } from '../lib/load-chunk.ts';

export interface CallOptions {
  /** Serve and keep the answer in the 60 s cache; off by default, reads opt in. */
  cache?: boolean;
  /** Keep the answer in IndexedDB and serve it when the network fails; as `cache` by default. */
  offline?: boolean;
  /** Show a failure toast with the message; on by default. */
  toast?: boolean;
  /** Send with fetch's `keepalive`, so the call outlives the page (the last heartbeat of a closed tab). */
  keepalive?: boolean;
  /**
   * Cancels the call (a stale suggestion request): it rejects with the signal's reason, an
   * AbortError, without a toast. Such a call is never shared with another one in flight.
   */
  signal?: AbortSignal;
}

const APP_TYPE = 'stationGroup';
/** Calls that establish the session themselves and must not wait for it. */
const SESSION_PATHS: ReadonlySet<string> = new Set([API.registerDevice, API.loginDevice]);

const cipher = createCryptoJsCipher(env.keyMaterial);

const cache = new ResponseCache();
const publicCache = new ResponseCache();
const inFlight = new Map<string, Promise<unknown>>();
const isPublicKey = (key: string): boolean => PUBLIC_PATHS.has(key.slice(0, key.indexOf(' ')));
let cacheOwner: string | null = null;
let sessionGate: Promise<unknown> | null = null;
let onSessionExpired: () => void = () => {};

/** While a device sign-in runs, other calls (but public reads) wait for it so they go out with the new token. */
export function holdCallsUntil(gate: Promise<unknown>): void {
  const settled = gate.catch(() => undefined);
  sessionGate = settled;
  void settled.then(() => {
    if (sessionGate === settled) sessionGate = null;
  });
}

/** What happens after code 7 has cleared the token (the app navigates to "/"). */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/** Forgets what was answered to the current user (a change of user); public reads stay. */
export function forgetUserAnswers(): void {
  cache.clear();
  for (const key of [...inFlight.keys()]) if (!isPublicKey(key)) inFlight.delete(key);
}

/** Forgets every answer (e.g. after publishing, when public lists changed too). */
export function clearResponseCache(): void {
  cache.clear();
  publicCache.clear();
  inFlight.clear();
}

/** Drops one cached answer (after a mutation changed what it said, e.g. a like on a detail). */
export function forgetCachedCall<P extends CallPath>(path: P, payload: PayloadOf<P>): void {
  cacheOf(path).delete(ResponseCache.keyOf(path, payload));
}

const cacheOf = (path: string): ResponseCache => (PUBLIC_PATHS.has(path) ? publicCache : cache);
/** Whether a cached answer may serve: a public read always, any other while the token is the cache's. */
const cacheUsable = (path: string): boolean => PUBLIC_PATHS.has(path) || readToken() === cacheOwner;

/** An unsigned call's body: multipart/form-data when a field is a file (image upload), else JSON. */
function plainBody(payload: unknown): string | FormData {
  const fields = Object.entries((payload ?? {}) as Record<string, unknown>);
  if (!fields.some(([, value]) => value instanceof Blob)) return JSON.stringify(payload ?? {});
  const form = new FormData();
  for (const [name, value] of fields) {
    if (value !== undefined && value !== null) form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

/** An answer's text, decrypted a slice per task: the first answers, decrypted cold, were long tasks. */
const decrypt = (text: string): Promise<string> => cipher.decryptBase64InSlices(text, nextTask);

interface SendOptions {
  keepalive: boolean;
  signal?: AbortSignal;
}

async function send(
  path: string,
  payload: unknown,
  token: string | null,
  { keepalive, signal }: SendOptions,
): Promise<Envelope> {
  const site = await (await clientHooks()).siteInfo();
  const headers: Record<string, string> = { accountId: site.accountId, appType: APP_TYPE };
  if (token) headers.token = token;
  const body = UNSIGNED_PATHS.has(path)
    ? plainBody(payload)
    : JSON.stringify(wrapRequest(cipher, { appId: site.appId, payload, encrypt: ENCRYPTED_PAYLOAD_PATHS.has(path) }));
  // multipart: the browser writes the Content-Type with its boundary
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';

  let response: Response;
  let text: string;
  try {
    response = await fetch(`${env.apiBase}${path}`, { method: 'POST', headers, body, keepalive, signal });
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw ApiError.network();
  }
  const plain = await decrypt(text);
  // A gateway error page (502/503/504 from a proxy) is a connection problem, not an answer.
  if (!plain && !response.ok) throw ApiError.network();
  return parseEnvelope(plain);
}

/** The answer the page brought in its HTML for this public read (first-answer.ts), else the network's. */
async function answerOf(
  path: string,
  payload: unknown,
  key: string,
  token: string | null,
  sendOptions: SendOptions,
): Promise<Envelope> {
  const inline = PUBLIC_PATHS.has(path) ? takeFirstAnswer(key) : undefined;
  return inline === undefined ? send(path, payload, token, sendOptions) : parseEnvelope(await decrypt(inline));
}

function fail(error: unknown, toast: boolean): never {
  const apiError = error instanceof ApiError ? error : new ApiError(Code.SystemError, String(error));
  if (apiError.code === Code.SessionExpired) {
    withClientHooks((hooks) => hooks.dropToken());
    forgetUserAnswers();
    onSessionExpired();
  }
  if (toast) withClientHooks((hooks) => hooks.showError(apiError.message));
  throw apiError;
}

/** The user's saved copy of a read (offline-answers.ts, loaded on first use). */
const offlineCopy = async (key: string) =>
  (await loadChunk(() => import('./offline-answers.ts'))).offlineCopy(`${(await clientHooks()).userId()} ${key}`);

async function request(
  path: string,
  payload: unknown,
  key: string,
  { useCache, offline, ...sendOptions }: { useCache: boolean; offline: boolean } & SendOptions,
): Promise<unknown> {
  if (sessionGate && !SESSION_PATHS.has(path) && !PUBLIC_PATHS.has(path)) await sessionGate;
  const token = readToken();
  if (token !== cacheOwner) {
    forgetUserAnswers();
    cacheOwner = token;
  }
  let envelope: Envelope;
  try {
    envelope = await answerOf(path, payload, key, token, sendOptions);
  } catch (error) {
    if (offline && (error as ApiError).isNetwork) return (await offlineCopy(key)).read(error);
    throw error;
  }
  if (envelope.code !== Code.Ok) throw new ApiError(envelope.code, envelope.msg);
  if (useCache && cacheUsable(path)) cacheOf(path).set(key, envelope.data);
  if (offline)
    offlineCopy(key).then(
      (copy) => copy.save(envelope.data),
      () => undefined,
    );
  return envelope.data;
}

/** One product call. Resolves with the envelope's data; rejects with an ApiError. */
export async function call<P extends CallPath>(
  path: P,
  payload: PayloadOf<P>,
  options: CallOptions = {},
): Promise<DataOf<P>> {
  const { cache: useCache = false, offline = useCache, toast = true, keepalive = false, signal } = options;
  const key = ResponseCache.keyOf(path, payload);
  if (useCache && cacheUsable(path)) {
    const hit = cacheOf(path).get(key);
    if (hit !== undefined) return hit as DataOf<P>;
    const pending = signal ? undefined : inFlight.get(key);
    if (pending) return pending.catch((error: unknown) => fail(error, toast)) as Promise<DataOf<P>>;
  }
  const pending = request(path, payload, key, { useCache, offline, keepalive, signal });
  if (useCache && !signal) {
    inFlight.set(key, pending);
    const forget = () => {
      if (inFlight.get(key) === pending) inFlight.delete(key);
    };
    void pending.then(forget, forget);
  }
  try {
    return (await pending) as DataOf<P>;
  } catch (error) {
    if (signal?.aborted) throw error;
    return fail(error, toast);
  }
}

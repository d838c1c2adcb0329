/**
 * Makes product calls exactly as the client does (signed wrapper, encryptHex for the encrypted
 * paths) and opens the answers with the node cipher: through app.inject, or over real HTTP when
 * given a base URL (a server process of its own). Options let a test break one
 * thing at a time: the sign, the time, the request id, the raw body, the headers.
 */
import type { FastifyInstance } from 'fastify';
import type { SignInData } from '../../contract/calls/account.ts';
import { API, ENCRYPTED_PAYLOAD_PATHS } from '../../contract/calls/paths.ts';
import type { Envelope } from '../../contract/protocol/envelope.ts';
import { newDeviceId } from '../../contract/protocol/ids.ts';
import { wrapRequest, type SignedRequest } from '../../contract/protocol/wrapper.ts';
import type { Config } from '../config.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { createNodeCipher } from '../../contract/protocol/node-cipher.ts';

export interface CallOptions {
  token?: string;
  /** Default the demo site's; null sends no accountId header. */
  accountId?: string | null;
  appId?: string;
  encrypt?: boolean;
  time?: number;
  requestId?: string;
  /** Changes the wrapper after signing (to break the sign, drop a field, ...). */
  tamper?: (wrapper: Record<string, unknown>) => void;
  contentType?: string | null;
  /** The client's address as the server sees it (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface FormPart {
  name: string;
  /** Set for a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export interface CallResult<T = unknown> {
  status: number;
  contentType: string;
  envelope: Envelope<T>;
}

/** What answers: an app (app.inject) or a running server's base URL, e.g. http://127.0.0.1:8080. */
export type Target = FastifyInstance | string;

async function send(
  target: Target,
  url: string,
  headers: Record<string, string>,
  body: string | Buffer,
  remoteAddress?: string,
) {
  if (typeof target !== 'string') {
    const res = await target.inject({ method: 'POST', url, headers, payload: body, remoteAddress });
    return { status: res.statusCode, contentType: String(res.headers['content-type']), body: res.body };
  }
  const res = await fetch(`${target}${url}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, contentType: String(res.headers.get('content-type')), body: await res.text() };
}

export function createTestClient(target: Target, config: Pick<Config, 'APP_AES_KEY' | 'APP_AES_IV'>) {
  const cipher = createNodeCipher({ key: config.APP_AES_KEY, iv: config.APP_AES_IV });

  /** Decrypts an answer strictly: anything that is not an encrypted envelope fails the test. */
  const open = <T>(body: string): Envelope<T> => {
    const text = cipher.decryptBase64(body);
    if (!text) throw new Error(`answer is not an encrypted envelope: ${body.slice(0, 200)}`);
    return JSON.parse(text) as Envelope<T>;
  };

  async function post<T>(path: string, body: string | Buffer, options: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = { appType: 'stationGroup' };
    const accountId = options.accountId === undefined ? DEMO_SITE.accountId : options.accountId;
    if (accountId !== null) headers.accountId = accountId;
    if (options.token) headers.token = options.token;
    if (options.contentType !== null) headers['content-type'] = options.contentType ?? 'application/json';
    const res = await send(target, `/api${path}`, headers, body, options.remoteAddress);
    return { status: res.status, contentType: res.contentType, envelope: open<T>(res.body) };
  }

  function wrap(path: string, payload: unknown, options: CallOptions = {}): SignedRequest {
    return wrapRequest(cipher, {
      appId: options.appId ?? DEMO_SITE.appId,
      payload,
      encrypt: options.encrypt ?? ENCRYPTED_PAYLOAD_PATHS.has(path),
      time: options.time,
      requestId: options.requestId,
    });
  }

  async function call<T = unknown>(path: string, payload: unknown = {}, options: CallOptions = {}) {
    const wrapper: Record<string, unknown> = { ...wrap(path, payload, options) };
    options.tamper?.(wrapper);
    return post<T>(path, JSON.stringify(wrapper), options);
  }

  /** An unsigned multipart/form-data call (the image upload), parts in order. */
  async function postMultipart<T = unknown>(path: string, parts: readonly FormPart[], options: CallOptions = {}) {
    const boundary = `----test${Date.now().toString(36)}`;
    const chunks = parts.flatMap((part) => {
      const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
      const type = part.contentType === undefined ? '' : `\r\nContent-Type: ${part.contentType}`;
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`;
      return [Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n')];
    });
    const body = Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
    return post<T>(path, body, { ...options, contentType: `multipart/form-data; boundary=${boundary}` });
  }

  /** A new guest: registers a fresh device id. */
  async function registerGuest(deviceId: string = newDeviceId()) {
    const { envelope } = await call<SignInData>(API.registerDevice, { deviceId, deviceType: 3 });
    if (envelope.code !== 0) throw new Error(`register failed: ${envelope.code} ${envelope.msg}`);
    return { deviceId, ...envelope.data };
  }

  return { cipher, open, post, postMultipart, wrap, call, registerGuest };
}

export type TestClient = ReturnType<typeof createTestClient>;

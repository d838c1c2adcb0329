/**
 * The signed request wrapper (docs/api.md):
 * `{requestId, appId, time, sign, body}` with sign = md5(body + appId + requestId + time).
 */
import type { Cipher } from './cipher.ts';
import { newRequestId } from './ids.ts';

export interface SignedRequest {
  requestId: string;
  appId: string;
  time: number;
  sign: string;
  body: string;
}

export function signOf(cipher: Cipher, body: string, appId: string, requestId: string, time: number): string {
  return cipher.md5(body + appId + requestId + String(time));
}

export interface WrapOptions {
  appId: string;
  payload: unknown;
  /** Encrypt the payload as hex (encryptHex) instead of sending its JSON text. */
  encrypt?: boolean;
  time?: number;
  requestId?: string;
}

/** The payload helper of the spec: hex of AES-CBC/PKCS7 over the payload's JSON. */
export const encryptHex = (cipher: Cipher, payload: unknown): string =>
  cipher.encryptHex(JSON.stringify(payload ?? {}));

export function wrapRequest(cipher: Cipher, options: WrapOptions): SignedRequest {
  const { appId, payload, encrypt = false, time = Date.now(), requestId = newRequestId() } = options;
  const body = encrypt ? encryptHex(cipher, payload) : JSON.stringify(payload ?? {});
  return { requestId, appId, time, sign: signOf(cipher, body, appId, requestId, time), body };
}

/**
 * The epay ("易支付") signature of the payment sandbox: the parameters except sign and sign_type
 * and those with an empty value, sorted by key (byte order), joined as k=v&k=v (raw values, not
 * URL-encoded), the merchant KEY appended, MD5 in lowercase hex.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export type PayParams = Record<string, string>;

const UNSIGNED = new Set(['sign', 'sign_type']);

/** The string the sign is the MD5 of, before the key: "money=1.00&name=…&pid=1001…". */
export function signContent(params: PayParams): string {
  return Object.keys(params)
    .filter((key) => !UNSIGNED.has(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export const epaySign = (params: PayParams, key: string): string =>
  createHash('md5')
    .update(signContent(params) + key, 'utf8')
    .digest('hex');

/** The params with their sign and sign_type=MD5 added. */
export const withSign = (params: PayParams, key: string): PayParams => ({
  ...params,
  sign: epaySign(params, key),
  sign_type: 'MD5',
});

/** Whether params.sign is the right sign (case-insensitive hex, compared in constant time). */
export function verifyEpaySign(params: PayParams, key: string): boolean {
  const given = params.sign?.toLowerCase() ?? '';
  if (!/^[0-9a-f]{32}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(epaySign(params, key)));
}

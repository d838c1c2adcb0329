/**
 * Opens the signed wrapper `{requestId, appId, time, sign, body}` of docs/api.md and returns
 * its body text once appId, time, sign and the replay check pass. Shape errors are code 2, refusals
 * code 3; the sign is checked before the request id is claimed, so forged requests burn no ids.
 */
import { z } from 'zod';
import type { Cipher } from '../../contract/protocol/cipher.ts';
import { REQUEST_ID_PATTERN } from '../../contract/protocol/ids.ts';
import { signOf } from '../../contract/protocol/wrapper.ts';
import type { Site } from '../db/sites.ts';
import type { SharedState } from '../request-state/memory-state.ts';
import { invalidParams, rejected } from '../api-error.ts';
import { parseJson, validate } from './parse-input.ts';

export const MAX_CLOCK_SKEW_MS = 300_000;
/** Longer than the whole ±300 s window in which a request id could be accepted. */
export const REPLAY_WINDOW_MS = 600_000;

const SIGN_PATTERN = /^[0-9a-fA-F]{32}$/;
const MAX_APP_ID = 64;

const wrapperSchema = z.object({
  requestId: z.string().regex(REQUEST_ID_PATTERN, 'requestId 必须是 32 位字母或数字'),
  appId: z.string().min(1, 'appId 不能为空').max(MAX_APP_ID, 'appId 过长'),
  time: z.number().int('time 必须是毫秒时间戳'),
  sign: z.string().regex(SIGN_PATTERN, 'sign 必须是 32 位十六进制 MD5'),
  body: z.string(),
});

/**
 * The wrapper when the parsed JSON plainly is one, else null. Every condition is at least as strict
 * as wrapperSchema's, so what passes here passes the schema with the same fields; anything else
 * goes through the schema, which names what is wrong. Spares zod's generic walk (and its
 * allocations) on every well-formed request, the hot path of every signed call.
 */
function wellFormedWrapper(value: unknown): z.output<typeof wrapperSchema> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { requestId, appId, time, sign, body } = value as Record<string, unknown>;
  const fits =
    typeof requestId === 'string' &&
    REQUEST_ID_PATTERN.test(requestId) &&
    typeof appId === 'string' &&
    appId.length >= 1 &&
    appId.length <= MAX_APP_ID &&
    typeof time === 'number' &&
    Number.isSafeInteger(time) &&
    typeof sign === 'string' &&
    SIGN_PATTERN.test(sign) &&
    typeof body === 'string';
  return fits ? { requestId, appId, time, sign, body } : null;
}

export interface SignedRequestDeps {
  cipher: Cipher;
  shared: Pick<SharedState, 'claim'>;
  now: () => number;
}

export async function openSignedRequest(raw: string, site: Site, deps: SignedRequestDeps): Promise<string> {
  if (raw.trim() === '') throw invalidParams('请求体为空，应为签名包装 {requestId, appId, time, sign, body}');
  const parsed = parseJson(raw, '请求体');
  const wrapper = wellFormedWrapper(parsed) ?? validate(wrapperSchema, parsed);
  if (wrapper.appId !== site.appId) throw rejected(`appId 与站点不匹配：${wrapper.appId}`);
  if (Math.abs(deps.now() - wrapper.time) > MAX_CLOCK_SKEW_MS) {
    throw rejected('请求时间无效，请校准设备时间后重试');
  }
  const expected = signOf(deps.cipher, wrapper.body, wrapper.appId, wrapper.requestId, wrapper.time);
  if (wrapper.sign.toLowerCase() !== expected) throw rejected('签名错误');
  if (!(await deps.shared.claim(`replay:${site.id}:${wrapper.requestId}`, REPLAY_WINDOW_MS))) {
    throw rejected('重复的请求：requestId 已使用');
  }
  return wrapper.body;
}

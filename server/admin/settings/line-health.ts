/**
 * The live health of CDN lines: the server sends HEAD <line>/ping (the target the app's own line
 * race uses, answered cheaply by the media server) with a 3 s timeout, and reports 正常 (ok), 延迟
 * (slow: over SLOW_LINE_MS) or 不可达 (down: an error status, a refused connection, the timeout).
 * A relative line ("/cdn/1") is served by this server, so it is probed at this process's own
 * listening address (else at the console request's origin). Answers are kept HEALTH_CACHE_MS per
 * address so a console left open does not hammer the lines; 刷新 asks again.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SLOW_LINE_MS, type LineHealth } from '../../../contract/admin/settings.ts';

export const PROBE_TIMEOUT_MS = 3_000;
export const HEALTH_CACHE_MS = 15_000;

type Probe = Omit<LineHealth, 'id'>;

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: '连接被拒绝',
  ENOTFOUND: '域名无法解析',
  EAI_AGAIN: '域名无法解析',
  ECONNRESET: '连接被重置',
  EHOSTUNREACH: '主机不可达',
  CERT_HAS_EXPIRED: '证书已过期',
};
const kept = new Map<string, { at: number; probe: Promise<Probe> }>();

/** The absolute address a line's ping is asked at. */
export function pingAddress(api: FastifyInstance, req: FastifyRequest, url: string): string {
  const base = url.replace(/\/+$/, '');
  if (/^https?:\/\//i.test(base)) return `${base}/ping`;
  const address = api.server.address() as AddressInfo | string | null;
  const origin =
    address && typeof address === 'object'
      ? `http://${address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${address.port}`
      : `${req.protocol}://${req.host}`;
  return `${origin}${base}/ping`;
}

async function probe(address: string, timeoutMs: number): Promise<Probe> {
  const started = performance.now();
  const checkedAt = Date.now();
  try {
    const response = await fetch(address, {
      method: 'HEAD',
      redirect: 'follow',
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const ms = Math.round(performance.now() - started);
    if (!response.ok) return { state: 'down', ms, error: `HTTP ${response.status}`, checkedAt };
    return { state: ms > SLOW_LINE_MS ? 'slow' : 'ok', ms, error: null, checkedAt };
  } catch (error) {
    const name = (error as Error).name;
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const reason =
      name === 'TimeoutError' || name === 'AbortError'
        ? `超时（${timeoutMs / 1000} 秒）`
        : (NETWORK_ERRORS[cause ?? ''] ?? (cause ? `连接失败：${cause}` : '连接失败'));
    return { state: 'down', ms: null, error: reason, checkedAt };
  }
}

/** Each line's health, probed at once; `refresh` ignores the kept answers. */
export async function linesHealth(
  lines: readonly { id: number; address: string }[],
  refresh: boolean,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<LineHealth[]> {
  const now = Date.now();
  for (const [address, entry] of kept) if (now - entry.at > HEALTH_CACHE_MS) kept.delete(address);
  return Promise.all(
    lines.map(async ({ id, address }) => {
      let entry = kept.get(address);
      if (!entry || refresh) {
        entry = { at: now, probe: probe(address, timeoutMs) };
        kept.set(address, entry);
      }
      return { id, ...(await entry.probe) };
    }),
  );
}

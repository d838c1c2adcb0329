/**
 * CDN lines' addresses and their live health.
 *
 * A line is a path of this server ("/cdn/1") or the base URL of a CDN: http(s) on a public host
 * (server/net/outbound.ts), with no account, query or fragment, since the app and this check append
 * paths to it. `lineUrlProblem` is that rule, applied when a line is saved and again before a check
 * (a line stored before the rule is checked by it all the same).
 *
 * The health: HEAD <line>/ping (the target the app's own line race uses, answered cheaply by the
 * media server) within 3 s: 正常 (ok), 延迟 (slow: over SLOW_LINE_MS) or 不可达 (down: an error
 * status, a refused connection, the timeout). A path line is asked of the app itself (fastify's
 * inject, no network). An absolute line is asked only through the outbound guard, which follows up
 * to MAX_REDIRECTS redirects, each target checked like the line; a line or a redirect the guard
 * refuses is reported as refused, with no status and no time. Answers are kept HEALTH_CACHE_MS per
 * line so a console left open does not hammer the lines; 刷新 asks again. `probeLine` asks one
 * address anew (a line saved enabled, list-kinds.ts) and keeps its answer for the health column.
 */
import type { FastifyInstance } from 'fastify';
import { SLOW_LINE_MS, type LineHealth } from '../../../contract/admin/settings.ts';
import { checkUrl, OutboundError, type Outbound, type OutboundTestHosts } from '../../net/outbound.ts';
import { settingsMessages as text } from './settings-messages.ts';

export const PROBE_TIMEOUT_MS = 3_000;
export const HEALTH_CACHE_MS = 15_000;
const MAX_REDIRECTS = 3;

export type Probe = Omit<LineHealth, 'id'>;

/** A path of this server: segments of [a-zA-Z0-9_.-], none of them `.` or `..`, never `//`. */
const PATH_LINE = /^(\/(?!\.\.?(\/|$))[a-zA-Z0-9_.-]+)*\/?$/;
/** http(s)://host[:port][/path], without whitespace, `?`, `#` or `\`. */
const URL_LINE = /^https?:\/\/[^\s/?#\\]+(\/[^\s?#\\]*)?$/i;

/** What is wrong with a line's address: its form, or a host that is not a public address. */
export function lineUrlProblem(url: string, testHosts: OutboundTestHosts): 'format' | 'host' | null {
  if (url.startsWith('/')) return PATH_LINE.test(url) ? null : 'format';
  const { refused } = checkUrl(url, { testHosts });
  if (refused === 'host') return 'host';
  return refused || !URL_LINE.test(url) ? 'format' : null;
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: '连接被拒绝',
  ENOTFOUND: '域名无法解析',
  EAI_AGAIN: '域名无法解析',
  ECONNRESET: '连接被重置',
  EHOSTUNREACH: '主机不可达',
  CERT_HAS_EXPIRED: '证书已过期',
};

/** Why a line is down, from what the guard threw. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (!(error instanceof OutboundError)) return '连接失败';
  switch (error.kind) {
    case 'refused':
      return error.hop === 0 ? text.linePublic : text.lineRedirectRefused;
    case 'redirects':
      return text.lineRedirects;
    case 'timeout':
      return `超时（${timeoutMs / 1000} 秒）`;
    default:
      return NETWORK_ERRORS[error.code ?? ''] ?? (error.code ? `连接失败：${error.code}` : '连接失败');
  }
}

/** The health checks of one app: asks `api` for path lines and `outbound` for the others. */
export function lineHealth(api: FastifyInstance, outbound: Outbound, timeoutMs = PROBE_TIMEOUT_MS) {
  const kept = new Map<string, { at: number; probe: Promise<Probe> }>();

  const answered = (status: number, started: number, checkedAt: number): Probe => {
    const ms = Math.round(performance.now() - started);
    if (status < 200 || status >= 300) return { state: 'down', ms, error: `HTTP ${status}`, checkedAt };
    return { state: ms > SLOW_LINE_MS ? 'slow' : 'ok', ms, error: null, checkedAt };
  };

  async function probe(url: string): Promise<Probe> {
    const started = performance.now();
    const checkedAt = Date.now();
    const down = (error: string): Probe => ({ state: 'down', ms: null, error, checkedAt });
    const problem = lineUrlProblem(url, outbound.testHosts);
    if (problem) return down(problem === 'host' ? text.linePublic : text.cdnUrl);
    const target = `${url.replace(/\/+$/, '')}/ping`;
    try {
      if (url.startsWith('/')) {
        const res = await api.inject({ method: 'HEAD', url: target });
        return answered(res.statusCode, started, checkedAt);
      }
      const answer = await outbound.request(target, {
        method: 'HEAD',
        maxRedirects: MAX_REDIRECTS,
        timeoutMs,
        maxBytes: 4096,
        cut: true,
      });
      return answered(answer.status, started, checkedAt);
    } catch (error) {
      return down(reasonOf(error, timeoutMs));
    }
  }

  /** The kept answer for `url`, or a new probe when there is none or `refresh`. */
  function answerOf(url: string, refresh: boolean, now: number): Promise<Probe> {
    let entry = kept.get(url);
    if (!entry || refresh) {
      entry = { at: now, probe: probe(url) };
      kept.set(url, entry);
    }
    return entry.probe;
  }

  return {
    /** Each line's health, probed at once; `refresh` ignores the kept answers. */
    async linesHealth(lines: readonly { id: number; url: string }[], refresh: boolean): Promise<LineHealth[]> {
      const now = Date.now();
      for (const [url, entry] of kept) if (now - entry.at > HEALTH_CACHE_MS) kept.delete(url);
      return Promise.all(lines.map(async ({ id, url }) => ({ id, ...(await answerOf(url, refresh, now)) })));
    },
    /** One address asked anew. */
    probeLine: (url: string): Promise<Probe> => answerOf(url, true, Date.now()),
  };
}

export type ProbeLine = ReturnType<typeof lineHealth>['probeLine'];

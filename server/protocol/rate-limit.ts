/**
 * Rate limits of the calls worth abusing (sign-in, register, bind, deposits, points), the one place
 * that says which calls, how many hits per window and counted per what. Counts live in the
 * SharedState: in Redis when REDIS_URL is set, so every process behind the load balancer counts
 * together; in memory otherwise. Over the limit a call answers code 8 with the wait in its msg,
 * before its handler runs. Windows are fixed and start with their first hit.
 *
 * Members' writings (replies and comments, danmaku, reports) are limited per user, and further for
 * accounts younger than a day (`newAccountLimit`), which spam farms keep making. What makes
 * throwaway members (registering devices, binding accounts) and reports are limited per address
 * too, so one machine cannot make a crowd: REGISTER_PER_ADDRESS_HOUR new devices an hour.
 *
 * Per-IP rules need the client's address: behind a load balancer set TRUST_PROXY (config.ts), or
 * every client shares the balancer's address. An IPv6 client counts by its /64 (address-key.ts).
 */
import { API, VOD_FEED_PATH } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import type { Config } from '../config.ts';
import type { Site } from '../db/sites.ts';
import type { SharedState } from '../request-state/memory-state.ts';
import { ApiError } from '../api-error.ts';
import { addressKey } from '../net/address-key.ts';

export interface RateRule {
  name: string;
  paths: readonly string[];
  limit: number;
  windowMs: number;
  /** ip: the client address · user: the session's user · account: the account name signed in to. */
  per: 'ip' | 'user' | 'account';
  /** The limit instead for a user whose account is younger than NEW_ACCOUNT_MS. */
  newAccountLimit?: number;
  /** What the refusal says is too frequent (注册过于频繁，请 N 分钟后再试); default 操作太频繁，请 N 秒后再试. */
  action?: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Accounts younger than this get a rule's newAccountLimit. */
export const NEW_ACCOUNT_MS = 24 * 60 * MINUTE;

/** The rules whose limits are fixed; rateRules adds those the settings give. */
export const RATE_RULES: readonly RateRule[] = [
  { name: 'signin', paths: [API.loginDevice, API.loginAccount], limit: 120, windowMs: MINUTE, per: 'ip' },
  // Password guessing against one account, from anywhere.
  { name: 'signin-account', paths: [API.loginAccount], limit: 10, windowMs: 10 * MINUTE, per: 'account' },
  { name: 'bind', paths: [API.bindAccount], limit: 10, windowMs: 10 * MINUTE, per: 'user' },
  { name: 'bind-ip', paths: [API.bindAccount], limit: 20, windowMs: HOUR, per: 'ip', action: '绑定账号' },
  { name: 'deposit', paths: [API.depositVip, API.depositCoin], limit: 10, windowMs: MINUTE, per: 'user' },
  // 查询 asks the payment gateway: a few taps a minute are plenty.
  { name: 'deposit-recheck', paths: [API.depositRecheck], limit: 6, windowMs: MINUTE, per: 'user' },
  { name: 'points', paths: [API.claimTask, API.exchangeGoods], limit: 30, windowMs: MINUTE, per: 'user' },
  // The player beats every 15 s; several tabs or quick pause/play stay well below this.
  { name: 'heartbeat', paths: [API.movieHeartbeat], limit: 30, windowMs: MINUTE, per: 'user' },
  // Members' writings: a lively thread or a burst of danmaku stays below these; a new account a third.
  { name: 'reply', paths: [API.replyCreate], limit: 10, windowMs: MINUTE, per: 'user', newAccountLimit: 3 },
  { name: 'danmaku', paths: [API.danmakuSend], limit: 20, windowMs: MINUTE, per: 'user', newAccountLimit: 7 },
  {
    name: 'report',
    paths: [API.reportCreate],
    limit: 10,
    windowMs: 10 * MINUTE,
    per: 'user',
    newAccountLimit: 3,
    action: '举报',
  },
  // Names are checked against every member's and operator's: a member cannot probe them by the dozen.
  {
    name: 'personal',
    paths: [API.updatePersonal],
    limit: 10,
    windowMs: 10 * MINUTE,
    per: 'user',
    action: '修改资料',
  },
  // The MacCMS feed (server/supply/provide-routes.ts): a collector walks its pages one after another,
  // an app lists a category or searches; a scraper asking faster waits.
  { name: 'vod-feed', paths: [VOD_FEED_PATH], limit: 120, windowMs: MINUTE, per: 'ip', action: '采集' },
  // A household or an office behind one address reports far less than this.
  { name: 'report-ip', paths: [API.reportCreate], limit: 30, windowMs: HOUR, per: 'ip', action: '举报' },
];

/**
 * Every rule: the fixed ones and the registrations per address of the settings. A device registers
 * once (it signs in by /login/deviceId after), so an address behind carrier NAT still sees few.
 */
export const rateRules = (config: Pick<Config, 'REGISTER_PER_ADDRESS_HOUR'>): readonly RateRule[] => [
  {
    name: 'register',
    paths: [API.registerDevice],
    limit: config.REGISTER_PER_ADDRESS_HOUR,
    windowMs: HOUR,
    per: 'ip',
    action: '注册',
  },
  ...RATE_RULES,
];

export interface RateSubject {
  site: Site;
  ip: string;
  userId: number | null;
  /** How long the session's user has had an account (ms); null without a session. */
  accountAgeMs: number | null;
  payload: unknown;
}

function limitOf(rule: RateRule, s: RateSubject): number {
  const { newAccountLimit } = rule;
  const young = s.accountAgeMs !== null && s.accountAgeMs < NEW_ACCOUNT_MS;
  return young && newAccountLimit !== undefined ? newAccountLimit : rule.limit;
}

function subjectOf(rule: RateRule, s: RateSubject): string | undefined {
  switch (rule.per) {
    case 'ip':
      return addressKey(s.ip);
    case 'user':
      return s.userId === null ? undefined : String(s.userId);
    case 'account': {
      const account = (s.payload as { account?: unknown } | null)?.account;
      return typeof account === 'string' ? account.toLowerCase() : undefined;
    }
  }
}

export interface RateLimiter {
  /**
   * Counts the call against its rules; rejects with code 8 when one of them is exceeded. Answers
   * undefined, no promise, for a path without rules (most calls), as the protocol runs this on
   * every request.
   */
  check(path: string, subject: RateSubject): Promise<void> | undefined;
}

/** The msg of code 8: what is too frequent and how long to wait (minutes past a minute). */
function refusal(rule: RateRule, resetInMs: number): string {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  if (rule.action === undefined) return `操作太频繁，请 ${seconds} 秒后再试`;
  const wait = seconds <= 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`;
  return `${rule.action}过于频繁，请 ${wait}后再试`;
}

export function createRateLimiter(state: SharedState, rules: readonly RateRule[]): RateLimiter {
  const byPath = new Map<string, RateRule[]>();
  for (const rule of rules) for (const path of rule.paths) byPath.set(path, [...(byPath.get(path) ?? []), rule]);
  async function countHits(pathRules: readonly RateRule[], subject: RateSubject): Promise<void> {
    for (const rule of pathRules) {
      const who = subjectOf(rule, subject);
      if (who === undefined) continue;
      const { count, resetInMs } = await state.hit(`rate:${rule.name}:${subject.site.id}:${who}`, rule.windowMs);
      if (count > limitOf(rule, subject)) throw new ApiError(Code.RateLimited, refusal(rule, resetInMs));
    }
  }
  return {
    check(path, subject) {
      const rules = byPath.get(path);
      return rules ? countHits(rules, subject) : undefined;
    },
  };
}

/** For RATE_LIMITS=off (tests, benchmarks): counts nothing. */
export const noRateLimits: RateLimiter = { check: () => undefined };

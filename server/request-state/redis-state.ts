/**
 * SharedState in Redis, one connection per process: replay ids as SET NX PX, rate-limit windows as
 * an INCR with an expiry set on the window's first hit (one Lua script, atomic), read with GET and
 * PTTL (another) and ended with DEL. Every process with
 * the same REDIS_URL and key prefix sees the same ids and counts.
 *
 * Redis down never stops the server: commands fail fast (no offline queue, a short timeout) and
 * fall back to this process's memory (server/request-state/memory-state.ts), logged once as "degraded" when Redis goes
 * away and once more when it is back; ioredis keeps reconnecting in the background.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { createMemoryState, type HitCount, type SharedState } from './memory-state.ts';

export interface RedisStateOptions {
  url: string;
  /** Prepended to every key: one per deployment (or per test run) sharing a Redis. */
  keyPrefix?: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** A command that takes longer counts as Redis being down (ms). */
  commandTimeoutMs?: number;
}

const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

const PEEK_SCRIPT = `
local n = redis.call('GET', KEYS[1])
if not n then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(n), ttl}`;

/** The URL without its password, for logs. */
const FIRST_CONNECT_WAIT_MS = 2_000;

export function urlWithoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis://(invalid url)';
  }
}

export interface RedisState extends SharedState {
  /** Resolves once connected, or after `timeoutMs` (degraded until Redis answers). */
  ready(timeoutMs: number): Promise<void>;
}

export function createRedisState(options: RedisStateOptions): RedisState {
  const prefix = options.keyPrefix ?? 'station:';
  const { log } = options;
  const local = createMemoryState();
  const redis = new Redis(options.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? 1_000,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  const where = urlWithoutPassword(options.url);

  let degraded = false;
  const down = (reason: string) => {
    if (degraded) return;
    degraded = true;
    log.warn(
      `Redis ${where} unavailable (${reason}): DEGRADED, replay ids and rate limits are kept in this process's memory until it is back`,
    );
  };
  const up = () => {
    if (!degraded) return;
    degraded = false;
    log.info(`Redis ${where} available again: replay ids and rate limits are shared again`);
  };
  redis.on('ready', up);
  redis.on('error', (error: Error) => down(error.message));

  /** Resolves when connected, when a connection attempt failed, or after timeoutMs. */
  const connected = (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      if (redis.status === 'ready') return resolve();
      const timer = setTimeout(done, timeoutMs);
      function done() {
        clearTimeout(timer);
        redis.off('ready', done).off('error', done);
        resolve();
      }
      redis.once('ready', done).once('error', done);
    });
  // Calls made while the first connection is being set up wait for it rather than fall back.
  const firstConnection = connected(FIRST_CONNECT_WAIT_MS);

  async function guarded<T>(remote: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    await firstConnection;
    if (redis.status !== 'ready') {
      down(`connection ${redis.status}`);
      return fallback();
    }
    try {
      return await remote();
    } catch (error) {
      down(error instanceof Error ? error.message : String(error));
      return fallback();
    }
  }

  return {
    mode: () => (redis.status === 'ready' && !degraded ? 'redis' : 'memory'),
    claim: (key, ttlMs) =>
      guarded(
        async () => (await redis.set(`${prefix}claim:${key}`, '1', 'PX', ttlMs, 'NX')) === 'OK',
        () => local.claim(key, ttlMs),
      ),
    hit: (key, windowMs) =>
      guarded(
        async (): Promise<HitCount> => {
          const [count, resetInMs] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}hit:${key}`, String(windowMs))) as [
            number,
            number,
          ];
          return { count, resetInMs };
        },
        () => local.hit(key, windowMs),
      ),
    peek: (key) =>
      guarded(
        async (): Promise<HitCount> => {
          const [count, resetInMs] = (await redis.eval(PEEK_SCRIPT, 1, `${prefix}hit:${key}`)) as [number, number];
          return { count, resetInMs };
        },
        () => local.peek(key),
      ),
    forget: (key) =>
      guarded(
        async () => {
          await redis.del(`${prefix}hit:${key}`);
        },
        () => local.forget(key),
      ),
    async ready(timeoutMs) {
      await connected(timeoutMs);
      if (redis.status !== 'ready') down(`no connection within ${timeoutMs} ms`);
    },
    async close() {
      await local.close();
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

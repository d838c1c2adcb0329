import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisState, urlWithoutPassword } from './redis-state.ts';
import { createMemoryState, type SharedState } from './memory-state.ts';

describe('memory state', () => {
  it('claims a key once within its time to live, and again after it expired', async () => {
    let now = 1_000_000;
    const state = createMemoryState({ now: () => now });
    expect(await state.claim('a', 600_000)).toBe(true);
    expect(await state.claim('a', 600_000)).toBe(false);
    expect(await state.claim('b', 600_000)).toBe(true);
    now += 599_999;
    expect(await state.claim('a', 600_000)).toBe(false);
    now += 1;
    expect(await state.claim('a', 600_000)).toBe(true);
    expect(await state.claim('a', 600_000)).toBe(false);
  });

  it('counts hits in a fixed window that starts with its first hit', async () => {
    let now = 0;
    const state = createMemoryState({ now: () => now });
    expect(await state.hit('k', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    now = 400;
    expect(await state.hit('k', 1_000)).toEqual({ count: 2, resetInMs: 600 });
    expect(await state.hit('other', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    now = 1_000;
    expect(await state.hit('k', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
  });

  it('reads a window without counting a hit, and forgets one', async () => {
    let now = 0;
    const state = createMemoryState({ now: () => now });
    expect(await state.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    await state.hit('k', 1_000);
    await state.hit('k', 1_000);
    now = 300;
    expect(await state.peek('k')).toEqual({ count: 2, resetInMs: 700 });
    expect(await state.peek('k')).toEqual({ count: 2, resetInMs: 700 });
    await state.forget('k');
    expect(await state.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect(await state.hit('k', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    now = 1_300;
    expect(await state.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect(state.size()).toBe(1); // a peek adds nothing
  });

  it('sweeps expired entries so memory does not grow with traffic', async () => {
    let now = 0;
    const state = createMemoryState({ now: () => now, sweepEveryMs: 1_000 });
    for (let i = 0; i < 100; i++) await state.claim(`old-${i}`, 500);
    for (let i = 0; i < 100; i++) await state.hit(`old-${i}`, 500);
    expect(state.size()).toBe(200);
    now = 2_000;
    await state.claim('new', 500);
    expect(state.size()).toBe(1);
  });
});

const redisUrl = process.env.REDIS_URL;
const silent = { info: () => {}, warn: () => {} };

describe.runIf(redisUrl)('Redis state', () => {
  const states: SharedState[] = [];
  afterAll(async () => {
    await Promise.all(states.map((state) => state.close()));
  });
  const open = async (keyPrefix = `test:${randomBytes(6).toString('hex')}:`) => {
    const state = createRedisState({ url: redisUrl!, keyPrefix, log: silent });
    states.push(state);
    await state.ready(2_000);
    expect(state.mode()).toBe('redis');
    return state;
  };

  it('claims a key once within its time to live, and again after it expired', async () => {
    const state = await open();
    expect(await state.claim('a', 200)).toBe(true);
    expect(await state.claim('a', 200)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await state.claim('a', 200)).toBe(true);
  });

  it('shares claims and hit counts between processes using the same prefix', async () => {
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    const [first, second] = [await open(prefix), await open(prefix)];
    const claims = await Promise.all([first.claim('same', 10_000), second.claim('same', 10_000)]);
    expect(claims.sort()).toEqual([false, true]);
    const hits = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).hit('k', 10_000)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const h of hits) expect(h.resetInMs).toBeGreaterThan(9_000);
    const seen = await second.peek('k');
    expect(seen.count).toBe(10);
    expect(seen.resetInMs).toBeGreaterThan(9_000);
    expect(await first.peek('never')).toEqual({ count: 0, resetInMs: 0 });
    await first.forget('k');
    expect(await second.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect((await second.hit('k', 10_000)).count).toBe(1);
  });
});

/** A port that accepts nothing: a server bound and closed again. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  for (const deadline = Date.now() + timeoutMs; !check() && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(check()).toBe(true);
};

describe('Redis state while Redis is down', () => {
  it('names Redis in its log without the password', () => {
    expect(urlWithoutPassword('redis://app:s3cret@cache:6379/2')).toBe('redis://app:***@cache:6379/2');
    expect(urlWithoutPassword('rediss://cache:6380')).toBe('rediss://cache:6380');
  });

  it('answers from memory and logs the degraded mode once', async () => {
    const port = await closedPort();
    const warnings: string[] = [];
    const state = createRedisState({
      url: `redis://127.0.0.1:${port}`,
      log: { info: () => {}, warn: (m: string) => void warnings.push(m) },
    });
    try {
      await state.ready(300);
      expect(state.mode()).toBe('memory');
      expect(await state.claim('a', 10_000)).toBe(true);
      expect(await state.claim('a', 10_000)).toBe(false);
      expect((await state.hit('k', 10_000)).count).toBe(1);
      expect((await state.hit('k', 10_000)).count).toBe(2);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^Redis redis:\/\/127\.0\.0\.1:\d+ unavailable \(.+\): DEGRADED/);
    } finally {
      await state.close();
    }
  });
});

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

describe.runIf(hasRedisServer)('Redis state when Redis goes away and comes back (a redis-server of its own)', () => {
  it('falls back to memory, logs DEGRADED, and shares again once Redis is back', { timeout: 30_000 }, async () => {
    const port = await closedPort();
    const startRedis = () =>
      spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
    let redis = startRedis();
    const log: string[] = [];
    const state = createRedisState({
      url: `redis://127.0.0.1:${port}`,
      log: { info: (m: string) => void log.push(`info ${m}`), warn: (m: string) => void log.push(`warn ${m}`) },
    });
    try {
      await until(() => state.mode() === 'redis');
      expect(await state.claim('a', 60_000)).toBe(true);
      const seen = log.length; // a first DEGRADED may precede redis-server's start
      redis.kill('SIGKILL');
      await until(() => state.mode() === 'memory');
      expect(await state.claim('b', 60_000)).toBe(true); // from memory
      expect(await state.claim('b', 60_000)).toBe(false);
      expect(log.slice(seen).filter((line) => line.includes('DEGRADED'))).toHaveLength(1);

      redis = startRedis();
      await until(() => state.mode() === 'redis');
      expect(log.at(-1)).toMatch(/^info Redis .* available again/);
      expect(await state.claim('c', 60_000)).toBe(true);
      expect((await state.hit('k', 60_000)).count).toBe(1);
    } finally {
      await state.close();
      redis.kill('SIGKILL');
    }
  });
});

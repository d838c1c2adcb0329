/**
 * The state every server process must agree on (docs/architecture.md): replay ids (`claim`) and
 * rate-limit counters (`hit`, read with `peek`, ended early with `forget`). One process keeps it in memory (here); several processes behind a
 * load balancer share it in Redis (redis-state.ts), which falls back to this memory state while
 * Redis is down.
 */

export interface HitCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Time until the window ends and the count starts again (ms). */
  resetInMs: number;
}

export interface SharedState {
  /** 'redis' while Redis answers; 'memory' for a single process or while Redis is down. */
  mode(): 'memory' | 'redis';
  /** True the first time `key` is claimed within `ttlMs`, false afterwards. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Counts a hit on `key` in a fixed window of `windowMs` that starts with the window's first hit. */
  hit(key: string, windowMs: number): Promise<HitCount>;
  /** The hits on `key` in its current window without counting one (count 0 when there is none). */
  peek(key: string): Promise<HitCount>;
  /** Ends `key`'s window: its next hit counts from one again. */
  forget(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface MemoryStateOptions {
  now?: () => number;
  /** Sweep expired entries at most this often (ms), so memory does not grow with traffic. */
  sweepEveryMs?: number;
}

interface Window {
  expiresAt: number;
  count: number;
}

const NO_HITS: HitCount = Object.freeze({ count: 0, resetInMs: 0 });

/** Answers of claim, made once: a claim allocates no promise of its own. */
const CLAIMED = Promise.resolve(true);
const ALREADY_CLAIMED = Promise.resolve(false);

export function createMemoryState(options: MemoryStateOptions = {}): SharedState & { size(): number } {
  const now = options.now ?? Date.now;
  const sweepEveryMs = options.sweepEveryMs ?? 30_000;
  // Replay ids are one per signed request: a bare expiry time each, in a map of their own, so the
  // hot claim costs one lookup and one set, without a key prefix or an object per id.
  const claims = new Map<string, number>();
  const windows = new Map<string, Window>();
  let nextSweep = now() + sweepEveryMs;

  const sweepWhenDue = (time: number): void => {
    if (time < nextSweep) return;
    for (const [key, expiresAt] of claims) if (expiresAt <= time) claims.delete(key);
    for (const [key, window] of windows) if (window.expiresAt <= time) windows.delete(key);
    nextSweep = time + sweepEveryMs;
  };

  return {
    mode: () => 'memory',
    claim(key, ttlMs) {
      const time = now();
      sweepWhenDue(time);
      const expiresAt = claims.get(key);
      if (expiresAt !== undefined && expiresAt > time) return ALREADY_CLAIMED;
      claims.set(key, time + ttlMs);
      return CLAIMED;
    },
    async hit(key, windowMs) {
      const time = now();
      sweepWhenDue(time);
      const live = windows.get(key);
      const window = live && live.expiresAt > time ? live : { expiresAt: time + windowMs, count: 0 };
      window.count += 1;
      windows.set(key, window);
      return { count: window.count, resetInMs: window.expiresAt - time };
    },
    async peek(key) {
      const time = now();
      const live = windows.get(key);
      return live && live.expiresAt > time ? { count: live.count, resetInMs: live.expiresAt - time } : NO_HITS;
    },
    async forget(key) {
      windows.delete(key);
    },
    async close() {
      claims.clear();
      windows.clear();
    },
    size: () => claims.size + windows.size,
  };
}

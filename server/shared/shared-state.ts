/**
 * The state every server process must agree on (DESIGN.md section 4): replay ids (`claim`) and
 * rate-limit counters (`hit`). One process keeps it in memory (here); several processes behind a
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
  close(): Promise<void>;
}

export interface MemoryStateOptions {
  now?: () => number;
  /** Sweep expired entries at most this often (ms), so memory does not grow with traffic. */
  sweepEveryMs?: number;
}

interface Entry {
  expiresAt: number;
  count: number;
}

export function createMemoryState(options: MemoryStateOptions = {}): SharedState & { size(): number } {
  const now = options.now ?? Date.now;
  const sweepEveryMs = options.sweepEveryMs ?? 30_000;
  const entries = new Map<string, Entry>();
  let nextSweep = now() + sweepEveryMs;

  /** The live entry of key at `time`, after sweeping when it is due. */
  const live = (key: string, time: number): Entry | undefined => {
    if (time >= nextSweep) {
      for (const [k, entry] of entries) if (entry.expiresAt <= time) entries.delete(k);
      nextSweep = time + sweepEveryMs;
    }
    const entry = entries.get(key);
    return entry && entry.expiresAt > time ? entry : undefined;
  };

  return {
    mode: () => 'memory',
    async claim(key, ttlMs) {
      const time = now();
      if (live(`claim:${key}`, time)) return false;
      entries.set(`claim:${key}`, { expiresAt: time + ttlMs, count: 1 });
      return true;
    },
    async hit(key, windowMs) {
      const time = now();
      const entry = live(`hit:${key}`, time) ?? { expiresAt: time + windowMs, count: 0 };
      entry.count += 1;
      entries.set(`hit:${key}`, entry);
      return { count: entry.count, resetInMs: entry.expiresAt - time };
    },
    async close() {
      entries.clear();
    },
    size: () => entries.size,
  };
}

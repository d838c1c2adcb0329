import { describe, expect, it } from 'vitest';
import { CACHE_MAX_ENTRIES, CACHE_TTL_MS, ResponseCache } from './cache.ts';

function cacheWithClock() {
  let now = 1_000_000;
  const cache = new ResponseCache<string>({ now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('ResponseCache', () => {
  it('keys by path and payload JSON', () => {
    expect(ResponseCache.keyOf('/a', { page: 1 })).not.toBe(ResponseCache.keyOf('/a', { page: 2 }));
    expect(ResponseCache.keyOf('/a', { page: 1 })).not.toBe(ResponseCache.keyOf('/b', { page: 1 }));
    expect(ResponseCache.keyOf('/a', undefined)).toBe(ResponseCache.keyOf('/a', {}));
  });

  it('serves an entry for 60 s and drops it after', () => {
    const { cache, advance } = cacheWithClock();
    expect(CACHE_TTL_MS).toBe(60_000);
    cache.set('k', 'v');
    advance(59_999);
    expect(cache.get('k')).toBe('v');
    advance(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not extend the lifetime on a hit', () => {
    const { cache, advance } = cacheWithClock();
    cache.set('k', 'v');
    advance(30_000);
    expect(cache.get('k')).toBe('v');
    advance(30_000);
    expect(cache.get('k')).toBeUndefined();
  });

  it('a new set restarts the lifetime', () => {
    const { cache, advance } = cacheWithClock();
    cache.set('k', 'old');
    advance(50_000);
    cache.set('k', 'new');
    advance(50_000);
    expect(cache.get('k')).toBe('new');
  });

  it('holds at most 100 entries: the 101st evicts the least recently used', () => {
    const { cache } = cacheWithClock();
    expect(CACHE_MAX_ENTRIES).toBe(100);
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, `v${i}`);
    expect(cache.size).toBe(100);
    cache.set('k100', 'v100');
    expect(cache.size).toBe(100);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k1')).toBe('v1');
    expect(cache.get('k100')).toBe('v100');
  });

  it('a get refreshes recency, so another entry is evicted', () => {
    const { cache } = cacheWithClock();
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, `v${i}`);
    expect(cache.get('k0')).toBe('v0');
    cache.set('k100', 'v100');
    expect(cache.get('k0')).toBe('v0');
    expect(cache.get('k1')).toBeUndefined();
  });

  it('clears', () => {
    const { cache } = cacheWithClock();
    cache.set('a', '1');
    cache.set('b', '2');
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('a')).toBeUndefined();
  });
});

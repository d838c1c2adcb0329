/** The microcache of public reads: TTL, one answer made per key at a time, failures not kept, writes empty it. */
import { describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../db/db.ts';
import { ReadCache, writeWatch } from './read-cache.ts';

function clockAt(start = 0) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('ReadCache', () => {
  it('keeps an answer for the TTL, then makes it anew', async () => {
    const clock = clockAt();
    const cache = new ReadCache<Buffer>(2_000, 10, clock.now);
    let made = 0;
    const make = async () => Buffer.from(`body ${++made}`);
    expect(String(await cache.answer('k', make))).toBe('body 1');
    clock.advance(1_999);
    expect(String(await cache.answer('k', make))).toBe('body 1');
    clock.advance(1);
    expect(String(await cache.answer('k', make))).toBe('body 2');
  });

  it('tells a fresh kept answer (kept) without making one', async () => {
    const clock = clockAt();
    const cache = new ReadCache<Buffer>(2_000, 10, clock.now);
    expect(cache.kept('k')).toBeUndefined();
    await cache.answer('k', async () => Buffer.from('body'));
    expect(String(await cache.kept('k'))).toBe('body');
    clock.advance(2_000);
    expect(cache.kept('k')).toBeUndefined();
  });

  it('makes one answer for concurrent asks of the same key; keys are apart', async () => {
    const cache = new ReadCache<Buffer>(2_000, 10, clockAt().now);
    let made = 0;
    let release: (body: Buffer) => void = () => {};
    const make = () => {
      made++;
      return new Promise<Buffer>((resolve) => (release = resolve));
    };
    const asks = [cache.answer('k', make), cache.answer('k', make), cache.answer('k', make)];
    release(Buffer.from('shared'));
    expect((await Promise.all(asks)).map(String)).toEqual(['shared', 'shared', 'shared']);
    expect(made).toBe(1);
    expect(String(await cache.answer('other', async () => Buffer.from('other')))).toBe('other');
  });

  it('does not keep a failure', async () => {
    const cache = new ReadCache<Buffer>(2_000, 10, clockAt().now);
    await expect(cache.answer('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(String(await cache.answer('k', async () => Buffer.from('ok')))).toBe('ok');
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = new ReadCache<Buffer>(60_000, 2, clockAt().now);
    const text = (value: string) => async () => Buffer.from(value);
    await cache.answer('a', text('a1'));
    await cache.answer('b', text('b1'));
    await cache.answer('c', text('c1'));
    expect(String(await cache.answer('a', text('a2')))).toBe('a2');
    expect(String(await cache.answer('c', text('c2')))).toBe('c1');
  });

  it('is off with a TTL of 0', () => {
    expect(new ReadCache<Buffer>(0).enabled).toBe(false);
    expect(new ReadCache<Buffer>(1).enabled).toBe(true);
  });

  it('gives no key to a payload that is long or nested too deep', () => {
    expect(ReadCache.keyOf(1, '/home/getIndex', { junk: 'x'.repeat(600) })).toBeNull();
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(ReadCache.keyOf(1, '/home/getIndex', deep)).toBeNull();
  });

  it('keys by site, path and payload', () => {
    expect(ReadCache.keyOf(1, '/movie/getPage', { page: 1 })).not.toBe(
      ReadCache.keyOf(2, '/movie/getPage', { page: 1 }),
    );
    expect(ReadCache.keyOf(1, '/movie/getPage', { page: 1 })).not.toBe(
      ReadCache.keyOf(1, '/topic/getPage', { page: 1 }),
    );
    expect(ReadCache.keyOf(1, '/movie/getPage', { page: 1 })).not.toBe(
      ReadCache.keyOf(1, '/movie/getPage', { page: 2 }),
    );
  });
});

describe('writeWatch', () => {
  const fakeDb = (fail: boolean): Db => {
    const q: Queryable = { query: async () => [], one: async () => undefined, exec: async () => {} };
    return {
      ...q,
      kind: 'pglite',
      close: async () => {},
      tx: async (fn) => (fail ? Promise.reject(new Error('rolled back')) : fn(q)),
    };
  };

  it('empties the cache after a committed transaction, not after a rolled-back one', async () => {
    const cache = new ReadCache<Buffer>(60_000, 10, clockAt().now);
    const text = (value: string) => async () => Buffer.from(value);
    await cache.answer('k', text('before'));
    await expect(writeWatch(fakeDb(true), cache).tx(async () => 1)).rejects.toThrow('rolled back');
    expect(String(await cache.answer('k', text('after')))).toBe('before');
    expect(await writeWatch(fakeDb(false), cache).tx(async () => 7)).toBe(7);
    expect(String(await cache.answer('k', text('after')))).toBe('after');
  });
});

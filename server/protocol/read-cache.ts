/**
 * A microcache of public reads (PUBLIC_PATHS of contract/calls/paths.ts: answered alike for every
 * visitor): the finished answer body (the encrypted envelope, deterministic for a given envelope
 * since key and IV are fixed), as the bytes the socket sends, is kept per site, path and payload
 * for `ttlMs`, so a hot list costs the protocol checks and no query, JSON, AES or string encoding
 * (the list call at half a bare route's rate). The answer's data is kept beside it for the calls'
 * afterAnswer (define-call.ts): a search answered from here still counts. One answer is made per
 * key at a time; failures are not kept.
 *
 * Staleness is bounded by the TTL (2 s by default, READ_CACHE_MS; the client keeps answers 60 s
 * anyway), and the process empties the cache whenever a call commits a transaction (writeWatch),
 * so a member's own change (a like, a reply, a publish) reads back at once on this process.
 * Counters bumped outside transactions (views, clicks) may lag by the TTL.
 */
import type { Db } from '../db/db.ts';

/** Payloads whose JSON is longer are not cached (junk fields must not fill the cache). */
const MAX_PAYLOAD_KEY = 512;

/** A kept answer: the bytes the socket sends, and the data they encrypt (for Call.afterAnswer). */
export interface KeptAnswer {
  body: Buffer;
  data: unknown;
}

interface Entry<V> {
  expiresAt: number;
  answer: Promise<V>;
}

export class ReadCache<V = KeptAnswer> {
  private entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The key of a call, or null when its payload is not worth a key (too long, or not JSON-able). */
  static keyOf(siteId: number, path: string, payload: unknown): string | null {
    try {
      const json = JSON.stringify(payload);
      return json.length <= MAX_PAYLOAD_KEY ? `${siteId} ${path} ${json}` : null;
    } catch {
      return null; // e.g. nested too deep for JSON.stringify
    }
  }

  /** The answer kept for `key` while it is fresh; lets a hit skip making a `make` closure. */
  kept(key: string): Promise<V> | undefined {
    const kept = this.entries.get(key);
    return kept && kept.expiresAt > this.clock() ? kept.answer : undefined;
  }

  /** The answer kept for `key`, or the one `make` answers (kept when it succeeds). */
  answer(key: string, make: () => Promise<V>): Promise<V> {
    const time = this.clock();
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > time) return kept.answer;
    if (kept) this.entries.delete(key);
    const answer = make();
    const entry = { expiresAt: time + this.ttlMs, answer };
    this.entries.set(key, entry);
    answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return answer;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The Db with every committed transaction emptying the cache. */
export function writeWatch<V>(db: Db, cache: ReadCache<V>): Db {
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    one: (sql, params) => db.one(sql, params),
    exec: (sql) => db.exec(sql),
    async tx(fn) {
      const result = await db.tx(fn);
      cache.clear();
      return result;
    },
    close: () => db.close(),
  };
}

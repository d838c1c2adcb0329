/**
 * In-memory response cache of the API client (docs/spec.md section 7, docs/api.md): successful
 * answers live 60 s, at most 100 entries, least recently used evicted first. A Map keeps insertion
 * order, so re-inserting on every hit makes its first key the least recently used one.
 * The clock is injectable so tests can move time. Cached values are shared: callers must not
 * mutate what they get.
 */

import { answerKey } from '../../contract/first-paint.ts';

export const CACHE_TTL_MS = 60_000;
export const CACHE_MAX_ENTRIES = 100;

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export interface ResponseCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Current time in ms; Date.now by default. */
  now?: () => number;
}

export class ResponseCache<V = unknown> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor({
    ttlMs = CACHE_TTL_MS,
    maxEntries = CACHE_MAX_ENTRIES,
    now = () => Date.now(),
  }: ResponseCacheOptions = {}) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  /** The cache key of a call: its path and the JSON of its payload. */
  static keyOf(path: string, payload: unknown): string {
    return answerKey(path, payload);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The live value, refreshed as most recently used; undefined when absent or expired. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.#now()) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.#now() + this.#ttlMs });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}

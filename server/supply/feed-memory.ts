/**
 * What the MacCMS feed remembers between requests, in this process (provide-routes.ts):
 * - where each page it answered ended, for ANCHOR_MS: collectors and apps read page after page, so
 *   the next page is read from there by the feed's index (server/db/vod-feed.ts) rather than by an
 *   offset that walks every title before it; a page asked with no page before it, or after the
 *   anchor expired, is read by its offset;
 * - each filter's total for TOTAL_MS: MacCMS's `total` and `pagecount` are the catalogue's size, a
 *   count over every visible title, not worth making again for every page of a run.
 * Both are bounded (the oldest entries go first).
 */
import type { VodAnchor } from '../db/vod-feed.ts';

export const ANCHOR_MS = 10 * 60_000;
export const TOTAL_MS = 60_000;
const MAX_ANCHORS = 10_000;
const MAX_TOTALS = 1_000;

interface Kept<T> {
  value: T;
  at: number;
}

/** A map whose entries last `ttl` ms, at most `max` of them (the oldest dropped first). */
class Fading<T> {
  private readonly entries = new Map<string, Kept<T>>();

  constructor(
    private readonly ttl: number,
    private readonly max: number,
  ) {}

  get(key: string, now: number): T | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    if (now - kept.at > this.ttl) {
      this.entries.delete(key);
      return undefined;
    }
    return kept.value;
  }

  set(key: string, value: T, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: now });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

export class FeedMemory {
  private readonly anchors = new Fading<VodAnchor>(ANCHOR_MS, MAX_ANCHORS);
  private readonly totals = new Fading<number>(TOTAL_MS, MAX_TOTALS);

  /** Where page `page` of the listing `listing` (its filters and page size) ended, when known. */
  anchor(listing: string, page: number, now: number): VodAnchor | undefined {
    return this.anchors.get(`${page} ${listing}`, now);
  }

  remember(listing: string, page: number, anchor: VodAnchor | null, now: number): void {
    if (anchor) this.anchors.set(`${page} ${listing}`, anchor, now);
  }

  /** The filters' total, counted at most every TOTAL_MS. */
  async total(filters: string, now: number, count: () => Promise<number>): Promise<number> {
    const kept = this.totals.get(filters, now);
    if (kept !== undefined) return kept;
    const total = await count();
    this.totals.set(filters, total, now);
    return total;
  }
}

/**
 * The danmaku of one movie as the viewer moves through it: fetched by aligned time windows
 * (WINDOW_MS) as playback advances, the next one shortly before the current ends, and the window of
 * the new position again after a seek (what others sent since comes in); kept by id, so a window
 * fetched twice adds nothing twice.
 * The viewer's own danmaku is added at once (optimistic, under a temporary key) and confirmed with
 * the server's id; the window that later brings it back does not add it a second time.
 */
import type { DanmakuItem } from '../../../contract/calls/community.ts';

export const WINDOW_MS = 30_000;
/** The next window is fetched once playback is this close to the end of the current one. */
export const AHEAD_MS = 10_000;
/** A failed window is asked again after this long. */
const RETRY_MS = 5_000;

export interface FeedItem extends DanmakuItem {
  /** Stable for the life of the item (an optimistic one keeps its key once confirmed). */
  key: string;
}

type FetchRange = (fromMs: number, toMs: number) => Promise<DanmakuItem[]>;

export class DanmakuFeed {
  private readonly byKey = new Map<string, FeedItem>();
  private readonly keyOfId = new Map<number, string>();
  /** Windows fetched or in flight, or failed (index → when to retry). */
  private readonly windows = new Map<number, 'loading' | 'loaded' | number>();
  private readonly listeners = new Set<() => void>();
  private sorted: FeedItem[] = [];
  private pending = 0;

  constructor(private readonly fetchRange: FetchRange) {}

  /** The current position (ms): its window, and the next one when near its end; `seeked`: again. */
  follow(atMs: number, seeked = false): void {
    const index = Math.floor(Math.max(0, atMs) / WINDOW_MS);
    this.load(index, seeked);
    if (atMs - index * WINDOW_MS >= WINDOW_MS - AHEAD_MS) this.load(index + 1, seeked);
  }

  private load(index: number, again: boolean): void {
    const state = this.windows.get(index);
    if (state === 'loading' || (state === 'loaded' && !again) || (typeof state === 'number' && Date.now() < state))
      return;
    this.windows.set(index, 'loading');
    this.fetchRange(index * WINDOW_MS, (index + 1) * WINDOW_MS).then(
      (list) => {
        this.windows.set(index, 'loaded');
        this.merge(list);
      },
      () => this.windows.set(index, Date.now() + RETRY_MS),
    );
  }

  /** Adds what is not known yet; the viewer's own danmaku still pending is matched by text and time. */
  merge(list: readonly DanmakuItem[]): void {
    let changed = false;
    for (const item of list) {
      if (this.keyOfId.has(item.id)) continue;
      const own = item.mine ? this.pendingMatch(item) : undefined;
      const key = own?.key ?? `d${item.id}`;
      this.byKey.set(key, { ...item, key });
      this.keyOfId.set(item.id, key);
      changed = true;
    }
    if (changed) this.changed();
  }

  private pendingMatch(item: DanmakuItem): FeedItem | undefined {
    for (const candidate of this.byKey.values()) {
      if (candidate.id < 0 && candidate.text === item.text && Math.abs(candidate.atMs - item.atMs) < 1_000)
        return candidate;
    }
    return undefined;
  }

  /** The viewer's own danmaku, shown before the server answered; returns its key. */
  addOwn(item: Omit<DanmakuItem, 'id' | 'mine'>): string {
    const id = -++this.pending;
    const key = `own${-id}`;
    this.byKey.set(key, { ...item, id, mine: true, key });
    this.changed();
    return key;
  }

  /** The server's answer for an own danmaku: it keeps its key and takes the server's id and time. */
  confirm(key: string, item: DanmakuItem): void {
    const known = this.keyOfId.get(item.id);
    if (known && known !== key)
      this.byKey.delete(key); // its window came back first
    else {
      this.byKey.set(key, { ...item, key });
      this.keyOfId.set(item.id, key);
    }
    this.changed();
  }

  /** An own danmaku the server refused. */
  drop(key: string): void {
    if (this.byKey.delete(key)) this.changed();
  }

  /** Every item, by time. */
  list(): readonly FeedItem[] {
    return this.sorted;
  }

  get(key: string): FeedItem | undefined {
    return this.byKey.get(key);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.sorted = [...this.byKey.values()].sort((a, b) => a.atMs - b.atMs || a.id - b.id);
    for (const listener of this.listeners) listener();
  }
}

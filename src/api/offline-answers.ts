/**
 * The answers of read calls kept in IndexedDB so visited screens open offline (docs/architecture.md). The API client (client.ts) saves every successful read here and serves a saved
 * answer only when the network fails; online, the server's answer always wins. Keys (client.ts)
 * name the user and the call (path and payload), so one member's lists never show for another.
 *
 * A named store of its own (idb-keyval's createStore), not the stores' default one, at most
 * OFFLINE_MAX_ANSWERS entries: the oldest go first, pruned once in a while after a write. Loaded
 * by client.ts on first use, outside the entry bundle.
 */
import { clear, createStore, delMany, entries, get, set } from 'idb-keyval';

export const OFFLINE_MAX_ANSWERS = 400;
const PRUNE_AFTER_MS = 5_000;

interface SavedAnswer {
  data: unknown;
  /** When it was saved (ms). */
  at: number;
}

const store = createStore('offline-answers', 'answers');
let pruneTimer: ReturnType<typeof setTimeout> | undefined;

/** The keys beyond the newest `max`, oldest last in `list` order of age; pure. */
export function keysToPrune(
  list: ReadonlyArray<readonly [IDBValidKey, SavedAnswer]>,
  max = OFFLINE_MAX_ANSWERS,
): IDBValidKey[] {
  return [...list]
    .sort((a, b) => b[1].at - a[1].at)
    .slice(max)
    .map(([key]) => key);
}

async function prune(): Promise<void> {
  const all = await entries<IDBValidKey, SavedAnswer>(store);
  const old = keysToPrune(all);
  if (old.length > 0) await delMany(old, store);
}

/** One call's saved answer, by its key (client.ts: the user, the path and the payload). */
export function offlineCopy(key: string) {
  return {
    /** Keeps the answer; failures (no IndexedDB, quota) only cost the offline copy. */
    async save(data: unknown, now = Date.now()): Promise<void> {
      clearTimeout(pruneTimer);
      pruneTimer = setTimeout(() => void prune().catch(() => undefined), PRUNE_AFTER_MS);
      try {
        await set(key, { data, at: now } satisfies SavedAnswer, store);
      } catch {
        // no IndexedDB here: nothing is kept
      }
    },
    /** The saved answer for a call that failed for want of a network; without one, that failure. */
    async read(failure: unknown): Promise<unknown> {
      let saved: SavedAnswer | undefined;
      try {
        saved = await get<SavedAnswer>(key, store);
      } catch {
        saved = undefined; // no IndexedDB here
      }
      if (saved === undefined) throw failure;
      return saved.data;
    },
  };
}

/** 清除本地数据 (src/features/settings/clear-site-data.ts). */
export const clearSavedAnswers = (): Promise<void> => clear(store);

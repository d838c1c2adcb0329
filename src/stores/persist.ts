/**
 * The persistence facade of the valtio stores (docs/architecture.md): `persist(key, proxy)` first
 * hydrates the proxy from IndexedDB, then writes a debounced `snapshot()` (never the proxy) after
 * every change. Pending writes are flushed when the page is hidden or unloaded, so closing the tab right after
 * a change loses nothing. idb-keyval's default database ("keyval-store", store "keyval") holds one
 * entry per store, under the keys of STORE_KEYS. Without IndexedDB (private modes, tests) the
 * stores simply stay in memory.
 */
import { get, set } from 'idb-keyval';
import { snapshot, subscribe } from 'valtio/vanilla';

const WRITE_DEBOUNCE_MS = 300;

const pendingFlushes = new Set<() => void>();
/** Set by persistOnly: the stores still written; the others are not any more. */
let writable: ReadonlySet<string> | null = null;

/** Copies the saved fields the proxy knows about; unknown or missing fields keep their defaults. */
function assignKnownFields(target: object, saved: unknown): void {
  if (typeof saved !== 'object' || saved === null) return;
  for (const field of Object.keys(target)) {
    if (field in saved) (target as Record<string, unknown>)[field] = (saved as Record<string, unknown>)[field];
  }
}

/**
 * `delayMs`: how long a write waits for more changes (a store changed by single taps that may be
 * followed at once by a navigation, which an IndexedDB write does not outlive, passes 0).
 */
export async function persist<T extends object>(
  key: string,
  state: T,
  { delayMs = WRITE_DEBOUNCE_MS }: { delayMs?: number } = {},
): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  try {
    assignKnownFields(state, await get(key));
  } catch (error) {
    console.warn(`[persist] could not read "${key}"`, error);
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    pendingFlushes.delete(write);
    if (writable && !writable.has(key)) return;
    set(key, snapshot(state)).catch((error: unknown) => console.warn(`[persist] could not write "${key}"`, error));
  };
  subscribe(state, () => {
    clearTimeout(timer);
    timer = setTimeout(write, delayMs);
    pendingFlushes.add(write);
  });
}

/**
 * From now on, in this page, only the stores of `keep` are written; the others' pending and later
 * writes (a page hiding flushes) are dropped. Logging out (features/account/forget-member.ts)
 * removes those stores and reloads: nothing may bring the last member's data back.
 */
export function persistOnly(keep: readonly string[]): void {
  writable = new Set(keep);
}

/** Writes every pending change now. */
export function flushPersistedStores(): void {
  for (const flush of [...pendingFlushes]) flush();
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushPersistedStores();
  });
  // A navigation away (a link to another document, a reload) may skip visibilitychange.
  window.addEventListener('pagehide', flushPersistedStores);
}

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

/** Copies the saved fields the proxy knows about; unknown or missing fields keep their defaults. */
function assignKnownFields(target: object, saved: unknown): void {
  if (typeof saved !== 'object' || saved === null) return;
  for (const field of Object.keys(target)) {
    if (field in saved) (target as Record<string, unknown>)[field] = (saved as Record<string, unknown>)[field];
  }
}

export async function persist<T extends object>(key: string, state: T): Promise<void> {
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
    set(key, snapshot(state)).catch((error: unknown) => console.warn(`[persist] could not write "${key}"`, error));
  };
  subscribe(state, () => {
    clearTimeout(timer);
    timer = setTimeout(write, WRITE_DEBOUNCE_MS);
    pendingFlushes.add(write);
  });
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

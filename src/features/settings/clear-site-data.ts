/**
 * "清除本地数据" of /mine/setting: the persisted stores (idb-keyval's IndexedDB store), the saved
 * answers of reads (api/offline-answers.ts), likes waiting to be sent (src/api/offline-queue.ts), the
 * service worker's caches, localStorage and sessionStorage, and the token cookie; the caller then
 * reloads. Pending store writes are flushed first so none lands after the clear (IndexedDB runs
 * them in order); nothing may change a persisted store afterwards.
 */
import { clear } from 'idb-keyval';
import { dropToken } from '../../stores/auth.ts';
import { flushPersistedStores } from '../../stores/persist.ts';
import { loadChunk } from '../../lib/load-chunk.ts';

export async function clearSiteData(): Promise<void> {
  dropToken();
  flushPersistedStores();
  const steps: Promise<unknown>[] = [];
  if (typeof indexedDB !== 'undefined') {
    steps.push(
      clear(),
      loadChunk(() => import('../../api/offline-answers.ts')).then((m) => m.clearSavedAnswers()),
      loadChunk(() => import('../../api/offline-queue.ts')).then((m) => m.clearOutbox()),
    );
  }
  if (typeof caches !== 'undefined')
    steps.push(caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name)))));
  await Promise.allSettled(steps);
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage disabled: nothing stored there either
  }
}

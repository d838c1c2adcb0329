/**
 * The synchronous side of the watch history: IndexedDB (stores/persist.ts) writes asynchronously
 * and a debounce later, so a reload or a closed tab right after a save can lose it. Every watch
 * save is therefore also written here, to localStorage, which is synchronous; the history store
 * merges these entries when it hydrates (the newest `at` of each title wins, so an entry already
 * in IndexedDB changes nothing). The journal keeps the JOURNAL_LIMIT newest titles; clearing the
 * history clears it too, and notes when (markCleared): entries saved before that, from an IndexedDB
 * write that did not finish or from the server, are dropped. Without localStorage (private modes,
 * tests) it does nothing.
 */
import { WATCH_CLEARED_KEY, WATCH_JOURNAL_KEY } from '../../lib/storage-keys.ts';

const JOURNAL_LIMIT = 20;

interface Journaled {
  movie: { id: number };
  at: number;
}

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/** The journaled entries, newest first; [] when there are none or they cannot be read. */
export function readJournal<E extends Journaled>(): E[] {
  try {
    const saved: unknown = JSON.parse(storage()?.getItem(WATCH_JOURNAL_KEY) ?? '[]');
    return Array.isArray(saved)
      ? (saved as E[]).filter((entry) => typeof entry?.movie?.id === 'number' && typeof entry.at === 'number')
      : [];
  } catch {
    return [];
  }
}

/** Writes `entry` at the front, replacing its title's older one. */
export function journalEntry<E extends Journaled>(entry: E): void {
  const list = [entry, ...readJournal<E>().filter((old) => old.movie.id !== entry.movie.id)].slice(0, JOURNAL_LIMIT);
  try {
    storage()?.setItem(WATCH_JOURNAL_KEY, JSON.stringify(list));
  } catch {
    // full or refused: IndexedDB still has it once its write finishes
  }
}

/** Removes one title's entry, or all of them. */
export function clearJournal(movieId?: number): void {
  try {
    if (movieId === undefined) storage()?.removeItem(WATCH_JOURNAL_KEY);
    else
      storage()?.setItem(
        WATCH_JOURNAL_KEY,
        JSON.stringify(readJournal().filter((entry) => entry.movie.id !== movieId)),
      );
  } catch {
    // nothing to clear
  }
}

interface Cleared {
  at: number;
  /** The server has been told. */
  sent: boolean;
}

function readCleared(): Cleared {
  try {
    const saved = JSON.parse(storage()?.getItem(WATCH_CLEARED_KEY) ?? 'null') as Partial<Cleared> | null;
    return { at: Number(saved?.at) || 0, sent: saved?.sent !== false };
  } catch {
    return { at: 0, sent: true };
  }
}

/** When the watch history was last cleared on this device (0: never). */
export const clearedAt = (): number => readCleared().at;

/** Whether a clear still has to reach the server. */
export const clearUnsent = (): boolean => !readCleared().sent;

/** Notes a clear of the whole history, at `at`, not yet sent (`sent` once the server has it). */
export function markCleared(at: number, sent = false): void {
  try {
    storage()?.setItem(WATCH_CLEARED_KEY, JSON.stringify({ at, sent }));
  } catch {
    // not kept: the server's copy may bring entries back
  }
}

/**
 * Watch and read history (docs/architecture.md), persisted to IndexedDB so /mine/history works
 * offline. Newest first, one entry per movie or post (a repeat moves it to the front with the new
 * position), at most HISTORY_LIMIT of each. Entries keep the card as it was shown, so the list
 * renders without a call. Hydrated when first imported (not part of the entry bundle); changes made
 * before that finished are applied after it.
 *
 * Watch entries are also journaled synchronously (watch-journal.ts) and merged at hydration, so the
 * last position survives a reload or a closed tab; the server's history (history-sync.ts) merges in
 * the same way: per title, the newest `at` wins (mergeWatch).
 */
import { proxy } from 'valtio/vanilla';
import type { MovieCard, PostCard } from '../../../contract/calls/content.ts';
import { STORE_KEYS } from '../../lib/storage-keys.ts';
import { persist } from '../../stores/persist.ts';
import { movieCardOf } from '../movies/movie-card-of.ts';
import { clearedAt, clearJournal, journalEntry, markCleared, readJournal } from './watch-journal.ts';

export const HISTORY_LIMIT = 200;
/** A position this close to the end (at most this share of the length) counts as watched to the end. */
const END_MARGIN_S = 5;
const END_MARGIN_SHARE = 0.05;

export interface WatchEntry {
  movie: MovieCard;
  /** The episode watched last (absent in entries saved before episodes: episode 1). */
  episode?: number;
  /** Seconds reached in that episode. */
  position: number;
  /** Seconds of that episode. */
  duration: number;
  /** When it was last watched (ms). */
  at: number;
}

export interface ReadEntry {
  post: PostCard;
  at: number;
}

export interface HistoryState {
  watch: WatchEntry[];
  read: ReadEntry[];
}

export const historyState = proxy<HistoryState>({ watch: [], read: [] });

export const historyReady: Promise<void> = persist(STORE_KEYS.history, historyState).then(() => {
  const journal = readJournal<WatchEntry>();
  const cleared = clearedAt();
  const kept = (list: readonly WatchEntry[]) => list.filter((entry) => entry.at > cleared);
  if (journal.length > 0 || kept(historyState.watch).length < historyState.watch.length)
    historyState.watch = mergeWatch(kept(historyState.watch), kept(journal));
});
let hydrated = typeof indexedDB === 'undefined';
void historyReady.then(() => {
  hydrated = true;
});

/** Runs a change now, or once the saved history is in (so the hydration does not overwrite it). */
const afterHydration = (change: () => void): void => {
  if (hydrated) change();
  else void historyReady.then(change);
};

/** The list with `entry` at the front and any older entry of the same item removed, capped; pure. */
export function withEntry<E>(
  list: readonly E[],
  entry: E,
  sameItem: (a: E, b: E) => boolean,
  limit = HISTORY_LIMIT,
): E[] {
  return [entry, ...list.filter((old) => !sameItem(old, entry))].slice(0, limit);
}

/** Per title the entry with the newest `at`, newest first, capped; pure. */
export function mergeWatch(
  list: readonly WatchEntry[],
  incoming: readonly WatchEntry[],
  limit = HISTORY_LIMIT,
): WatchEntry[] {
  const newest = new Map<number, WatchEntry>();
  for (const entry of [...list, ...incoming]) {
    const known = newest.get(entry.movie.id);
    if (!known || entry.at > known.at) newest.set(entry.movie.id, entry);
  }
  return [...newest.values()].sort((a, b) => b.at - a.at).slice(0, limit);
}

/** Watched to the end: within END_MARGIN_S (or 5 % of a short video) of its length. */
export function isFinished(position: number, duration: number): boolean {
  return duration > 0 && position >= duration - Math.min(END_MARGIN_S, duration * END_MARGIN_SHARE);
}

export function recordWatch(
  {
    movie,
    episode = 1,
    position,
    duration,
  }: { movie: MovieCard; episode?: number; position: number; duration: number },
  at = Date.now(),
): void {
  const entry: WatchEntry = {
    movie: movieCardOf(movie),
    episode,
    position: tenths(Math.max(0, position)),
    duration: tenths(duration),
    at,
  };
  journalEntry(entry);
  afterHydration(() => {
    historyState.watch = withEntry(historyState.watch, entry, (a, b) => a.movie.id === b.movie.id);
  });
}

/** Seconds to a tenth: a position saved is restored within a second. */
const tenths = (seconds: number): number => Math.floor(seconds * 10) / 10;

/** Entries from elsewhere (the server's history): merged, the newest of each title winning. */
export function adoptWatchEntries(entries: readonly WatchEntry[]): void {
  const cleared = clearedAt();
  const cards = entries
    .filter((entry) => entry.at > cleared)
    .map((entry) => ({ ...entry, movie: movieCardOf(entry.movie) }));
  if (cards.length === 0) return;
  afterHydration(() => {
    const merged = mergeWatch(historyState.watch, cards);
    const same =
      merged.length === historyState.watch.length && merged.every((entry, i) => entry === historyState.watch[i]);
    if (!same) historyState.watch = merged;
  });
}

export function recordRead({ post }: { post: PostCard }, at = Date.now()): void {
  afterHydration(() => {
    historyState.read = withEntry(historyState.read, { post, at }, (a, b) => a.post.id === b.post.id);
  });
}

/** Where a user is in a title, from the device's history or the server's. */
export interface SavedPosition {
  episode: number;
  position: number;
  duration: number;
  at: number;
}

const newest = (candidates: readonly (SavedPosition | null | undefined)[]): SavedPosition | null =>
  candidates.reduce<SavedPosition | null>(
    (found, candidate) => (candidate && (!found || candidate.at > found.at) ? candidate : found),
    null,
  );

/** Where the device last was in a title (its history, or the journal before the hydration finished: a reload). */
export function devicePosition(movieId: number): SavedPosition | null {
  const entries = [
    historyState.watch.find((item) => item.movie.id === movieId),
    readJournal<WatchEntry>().find((item) => item.movie.id === movieId),
  ];
  return newest(entries.map((entry) => entry && { ...entry, episode: entry.episode ?? 1 }));
}

/**
 * Where to resume an episode of a title: the newest of the device's entry and `server` (the
 * server's position, /movie/play), or 0 when none, when another episode was watched last, or when
 * it was watched to the end.
 */
export function resumePosition(movieId: number, episode = 1, server?: SavedPosition | null): number {
  const saved = newest([devicePosition(movieId), server]);
  if (!saved || saved.episode !== episode) return 0;
  return isFinished(saved.position, saved.duration) ? 0 : saved.position;
}

/** Empties the device's watch history; history-sync.ts tells the server (now, or at the next sync). */
export function clearWatchHistory(at = Date.now()): void {
  clearJournal();
  markCleared(at);
  afterHydration(() => {
    historyState.watch = [];
  });
}

export function clearReadHistory(): void {
  afterHydration(() => {
    historyState.read = [];
  });
}

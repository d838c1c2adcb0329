/**
 * Watch and read history (docs/architecture.md), persisted to IndexedDB so /mine/history works
 * offline. Newest first, one entry per movie or post (a repeat moves it to the front with the new
 * position), at most HISTORY_LIMIT of each. Entries keep the card as it was shown, so the list
 * renders without a call. Hydrated when first imported (not part of the entry bundle); changes made
 * before that finished are applied after it.
 */
import { proxy } from 'valtio/vanilla';
import type { MovieCard, PostCard } from '../../../contract/calls/content.ts';
import { STORE_KEYS } from '../../lib/storage-keys.ts';
import { persist } from '../../stores/persist.ts';

export const HISTORY_LIMIT = 200;

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

export const historyReady: Promise<void> = persist(STORE_KEYS.history, historyState);
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

/** Only the card's own fields are kept (a detail answer carries much more). */
const movieCardOf = (m: MovieCard): MovieCard => ({
  id: m.id,
  title: m.title,
  poster: { small: m.poster.small, large: m.poster.large },
  durationS: m.durationS,
  views: m.views,
  likes: m.likes,
  access: m.access,
  priceCoins: m.priceCoins,
  year: m.year,
  region: m.region,
});

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
    position: Math.max(0, Math.floor(position)),
    duration: Math.floor(duration),
    at,
  };
  afterHydration(() => {
    historyState.watch = withEntry(historyState.watch, entry, (a, b) => a.movie.id === b.movie.id);
  });
}

export function recordRead({ post }: { post: PostCard }, at = Date.now()): void {
  afterHydration(() => {
    historyState.read = withEntry(historyState.read, { post, at }, (a, b) => a.post.id === b.post.id);
  });
}

/** The episode of a title watched last, or null when it was never watched. */
export function lastEpisode(movieId: number): number | null {
  const entry = historyState.watch.find((item) => item.movie.id === movieId);
  return entry ? (entry.episode ?? 1) : null;
}

/**
 * Where to resume an episode of a title: the saved position, or 0 when none, when another episode
 * was watched last, or when it was watched to the end.
 */
export function resumePosition(movieId: number, episode = 1): number {
  const entry = historyState.watch.find((item) => item.movie.id === movieId);
  if (!entry || (entry.episode ?? 1) !== episode) return 0;
  return entry.duration > 0 && entry.position >= entry.duration - 5 ? 0 : entry.position;
}

export function clearWatchHistory(): void {
  afterHydration(() => {
    historyState.watch = [];
  });
}

export function clearReadHistory(): void {
  afterHydration(() => {
    historyState.read = [];
  });
}

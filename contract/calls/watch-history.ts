/**
 * The watch history kept on the server for every user (docs/api.md, 观看历史): where the user is in
 * each title (the episode, the second reached in it, the episode's length, when), written by the
 * player's heartbeats (/movie/heartbeat with `episode` and `durationS`), listed newest first
 * (/movie/history/list, at most WATCH_HISTORY_LIMIT titles) and cleared, all or one title
 * (/movie/history/clear). /movie/play answers the same position for its title, so a play page on
 * a second device resumes before any list is synced. Every call needs a session; a user sees only
 * their own rows. Zod schemas for the server; the client imports the types only.
 */
import { z } from 'zod';
import { id, type MovieCard, type WatchPosition } from './content.ts';

export type { WatchPosition };

export const WATCH_HISTORY_LIMIT = 200;

/** One title of the history list, with its card. */
export interface WatchHistoryItem extends WatchPosition {
  movie: MovieCard;
}

export const watchHistoryClearSchema = z.object({
  /** Only this title; absent: the whole history. */
  movieId: id.optional(),
});

/** Path → payload and data of the watch history calls; merged into Calls in contract/calls/call-map.ts. */
export interface WatchHistoryCalls {
  '/movie/history/list': { payload: Record<string, never>; data: WatchHistoryItem[] };
  '/movie/history/clear': { payload: z.input<typeof watchHistoryClearSchema>; data: { cleared: number } };
}

/**
 * The users' watch history (migration 018, contract/calls/watch-history.ts): one row per user and
 * title with the episode, the second reached and the episode's length. The player's heartbeats
 * save it (a beat older than the row, e.g. a late keepalive, does not move it back); the list reads
 * the user's newest rows with their cards (titles no longer visible are left out); clearing
 * removes all of a user's rows or one title's.
 */
import type { WatchHistoryItem, WatchPosition } from '../../contract/calls/watch-history.ts';
import { WATCH_HISTORY_LIMIT } from '../../contract/calls/watch-history.ts';
import type { Queryable } from './db.ts';
import { moviesByIds } from './movies.ts';

export interface ProgressBeat {
  userId: number;
  movieId: number;
  /** Absent (an old client): the row's episode, or 1. */
  episode?: number;
  positionS: number;
  /** Absent: the row's length, or 0. */
  durationS?: number;
  now: number;
}

interface ProgressRow {
  movieId: number;
  episode: number;
  positionS: number;
  durationS: number;
  updatedAt: Date;
}

const COLUMNS = `movie_id AS "movieId", episode, position_s AS "positionS", duration_s AS "durationS",
  updated_at AS "updatedAt"`;

const toPosition = (row: ProgressRow): WatchPosition => ({
  movieId: row.movieId,
  episode: row.episode,
  positionS: Math.round(Number(row.positionS) * 10) / 10,
  durationS: Math.round(Number(row.durationS) * 10) / 10,
  at: row.updatedAt.getTime(),
});

export async function saveProgress(q: Queryable, beat: ProgressBeat): Promise<void> {
  await q.query(
    `INSERT INTO watch_progress (user_id, movie_id, episode, position_s, duration_s, updated_at)
     VALUES ($1, $2, COALESCE($3::int, 1), $4, COALESCE($5::real, 0), $6::timestamptz)
     ON CONFLICT (user_id, movie_id) DO UPDATE SET
       episode = COALESCE($3::int, watch_progress.episode),
       position_s = EXCLUDED.position_s,
       duration_s = COALESCE($5::real, CASE WHEN $3::int IS NULL OR $3::int = watch_progress.episode
         THEN watch_progress.duration_s ELSE 0 END),
       updated_at = EXCLUDED.updated_at
     WHERE watch_progress.updated_at <= EXCLUDED.updated_at`,
    [
      beat.userId,
      beat.movieId,
      beat.episode ?? null,
      beat.positionS,
      beat.durationS ?? null,
      new Date(beat.now).toISOString(),
    ],
  );
}

/** The user's position in one title, or null. */
export async function progressOf(q: Queryable, userId: number, movieId: number): Promise<WatchPosition | null> {
  const row = await q.one<ProgressRow>(`SELECT ${COLUMNS} FROM watch_progress WHERE user_id = $1 AND movie_id = $2`, [
    userId,
    movieId,
  ]);
  return row ? toPosition(row) : null;
}

/** The user's titles, newest first, at most WATCH_HISTORY_LIMIT. */
export async function watchHistory(q: Queryable, userId: number): Promise<WatchHistoryItem[]> {
  const rows = await q.query<ProgressRow>(
    `SELECT ${COLUMNS} FROM watch_progress WHERE user_id = $1 ORDER BY updated_at DESC, movie_id DESC LIMIT $2`,
    [userId, WATCH_HISTORY_LIMIT],
  );
  const cards = new Map(
    (
      await moviesByIds(
        q,
        rows.map((row) => row.movieId),
      )
    ).map((movie) => [movie.id, movie]),
  );
  return rows.flatMap((row) => {
    const movie = cards.get(row.movieId);
    return movie ? [{ ...toPosition(row), movie }] : [];
  });
}

/** Removes the user's rows (one title's when `movieId`); answers how many went. */
export async function clearWatchHistory(q: Queryable, userId: number, movieId?: number): Promise<number> {
  const rows = await q.query(
    `DELETE FROM watch_progress WHERE user_id = $1 AND ($2::int IS NULL OR movie_id = $2::int) RETURNING movie_id`,
    [userId, movieId ?? null],
  );
  return rows.length;
}

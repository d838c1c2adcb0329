/**
 * What the daily point tasks count, per user and Asia/Shanghai day: real playback time per movie
 * (from the player's heartbeats), posts opened, topics published.
 *
 * Watch time: a heartbeat credits the time since the user's previous heartbeat for the movie,
 * at most MAX_BEAT_CREDIT_MS, when that previous heartbeat said playing (the player played since
 * then; the beat sent on pause credits the last stretch); so a paused or closed player earns
 * nothing and the total never runs ahead of the wall clock. The credit is one upsert,
 * so concurrent heartbeats queue on the row and cannot count one interval twice. The first
 * heartbeat of a day (after midnight) starts the day's row and credits nothing.
 */
import type { Queryable } from './db.ts';
import { dayBounds } from './site-day.ts';

export const MAX_BEAT_CREDIT_MS = 30_000;
/** A movie counts for the watch task once watched this long in a day. */
export const WATCH_MIN_SECONDS = 60;

export interface Heartbeat {
  userId: number;
  movieId: number;
  day: string;
  positionS: number;
  playing: boolean;
  now: number;
}

const CREDIT = `CASE WHEN watch_days.playing
  THEN LEAST(GREATEST((extract(epoch FROM EXCLUDED.last_beat_at - watch_days.last_beat_at) * 1000)::bigint, 0), $7)
  ELSE 0 END`;

/**
 * Records the heartbeat; answers the movie's watched seconds of the day and the milliseconds this
 * beat credited (last_credit_ms, for the dashboard's watch time).
 */
export async function recordHeartbeat(q: Queryable, beat: Heartbeat): Promise<number> {
  return (await recordBeat(q, beat)).secondsToday;
}

export async function recordBeat(q: Queryable, beat: Heartbeat): Promise<{ secondsToday: number; creditMs: number }> {
  const row = await q.one<{ watchedMs: number; creditMs: number }>(
    `INSERT INTO watch_days (user_id, day, movie_id, watched_ms, position_s, playing, last_beat_at)
     VALUES ($1, $2::date, $3, 0, $4, $5, $6::timestamptz)
     ON CONFLICT (user_id, day, movie_id) DO UPDATE SET
       watched_ms = watch_days.watched_ms + ${CREDIT},
       last_credit_ms = ${CREDIT},
       position_s = EXCLUDED.position_s,
       playing = EXCLUDED.playing,
       last_beat_at = GREATEST(watch_days.last_beat_at, EXCLUDED.last_beat_at)
     RETURNING watched_ms AS "watchedMs", last_credit_ms AS "creditMs"`,
    [
      beat.userId,
      beat.day,
      beat.movieId,
      Math.floor(beat.positionS),
      beat.playing,
      new Date(beat.now).toISOString(),
      MAX_BEAT_CREDIT_MS,
    ],
  );
  return { secondsToday: Math.floor(Number(row?.watchedMs ?? 0) / 1000), creditMs: Number(row?.creditMs ?? 0) };
}

/** Notes that the user opened the post today (once per post and day). */
export async function recordRead(q: Queryable, userId: number, postId: number, day: string): Promise<void> {
  await q.query('INSERT INTO post_reads (user_id, day, post_id) VALUES ($1, $2::date, $3) ON CONFLICT DO NOTHING', [
    userId,
    day,
    postId,
  ]);
}

export interface DayCounts {
  /** Movies watched at least WATCH_MIN_SECONDS. */
  watched: number;
  /** Posts opened. */
  read: number;
  /** Topics published. */
  published: number;
}

export async function dayCounts(q: Queryable, userId: number, day: string): Promise<DayCounts> {
  const { start, end } = dayBounds(day);
  const row = await q.one<DayCounts>(
    `SELECT (SELECT count(*) FROM watch_days WHERE user_id = $1 AND day = $2::date AND watched_ms >= $3) AS watched,
            (SELECT count(*) FROM post_reads WHERE user_id = $1 AND day = $2::date) AS read,
            (SELECT count(*) FROM posts WHERE author_id = $1 AND kind = 'topic'
               AND created_at >= $4::timestamptz AND created_at < $5::timestamptz) AS published`,
    [userId, day, WATCH_MIN_SECONDS * 1000, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  return row ?? { watched: 0, read: 0, published: 0 };
}

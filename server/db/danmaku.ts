/**
 * Danmaku of a movie (episode 0: the movie itself): written one by one, read by time window. A
 * window answers at most DANMAKU_RANGE_MAX items; where it holds more, each second of it keeps an
 * equal share (the viewer's own first, then the newest), so a dense scene thins out evenly instead
 * of cutting off the end of the window. Hidden danmaku (reported) are read by their sender only.
 */
import type { DanmakuItem } from '../../contract/calls/community.ts';
import type { DanmakuColour, DanmakuMode } from '../../contract/enums.ts';
import type { Queryable } from './db.ts';

/** The most items one window answers. */
export const DANMAKU_RANGE_MAX = 1_000;

/** at_ms is an int4 column: bounds beyond it are clamped rather than sent as out-of-range params. */
const AT_MS_LIMIT = 2_147_483_647;

export interface NewDanmaku {
  movieId: number;
  episodeId: number;
  userId: number;
  atMs: number;
  text: string;
  mode: DanmakuMode;
  colour: DanmakuColour;
}

export async function movieExists(q: Queryable, movieId: number): Promise<boolean> {
  return (await q.one('SELECT 1 AS found FROM movies WHERE id = $1', [movieId])) !== undefined;
}

export async function insertDanmaku(q: Queryable, d: NewDanmaku): Promise<DanmakuItem> {
  const row = await q.one<DanmakuItem>(
    `INSERT INTO danmaku (movie_id, episode_id, user_id, at_ms, text, mode, colour)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING id, at_ms AS "atMs", text, mode, colour, true AS mine`,
    [d.movieId, d.episodeId, d.userId, d.atMs, d.text, d.mode, d.colour],
  );
  return row!;
}

export interface DanmakuWindow {
  movieId: number;
  episodeId: number;
  fromMs: number;
  toMs: number;
}

/** The danmaku with fromMs <= at_ms < toMs, by time; `mine` and hidden ones per viewer. */
export async function danmakuInWindow(q: Queryable, w: DanmakuWindow, viewerId: number | null): Promise<DanmakuItem[]> {
  const fromMs = Math.min(w.fromMs, AT_MS_LIMIT);
  const toMs = Math.min(w.toMs, AT_MS_LIMIT);
  const seconds = Math.max(1, Math.ceil((toMs - fromMs) / 1000));
  const perSecond = Math.max(1, Math.floor(DANMAKU_RANGE_MAX / seconds));
  return q.query<DanmakuItem>(
    `SELECT id, "atMs", text, mode, colour, mine FROM (
       SELECT d.id, d.at_ms AS "atMs", d.text, d.mode, d.colour, coalesce(d.user_id = $5, false) AS mine,
         row_number() OVER (PARTITION BY d.at_ms / 1000 ORDER BY d.user_id = $5 DESC NULLS LAST, d.id DESC) AS n
       FROM danmaku d
       WHERE d.movie_id = $1 AND d.episode_id = $2 AND d.at_ms >= $3 AND d.at_ms < $4
         AND (d.hidden_at IS NULL OR d.user_id = $5)
     ) w
     WHERE n <= $6
     ORDER BY "atMs", id
     LIMIT $7`,
    [w.movieId, w.episodeId, fromMs, toMs, viewerId, perSecond, DANMAKU_RANGE_MAX],
  );
}

/**
 * A title's episodes as visitors see them: only those whose video is ready, by number. A film has
 * one (number 1); a series many. The video of an episode is an HLS directory under the media root
 * (migration 008), the source of its play tickets.
 */
import type { EpisodeBrief } from '../../contract/calls/content.ts';
import type { Queryable } from './db.ts';

/** A ready episode with what its play ticket needs. */
export interface PlayableEpisode extends EpisodeBrief {
  /** Media key of its HLS directory ("videos/v3"). */
  video: string;
  /** Heights of its ladder's rungs, ascending; empty for a single-rung video. */
  rungs: number[];
}

const READY = `state = 'ready' AND video IS NOT NULL`;
const BRIEF_COLUMNS = `id::int AS id, number, title, duration_s AS "durationS"`;

/** The ready episodes of a title, by number. */
export const readyEpisodes = (q: Queryable, movieId: number): Promise<EpisodeBrief[]> =>
  q.query<EpisodeBrief>(`SELECT ${BRIEF_COLUMNS} FROM episodes WHERE movie_id = $1 AND ${READY} ORDER BY number`, [
    movieId,
  ]);

/** Episode `number` of a title when it is ready, and how many ready episodes the title has. */
export async function playableEpisode(
  q: Queryable,
  movieId: number,
  number: number,
): Promise<{ episode: PlayableEpisode | undefined; count: number }> {
  const rows = await q.query<PlayableEpisode & { count: number }>(
    `SELECT ${BRIEF_COLUMNS}, video, rungs, count(*) OVER ()::int AS count
     FROM episodes WHERE movie_id = $1 AND ${READY} ORDER BY number`,
    [movieId],
  );
  const row = rows.find((candidate) => candidate.number === number);
  const episode = row && {
    id: row.id,
    number: row.number,
    title: row.title,
    durationS: row.durationS,
    video: row.video,
    rungs: row.rungs,
  };
  return { episode, count: rows.length };
}

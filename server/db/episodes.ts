/**
 * A title's episodes as visitors see them: only those that play ('ready'), by number. A film has
 * one (number 1); a series many. An episode plays from its own video, an HLS directory under the
 * media root (migration 008) and the source of its play tickets, from the 播放源 a collected title
 * came with (migration 040: external https HLS URLs by episode number, video NULL), or from both.
 */
import type { EpisodeBrief } from '../../contract/calls/content.ts';
import type { Queryable } from './db.ts';

/** A ready episode with what its play ticket needs. */
export interface PlayableEpisode extends EpisodeBrief {
  /** Media key of its HLS directory ("videos/v3"); null when it plays from 播放源 only. */
  video: string | null;
  /** Heights of its ladder's rungs, ascending; empty for a single-rung video. */
  rungs: number[];
}

/** It plays: its own video, 播放源 links, or both (own-video-only readers, downloads, say video IS NOT NULL). */
const READY = `state = 'ready'`;
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

/** A 播放源 of an episode: the source's name and the episode's absolute https playlist. */
export interface ExternalEpisodeSource {
  name: string;
  url: string;
}

/** The 播放源 that have episode `number` of a title, in the order viewers are offered them. */
export const externalSources = (q: Queryable, movieId: number, number: number): Promise<ExternalEpisodeSource[]> =>
  q.query<ExternalEpisodeSource>(
    `SELECT ps.name, pe.url FROM play_sources ps
       JOIN play_source_episodes pe ON pe.play_source_id = ps.id AND pe.number = $2
      WHERE ps.movie_id = $1 ORDER BY ps.position, ps.id`,
    [movieId, number],
  );

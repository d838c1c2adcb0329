/** What downloads read from the store: the site's download_days (migration 019) and a title's episodes. */
import type { Queryable } from './db.ts';

export const DEFAULT_DOWNLOAD_DAYS = 7;

/** Days a download stays playable on the site's devices. */
export async function downloadDays(q: Queryable, siteId: number): Promise<number> {
  const row = await q.one<{ days: number }>('SELECT download_days AS days FROM sites WHERE id = $1', [siteId]);
  return row?.days ?? DEFAULT_DOWNLOAD_DAYS;
}

export interface DownloadableEpisode {
  number: number;
  title: string;
  durationS: number;
  video: string;
  rungs: number[];
}

/** The ready episodes of a title with their videos, by number. */
export const downloadableEpisodes = (q: Queryable, movieId: number): Promise<DownloadableEpisode[]> =>
  q.query<DownloadableEpisode>(
    `SELECT number, title, duration_s AS "durationS", video, rungs FROM episodes
     WHERE movie_id = $1 AND state = 'ready' AND video IS NOT NULL ORDER BY number`,
    [movieId],
  );

/**
 * Renaming, renumbering and deleting episodes, each in one transaction with its audit row and the
 * title's updated_at moved on. Numbers stay unique per title (400 naming `number`, checked before
 * the UNIQUE index would refuse it). A published or scheduled title keeps at least one episode, and
 * an episode whose job is running is not deleted (409 for both); a deleted episode's video files
 * stay on disk (nothing refers to them; a later clean-up may remove them).
 */
import type { EpisodePatch } from '../../../contract/admin/catalogue.ts';
import type { Queryable } from '../../db/db.ts';
import { AdminHttpError, badField } from '../admin-errors.ts';
import { audit } from '../audit.ts';
import { catalogueMessages as text } from './catalogue-messages.ts';
import type { Actor } from './movie-writes.ts';

interface LockedEpisode {
  id: number;
  movieId: number;
  number: number;
  title: string;
  state: string;
  video: string | null;
  movieStatus: string;
}

async function lockEpisode(q: Queryable, id: number): Promise<LockedEpisode> {
  // The title first, then the episode: the same order as every other change to a title.
  const owner = await q.one<{ movieId: number }>('SELECT movie_id AS "movieId" FROM episodes WHERE id = $1', [id]);
  if (!owner) throw new AdminHttpError(404, text.episodeNotFound);
  const movie = await q.one<{ status: string }>('SELECT status FROM movies WHERE id = $1 FOR UPDATE', [owner.movieId]);
  const row = await q.one<Omit<LockedEpisode, 'movieStatus'>>(
    `SELECT id, movie_id AS "movieId", number, title, state, video FROM episodes WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!row || !movie) throw new AdminHttpError(404, text.episodeNotFound);
  return { ...row, movieStatus: movie.status };
}

const touchMovie = (q: Queryable, movieId: number, now: number) =>
  q.query('UPDATE movies SET updated_at = $2 WHERE id = $1', [movieId, new Date(now)]);

/** Answers the episode's title id. */
export async function patchEpisode(q: Queryable, actor: Actor, id: number, patch: EpisodePatch, now: number) {
  const episode = await lockEpisode(q, id);
  const before: EpisodePatch = {};
  const after: EpisodePatch = {};
  if (patch.number !== undefined && patch.number !== episode.number) {
    const taken = await q.one('SELECT 1 FROM episodes WHERE movie_id = $1 AND number = $2', [
      episode.movieId,
      patch.number,
    ]);
    if (taken) throw badField('number', text.episodeNumberTaken(patch.number));
    before.number = episode.number;
    after.number = patch.number;
  }
  if (patch.title !== undefined && patch.title !== episode.title) {
    before.title = episode.title;
    after.title = patch.title;
  }
  if (Object.keys(after).length === 0) return episode.movieId;
  await q.query('UPDATE episodes SET number = $2, title = $3 WHERE id = $1', [
    id,
    after.number ?? episode.number,
    after.title ?? episode.title,
  ]);
  await touchMovie(q, episode.movieId, now);
  await audit(q, {
    ...actor,
    action: 'episode.update',
    targetType: 'episode',
    targetId: id,
    before: { movieId: episode.movieId, ...before },
    after: { movieId: episode.movieId, ...after },
  });
  return episode.movieId;
}

export async function deleteEpisode(q: Queryable, actor: Actor, id: number, now: number): Promise<number> {
  const episode = await lockEpisode(q, id);
  if (episode.state === 'processing') throw new AdminHttpError(409, text.episodeBusy);
  if (episode.movieStatus === 'published') {
    const others = await q.one<{ n: number }>('SELECT count(*) AS n FROM episodes WHERE movie_id = $1 AND id <> $2', [
      episode.movieId,
      id,
    ]);
    if ((others?.n ?? 0) === 0) throw new AdminHttpError(409, text.keepOneEpisode);
  }
  await q.query('DELETE FROM episodes WHERE id = $1', [id]);
  await touchMovie(q, episode.movieId, now);
  await audit(q, {
    ...actor,
    action: 'episode.delete',
    targetType: 'episode',
    targetId: id,
    before: {
      movieId: episode.movieId,
      number: episode.number,
      title: episode.title,
      state: episode.state,
      video: episode.video,
    },
  });
  return episode.movieId;
}

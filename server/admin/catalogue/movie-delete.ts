/**
 * Deleting a title (DELETE /admin-api/movies/:id), in one transaction with its audit row. Only a title
 * visitors cannot see may go: a draft or one taken down (下架); a published or scheduled one is
 * refused (409: take it down first). Money records never lose their title: one anybody bought with
 * coins is refused whatever its state (409 with the number of buyers; 下架 hides it). An episode whose
 * job runs is refused as when deleting that episode. Plays do not keep a title: its episodes, tags,
 * danmaku and members' watch history and progress go with it (foreign keys), likes, favourites and
 * featured places are removed here and its search documents re-read away; the dashboard's daily
 * counts keep its id. The poster's files are removed by the caller once committed (removeUnusedPoster);
 * episodes' video files stay on disk, as when one episode is deleted.
 */
import type { Queryable } from '../../db/db.ts';
import { indexMovie } from '../../search/index-writes.ts';
import { AdminHttpError } from '../admin-errors.ts';
import { audit } from '../audit.ts';
import { catalogueMessages as text } from './catalogue-messages.ts';
import type { Actor } from './movie-writes.ts';

interface DeletedTitle {
  title: string;
  status: string;
  categoryId: number;
  poster: string;
}

/** Deletes the title; answers its poster key (for the files) or throws 404 / 409. */
export async function deleteMovie(q: Queryable, actor: Actor, id: number): Promise<string> {
  const movie = await q.one<DeletedTitle>(
    'SELECT title, status, category_id AS "categoryId", poster FROM movies WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!movie) throw new AdminHttpError(404, text.movieNotFound);
  if (movie.status === 'published') throw new AdminHttpError(409, text.movieLive);
  const bought = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM purchases WHERE item_type = 'movie' AND item_id = $1`,
    [id],
  );
  if ((bought?.n ?? 0) > 0) throw new AdminHttpError(409, text.movieBought(bought!.n));
  const episodes = await q.query<{ number: number; state: string }>(
    'SELECT number, state FROM episodes WHERE movie_id = $1 ORDER BY number FOR UPDATE',
    [id],
  );
  if (episodes.some((episode) => episode.state === 'processing')) throw new AdminHttpError(409, text.movieBusy);

  for (const table of ['user_likes', 'user_favorites', 'featured_items'])
    await q.query(`DELETE FROM ${table} WHERE item_type = 'movie' AND item_id = $1`, [id]);
  await q.query('DELETE FROM movies WHERE id = $1', [id]);
  await indexMovie(q, id);
  await audit(q, {
    ...actor,
    action: 'movie.delete',
    targetType: 'movie',
    targetId: id,
    before: { ...movie, episodes: episodes.map((episode) => episode.number) },
  });
  return movie.poster;
}

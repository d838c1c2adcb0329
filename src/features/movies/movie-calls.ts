/**
 * Movie calls: list, detail, playback ticket, like and favourite. Reads are cached (60 s); the
 * playback ticket and the two toggles are not, and the toggles made offline are queued
 * (src/api/offline-queue.ts). Like and favourite show no toast of their own: the screen rolls its
 * optimistic change back and tells the user.
 */
import type { MovieSort } from '../../../contract/enums.ts';
import { sendOrQueue } from '../../api/offline-queue.ts';
import { call, forgetCachedCall, type CallOptions } from '../../api/client.ts';
import type { MovieCard, MovieDetail, Page, PlayInfo } from '../../../contract/calls/content.ts';
import { API } from '../../../contract/calls/paths.ts';
import { setLikeCount } from '../../stores/like-counts.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export interface MovieQuery {
  categoryId?: number;
  tag?: string;
  sort?: MovieSort;
  access?: 'free' | 'vip' | 'coins';
}

export const getMoviePage = (
  query: MovieQuery,
  page: number,
  pageSize: number,
  cursor?: string,
  options?: ToastOption,
): Promise<Page<MovieCard>> => call(API.moviePage, { ...query, page, pageSize, cursor }, { ...options, cache: true });

export const getMovieDetail = (id: number, options?: ToastOption): Promise<MovieDetail> =>
  call(API.movieDetail, { id }, { ...options, cache: true });

/**
 * A playlist of one episode (default 1) signed for this viewer; never cached (tickets expire and
 * depend on the viewer's rights).
 */
export const getPlayInfo = (id: number, episode?: number, options?: ToastOption): Promise<PlayInfo> =>
  call(API.moviePlay, episode === undefined ? { id } : { id, episode }, { ...options, cache: false });

/** After a like or favourite the cached detail no longer tells the truth. */
const forgetDetail =
  <T>(id: number) =>
  (answer: T): T => {
    forgetCachedCall(API.movieDetail, { id });
    return answer;
  };

/**
 * Sets the like the screen shows (`next`); answers the server's state, or `next` when queued offline.
 * The count shows everywhere at once (stores/like-counts.ts), and goes back if the call fails.
 */
export async function likeMovie(
  id: number,
  next: { liked: boolean; likes: number },
): Promise<{ liked: boolean; likes: number }> {
  const putBack = setLikeCount(`movie:${id}`, next.likes);
  try {
    const answer = await sendOrQueue(API.movieLike, { id, like: next.liked }, next).then(forgetDetail(id));
    setLikeCount(`movie:${id}`, answer.likes);
    return answer;
  } catch (error) {
    putBack();
    throw error;
  }
}

/** Toggles the viewer's favourite of a movie to `next`; answers the new state (`next` when queued offline). */
export const toggleMovieFavourite = (movieId: number, next: boolean): Promise<{ favorited: boolean }> =>
  sendOrQueue(API.movieFavourite, { movieId }, { favorited: next }).then(forgetDetail(movieId));

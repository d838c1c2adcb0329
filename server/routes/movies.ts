/**
 * Movies: the filtered list, the detail (counts a view; per viewer: liked, favorited, canPlay),
 * its episodes, likes and the favourite toggle of /long/handle/userFavorRecord. Playback is
 * movie-play.ts. Only titles visitors may see (server/db/movies.ts VISIBLE): any other id is code 6.
 */
import { favouriteSchema, idSchema, moviePageSchema, type MovieDetail } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { canPlayInFull } from '../db/access.ts';
import { onceByKey } from '../db/call-keys.ts';
import { categoryPath } from '../db/categories.ts';
import type { Queryable } from '../db/db.ts';
import { readyEpisodes } from '../db/episodes.ts';
import { findMovie, movieScore, pageMovies, relatedMovies, toMovieCard } from '../db/movies.ts';
import { tagsOf } from '../db/tags.ts';
import { toggleFavourite, viewerFlags } from '../db/user-items.ts';
import type { User } from '../db/users.ts';
import type { ViewCounts } from '../db/view-counts.ts';
import { servedTrialSeconds } from '../media/play-ticket.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { likeCall } from './like-call.ts';
import { categoryScope, found, tagScope } from './lookups.ts';

export const movieNotFound = (id: number): string => `影片不存在：${id}`;

/** A movie's page; with `views`, the view is counted there (written later, in a batch). */
async function movieDetail(q: Queryable, id: number, user: User | null, views?: ViewCounts): Promise<MovieDetail> {
  const row = found(await findMovie(q, id), movieNotFound(id));
  const movie = views?.count('movie', row) ?? row;
  const [path, tags, related, flags, canPlay, episodes] = await Promise.all([
    categoryPath(q, movie.categoryId),
    tagsOf(q, 'movie', movie.id),
    relatedMovies(q, movie),
    viewerFlags(q, user?.id ?? null, 'movie', movie.id),
    canPlayInFull(q, user, movie),
    readyEpisodes(q, movie.id),
  ]);
  return {
    ...toMovieCard(movie),
    description: movie.description,
    category: path.at(-1) ?? { categoryId: movie.categoryId, name: '' },
    categoryPath: path,
    tags,
    publishedAt: movie.publishedAt.getTime(),
    related,
    ...flags,
    canPlay,
    trialSeconds: canPlay ? 0 : servedTrialSeconds(movie.trialS, movie.durationS),
    commentCount: movie.commentCount,
    score: movieScore(movie),
    ...(movie.alias ? { alias: movie.alias } : {}),
    ...(movie.language ? { language: movie.language } : {}),
    ...(movie.editorScore !== null ? { editorScore: movie.editorScore } : {}),
    episodes,
  };
}

/** A movie as a visitor without a session sees it, without counting a view (the server's first paint). */
export const previewMovieDetail = (q: Queryable, id: number): Promise<MovieDetail> => movieDetail(q, id, null);

export const movieCalls: readonly Call[] = [
  defineCall({
    path: API.moviePage,
    schema: moviePageSchema,
    auth: 'none',
    handler: async ({ db, payload }) => {
      const [categoryIds, tagId] = await Promise.all([
        categoryScope(db, payload.categoryId),
        tagScope(db, payload.tag),
      ]);
      return pageMovies(db, { categoryIds, tagId, access: payload.access, sort: payload.sort }, payload);
    },
  }),
  defineCall({
    path: API.movieDetail,
    schema: idSchema,
    auth: 'optional',
    handler: ({ db, payload, user, views }) => movieDetail(db, payload.id, user, views),
  }),
  likeCall(API.movieLike, 'movie', movieNotFound),
  defineCall({
    path: API.movieFavourite,
    schema: favouriteSchema,
    auth: 'user',
    handler: ({ db, payload, user }) =>
      db.tx((q) =>
        onceByKey(q, user.id, API.movieFavourite, payload.idempotencyKey, async () => {
          found(await findMovie(q, payload.movieId), movieNotFound(payload.movieId));
          return { favorited: await toggleFavourite(q, user.id, 'movie', payload.movieId) };
        }),
      ),
  }),
];

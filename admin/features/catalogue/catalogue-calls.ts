/** The 影片 section's calls to /admin-api (docs/admin-api.md, "Content"). */
import type {
  AdminMovie,
  AdminMoviePage,
  AdminMovieQuery,
  CropRect,
  EpisodePatch,
  MovieCreate,
  MovieOptions,
  MoviePatch,
  MovieStatusChange,
  MovieStatusResult,
} from '../../../contract/admin/catalogue.ts';
import { adminCall } from '../../api/admin-client.ts';

/** Posters are media keys under a CDN line; every line name serves the same files here. */
export const mediaUrl = (key: string): string => `/cdn/console/${key}`;

export const fetchMovies = (query: AdminMovieQuery): Promise<AdminMoviePage> =>
  adminCall<AdminMoviePage>('GET', '/movies', { query: { ...query } });

export const fetchOptions = (): Promise<MovieOptions> => adminCall<MovieOptions>('GET', '/movies/options');

export const createMovie = (body: MovieCreate): Promise<AdminMovie> =>
  adminCall<AdminMovie>('POST', '/movies', { body });

/** Sets several titles' publication at once; answers each one's before (the undo sends it back). */
export const setStatuses = (items: MovieStatusChange[]): Promise<MovieStatusResult> =>
  adminCall<MovieStatusResult>('POST', '/movies/status', { body: { items } });

export const fetchMovie = (id: number): Promise<AdminMovie> => adminCall<AdminMovie>('GET', `/movies/${id}`);

export const patchMovie = (id: number, body: MoviePatch): Promise<AdminMovie> =>
  adminCall<AdminMovie>('PATCH', `/movies/${id}`, { body });

/** Deletes a draft or a title taken down that nobody bought (409 otherwise, in words). */
export const deleteMovie = (id: number): Promise<void> => adminCall<void>('DELETE', `/movies/${id}`);

export const patchEpisode = (id: number, body: EpisodePatch): Promise<AdminMovie> =>
  adminCall<AdminMovie>('PATCH', `/episodes/${id}`, { body });

export const deleteEpisode = (id: number): Promise<AdminMovie> => adminCall<AdminMovie>('DELETE', `/episodes/${id}`);

export const uploadPoster = (id: number, image: string, crop: CropRect): Promise<AdminMovie> =>
  adminCall<AdminMovie>('POST', `/movies/${id}/poster`, { body: { image, crop } });

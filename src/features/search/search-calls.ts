/** Search by keyword (title or tag name): movies and posts of every kind, paged. */
import { call, type CallOptions } from '../../api/client.ts';
import type { MovieCard, Page, PostCard } from '../../../contract/calls/content.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export const searchMovies = (
  keyword: string,
  page: number,
  pageSize: number,
  options?: ToastOption,
): Promise<Page<MovieCard>> => call(API.searchMovies, { keyword, page, pageSize }, { ...options, cache: true });

export const searchPosts = (
  keyword: string,
  page: number,
  pageSize: number,
  options?: ToastOption,
): Promise<Page<PostCard>> => call(API.searchPosts, { keyword, page, pageSize }, { ...options, cache: true });

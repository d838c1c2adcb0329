/**
 * The search screen's calls (contract/calls/search.ts): the 综合 overview, one kind's pages and the
 * site's hot searches (suggestions: suggest-call.ts). A kind's page beyond SEARCH_MAX_PAGE is not
 * asked for (the server refuses it): it comes back empty, which ends the infinite list.
 */
import { call } from '../../api/client.ts';
import type { MovieCard, UserCard } from '../../../contract/calls/content.ts';
import { API } from '../../../contract/calls/paths.ts';
import type { PostHit, SearchOverview, SearchPage } from '../../../contract/calls/search.ts';
import { SEARCH_MAX_PAGE } from '../../../contract/calls/search-limits.ts';

/** The result kinds that have a tab of their own. */
export type SearchKind = 'movies' | 'posts' | 'users';

interface HitOf {
  movies: MovieCard;
  posts: PostHit;
  users: UserCard;
}

const PATH_OF = { movies: API.searchMovies, posts: API.searchPosts, users: API.searchUsers } as const;

export const searchOverview = (keyword: string): Promise<SearchOverview> =>
  call(API.searchAll, { keyword }, { cache: true });

export function searchKind<K extends SearchKind>(
  kind: K,
  keyword: string,
  page: number,
  pageSize: number,
): Promise<SearchPage<HitOf[K]>> {
  if (page > SEARCH_MAX_PAGE) return Promise.resolve({ list: [], page, pageSize, total: 0, terms: [] });
  return call(PATH_OF[kind], { keyword, page, pageSize }, { cache: true }) as Promise<SearchPage<HitOf[K]>>;
}

export const hotSearches = (): Promise<string[]> =>
  call(API.searchHot, {}, { cache: true, toast: false }).then((data) => data.words);

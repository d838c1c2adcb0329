/**
 * Search (route /search/{key}): a case-insensitive substring of the title or of a tag name, the
 * keyword's own % and _ matching literally; movies and posts of every kind, newest first.
 */
import { searchSchema } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { pageMovies } from '../db/movies.ts';
import { pagePosts } from '../db/posts.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';

export const searchCalls: readonly Call[] = [
  defineCall({
    path: API.searchMovies,
    schema: searchSchema,
    auth: 'none',
    handler: ({ db, payload }) => pageMovies(db, { keyword: payload.keyword, sort: 'new' }, payload),
  }),
  defineCall({
    path: API.searchPosts,
    schema: searchSchema,
    auth: 'none',
    handler: ({ db, payload }) => pagePosts(db, { keyword: payload.keyword, sort: 'new' }, payload),
  }),
];

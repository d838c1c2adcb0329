/**
 * The search calls' limits (contract/calls/search.ts), zod-free so the client may import them
 * (the schemas' module would bring zod into the app's bundle).
 */

/** The deepest page a search list serves, and its largest page: a search serves the best 240 hits of a kind. */
export const SEARCH_MAX_PAGE = 10;
export const SEARCH_PAGE_SIZE_MAX = 24;
/** The 综合 tab shows up to this many hits of each kind. */
export const SEARCH_OVERVIEW_SIZE = { movies: 6, posts: 5, users: 4, tags: 8 } as const;
/** Suggestions answered at most. */
export const SUGGEST_MAX = 10;
/** Hot searches answered at most. */
export const HOT_SEARCH_MAX = 20;
/** A total at or above this is answered as the cap with `capped` (shown as 1万+). */
export const SEARCH_TOTAL_CAP = 10_000;
/**
 * Posts are counted up to this (shown as 1000+): each match counted is a row read, a common word is
 * in tens of thousands of a large forum's posts, and a search serves its best 240 hits anyway.
 */
export const SEARCH_POST_TOTAL_CAP = 1_000;

/**
 * The search calls' contract (docs/api.md, 搜索): one index over movies, posts of every kind, users
 * and tags (docs/search.md). A keyword is folded Traditional → Simplified and segmented; titles and
 * nicknames also match by full pinyin and initials (`zgjz`, `zhongguojizhang` find 中国机长).
 *
 * - /search/all: the 综合 tab, the best few of each kind and each kind's total.
 * - /search/movies, /search/posts, /search/users: one kind, ranked (text rank, popularity,
 *   freshness), page by page as deep as the UI offers (SEARCH_MAX_PAGE; deeper is code 2).
 * - /search/suggest: completions as the user types (titles, nicknames, tags, and the last 24 hours'
 *   searches).
 * - /search/hot: the site's hot searches: the operators' pinned words, then the most searched
 *   keywords of the last 24 hours on this site.
 *
 * Every answer with hits carries `terms`: the words to mark in each hit's title, excerpt or nickname
 * (the folded keyword's segments, and for a pinyin match the matched title itself). No call needs
 * a session. Zod schemas for the server; the client imports the types only.
 */
import { z } from 'zod';
import type { MovieCard, Page, PostCard, TagBrief, UserCard } from './content.ts';
import type { PostKind } from '../enums.ts';
import { isSingleLineText } from './publish-limits.ts';
import { SEARCH_MAX_PAGE, SEARCH_PAGE_SIZE_MAX } from './search-limits.ts';

export {
  HOT_SEARCH_MAX,
  SEARCH_MAX_PAGE,
  SEARCH_OVERVIEW_SIZE,
  SEARCH_PAGE_SIZE_MAX,
  SEARCH_POST_TOTAL_CAP,
  SEARCH_TOTAL_CAP,
  SUGGEST_MAX,
} from './search-limits.ts';

const keyword = z
  .string()
  .trim()
  .min(1, '关键词不能为空')
  .max(40, '关键词不能超过 40 个字符')
  .refine(isSingleLineText, '关键词不能包含换行或控制字符');

export const searchPageSchema = z.object({
  keyword,
  page: z
    .number({ message: 'page 必须是数字' })
    .int('page 必须是整数')
    .min(1, 'page 必须是正整数')
    .max(SEARCH_MAX_PAGE, `搜索结果最多翻到第 ${SEARCH_MAX_PAGE} 页`)
    .default(1),
  pageSize: z.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX, `每页最多 ${SEARCH_PAGE_SIZE_MAX} 条`).default(20),
});
export const searchKeywordSchema = z.object({ keyword });
export const searchHotSchema = z.object({});

/** One kind's page of hits. */
export interface SearchPage<T> extends Page<T> {
  /** Words to highlight in each hit. */
  terms: string[];
  /** True when `total` is the cap, not the count (shown as 1万+, or 1000+ for posts). */
  capped?: boolean;
}

/** A post hit: its card, and the part of its body around the first match (empty when the title matched). */
export interface PostHit extends PostCard {
  excerpt: string;
}

export interface SearchTotals {
  movies: number;
  posts: number;
  users: number;
  /** Kinds whose total is the cap. */
  capped: ('movies' | 'posts' | 'users')[];
}

/** The 综合 tab. */
export interface SearchOverview {
  movies: MovieCard[];
  posts: PostHit[];
  users: UserCard[];
  tags: TagBrief[];
  totals: SearchTotals;
  terms: string[];
  /** Set when nothing at all was found: the hot searches to try instead. */
  hot?: string[];
}

export type SuggestionKind = 'movie' | 'post' | 'user' | 'tag' | 'query';

export interface Suggestion {
  text: string;
  kind: SuggestionKind;
  /** The movie, post, user or tag id; absent for a past search (`query`). */
  id?: number;
  /** A post's kind (topic, chigua, article): where it opens. Set when `kind` is 'post'. */
  postKind?: PostKind;
}

type In<S extends z.ZodType> = z.input<S>;

export interface SearchCalls {
  '/search/all': { payload: In<typeof searchKeywordSchema>; data: SearchOverview };
  '/search/movies': { payload: In<typeof searchPageSchema>; data: SearchPage<MovieCard> };
  '/search/posts': { payload: In<typeof searchPageSchema>; data: SearchPage<PostHit> };
  '/search/users': { payload: In<typeof searchPageSchema>; data: SearchPage<UserCard> };
  '/search/suggest': { payload: In<typeof searchKeywordSchema>; data: { suggestions: Suggestion[] } };
  '/search/hot': { payload: In<typeof searchHotSchema>; data: { words: string[] } };
}

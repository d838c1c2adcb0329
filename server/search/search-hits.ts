/**
 * The answers of the search calls: one kind's page of hits as cards in rank order (with totals
 * capped at SEARCH_TOTAL_CAP, posts' at SEARCH_POST_TOTAL_CAP; post excerpts and the terms to highlight), and the 综合 overview of
 * every kind. A hit found by its pinyin adds its title to the terms (the words typed are not in it).
 * The overview shows one post of each title (members often post under the same title: 新人报到,
 * 求推荐悬疑片), the best ranked; the 帖子 tab lists them all.
 */
import {
  SEARCH_OVERVIEW_SIZE,
  type PostHit,
  type SearchOverview,
  type SearchPage,
} from '../../contract/calls/search.ts';
import type { MovieCard, TagBrief, UserCard } from '../../contract/calls/content.ts';
import type { Queryable } from '../db/db.ts';
import { movieCardsByIds } from '../db/movies.ts';
import { postCardsByIds } from '../db/posts.ts';
import { userCardsByIds } from '../db/public-users.ts';
import { excerptOf } from './excerpt.ts';
import { hanRuns } from './lexemes.ts';
import { rankedHits, type Keyword, type RankedHit } from './search-query.ts';

export type HitKind = 'movie' | 'post' | 'user';

/** Cards of the hits in rank order (a source changed since it was ranked is left out). */
function inOrder<T extends { id: number }>(hits: readonly RankedHit[], cards: readonly T[]): T[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  return hits.flatMap((hit) => byId.get(hit.id) ?? []);
}

/**
 * The keyword's words; its runs of Han characters found whole in a hit's title (a title found by
 * characters in a row that are no word of it); and the titles of hits found by pinyin or initials.
 */
function termsOf(keyword: Keyword, hits: readonly RankedHit[]): string[] {
  const terms = new Set(keyword.words);
  const { spelled } = keyword;
  const runs = hanRuns(keyword.folded);
  for (const hit of hits) {
    for (const run of runs) if (hit.titleKey.includes(run)) terms.add(run);
    const inTitle = keyword.words.some((word) => hit.titleKey.includes(word));
    if (spelled && !inTitle && (hit.pinyin.startsWith(spelled) || hit.initials.startsWith(spelled)))
      terms.add(hit.title);
  }
  return [...terms];
}

async function cardsOf(q: Queryable, kind: HitKind, siteId: number, hits: RankedHit[], keyword: Keyword) {
  const ids = hits.map((hit) => hit.id);
  if (kind === 'movie') return inOrder<MovieCard>(hits, await movieCardsByIds(q, ids));
  if (kind === 'user') return inOrder<UserCard>(hits, await userCardsByIds(q, siteId, ids));
  const excerpts = new Map(hits.map((hit) => [hit.id, excerptOf(hit.body, hit.titleKey, keyword.words)]));
  return inOrder(hits, await postCardsByIds(q, ids)).map((card): PostHit => ({
    ...card,
    excerpt: excerpts.get(card.id) ?? '',
  }));
}

type CardOf<K extends HitKind> = K extends 'movie' ? MovieCard : K extends 'post' ? PostHit : UserCard;

/** A page of the kind's hits as cards in rank order, with the terms and the total (capped at the kind's cap). */
export async function searchPage<K extends HitKind>(
  q: Queryable,
  kind: K,
  siteId: number,
  keyword: Keyword,
  request: { page: number; pageSize: number },
): Promise<SearchPage<CardOf<K>>> {
  const offset = (request.page - 1) * request.pageSize;
  const { hits, total, capped } = await rankedHits(q, kind, siteId, keyword, { offset, limit: request.pageSize });
  const list = (await cardsOf(q, kind, siteId, hits, keyword)) as CardOf<K>[];
  return {
    list,
    terms: termsOf(keyword, hits),
    total,
    page: request.page,
    pageSize: request.pageSize,
    ...(capped ? { capped } : {}),
  };
}

/** Posts read for the overview, so that as many of distinct titles are left after repeats are dropped. */
const OVERVIEW_POSTS_READ = 3 * SEARCH_OVERVIEW_SIZE.posts;

/** The first post of each title, up to the overview's size. */
function distinctTitles(posts: readonly PostHit[]): PostHit[] {
  const seen = new Set<string>();
  return posts
    .filter((post) => {
      const fresh = !seen.has(post.title);
      seen.add(post.title);
      return fresh;
    })
    .slice(0, SEARCH_OVERVIEW_SIZE.posts);
}

export async function searchOverview(q: Queryable, siteId: number, keyword: Keyword): Promise<SearchOverview> {
  const first = (pageSize: number) => ({ page: 1, pageSize });
  const [movies, posts, users, tags] = await Promise.all([
    searchPage(q, 'movie', siteId, keyword, first(SEARCH_OVERVIEW_SIZE.movies)),
    searchPage(q, 'post', siteId, keyword, first(OVERVIEW_POSTS_READ)),
    searchPage(q, 'user', siteId, keyword, first(SEARCH_OVERVIEW_SIZE.users)),
    rankedHits(q, 'tag', siteId, keyword, { offset: 0, limit: SEARCH_OVERVIEW_SIZE.tags }),
  ]);
  const kinds = { movies, posts, users } as const;
  const capped = (Object.keys(kinds) as Array<keyof typeof kinds>).filter((name) => kinds[name].capped === true);
  const tagBriefs: TagBrief[] = tags.hits.map((tag) => ({ id: tag.id, key: tag.title, name: tag.title }));
  return {
    movies: movies.list,
    posts: distinctTitles(posts.list),
    users: users.list,
    tags: tagBriefs,
    totals: { movies: movies.total, posts: posts.total, users: users.total, capped },
    terms: [...new Set([...movies.terms, ...posts.terms, ...users.terms])],
  };
}

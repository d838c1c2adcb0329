/**
 * Purchases with coins (contract/calls/member.ts): buying a movie or a post, and the lists of what was
 * bought. A purchase changes what the item's detail says (canPlay, unlocked), so its cached
 * detail is dropped. No toast of their own: the purchase button explains codes 5 and 9.
 */
import { forgetCachedCall, call, type CallOptions } from '../../api/client.ts';
import type { Page } from '../../../contract/calls/content.ts';
import type { PurchasedMovie, PurchasedPost, PurchaseResult } from '../../../contract/calls/member.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

/** Code 5: not enough coins; 9: bought before (the movie is playable either way). */
export async function buyMovie(movieId: number): Promise<PurchaseResult> {
  const result = await call(API.buyMovie, { movieId }, { cache: false, toast: false });
  forgetCachedCall(API.movieDetail, { id: movieId });
  return result;
}

/** Any priced post (archive articles, topics, chigua); its detail is unlocked afterwards. */
export async function buyArticle(id: number): Promise<PurchaseResult> {
  const result = await call(API.buyArticle, { id }, { cache: false, toast: false });
  for (const path of [API.archivesDetail, API.topicDetail, API.chiguaDetail] as const) forgetCachedCall(path, { id });
  return result;
}

export const getMoviePurchases = (
  page: number,
  pageSize: number,
  options?: ToastOption,
): Promise<Page<PurchasedMovie>> => call(API.moviePurchases, { page, pageSize }, { ...options, cache: false });

export const getArticlePurchases = (
  page: number,
  pageSize: number,
  options?: ToastOption,
): Promise<Page<PurchasedPost>> => call(API.articlePurchases, { page, pageSize }, { ...options, cache: false });

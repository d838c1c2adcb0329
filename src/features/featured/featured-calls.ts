/** Featured collections: the list, and one collection with its movies and posts. */
import { call, type CallOptions } from '../../api/client.ts';
import type { FeaturedCard, FeaturedDetail } from '../../../contract/calls/content.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export const getFeaturedList = (options?: ToastOption): Promise<FeaturedCard[]> =>
  call(API.featuredList, {}, { ...options, cache: true });

/** Rejects with code 6 for an unknown id. */
export const getFeatured = (id: number, options?: ToastOption): Promise<FeaturedDetail> =>
  call(API.featuredDetail, { id }, { ...options, cache: true });

/** App-wide calls (DESIGN.md section 3): the start-up lists in one call, and each list on its own. */
import { call, type CallOptions } from './client.ts';
import type { AppInit, Banner, CdnLine, Dictionary, Tag } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

/** Banners, categories, CDN lines, dictionary and hot tags, fetched once at start. */
export const getAppInit = (options?: ToastOption): Promise<AppInit> => call(API.init, {}, { ...options, cache: true });

export const getBanners = (options?: ToastOption): Promise<Banner[]> => call(API.banners, {}, { ...options, cache: true });

/** Counts a banner click; a mutation, never cached. */
export const clickBanner = (bannerId: number): Promise<{ clicks: number }> =>
  call(API.bannerClick, { bannerId }, { cache: false, toast: false });

export const getCdnLines = (options?: ToastOption): Promise<CdnLine[]> => call(API.cdnLines, {}, { ...options, cache: true });

export const getDictionary = (options?: ToastOption): Promise<Dictionary> => call(API.dictionary, {}, { ...options, cache: true });

export const getHotTags = (options?: ToastOption): Promise<Tag[]> => call(API.hotTags, {}, { ...options, cache: true });

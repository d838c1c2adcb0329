/** The home page's calls: its content in one call (banners, hot tags, shortcuts, featured, movie rows, topics), and a banner's click. */
import { call, type CallOptions } from '../../api/client.ts';
import type { HomeData } from '../../../contract/calls/content.ts';
import { API } from '../../../contract/calls/paths.ts';

export const getHome = (options?: Pick<CallOptions, 'toast'>): Promise<HomeData> =>
  call(API.home, {}, { ...options, cache: true });

/** Counts a banner's click; never cached, and its failure is the caller's to ignore. */
export const clickBanner = (bannerId: number): Promise<{ clicks: number }> =>
  call(API.bannerClick, { bannerId }, { cache: false, toast: false });

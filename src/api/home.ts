/** The home page's content in one call (banners, hot tags, shortcuts, featured, movie rows, topics). */
import { call, type CallOptions } from './client.ts';
import type { HomeData } from './content-contract.ts';
import { API } from './paths.ts';

export const getHome = (options?: Pick<CallOptions, 'toast'>): Promise<HomeData> => call(API.home, {}, { ...options, cache: true });

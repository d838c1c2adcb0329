/** The home page's content in one call (banners, hot tags, shortcuts, featured, movie rows, topics). */
import { call, type CallOptions } from '../../api/client.ts';
import type { HomeData } from '../../../contract/calls/content.ts';
import { API } from '../../../contract/calls/paths.ts';

export const getHome = (options?: Pick<CallOptions, 'toast'>): Promise<HomeData> => call(API.home, {}, { ...options, cache: true });

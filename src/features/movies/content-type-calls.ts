/** The /{type} pages: a content type's label (the dictionary's contentType keys) and its movies. */
import { call, type CallOptions } from '../../api/client.ts';
import type { MovieCard, Page, TypePageInfo } from '../../../contract/calls/content.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

/** Rejects with code 6 for a type the site does not have (the screen shows the 404 page). */
export const getTypeInfo = (type: string, options?: ToastOption): Promise<TypePageInfo> =>
  call(API.typeInfo, { type }, { ...options, cache: true });

export const getContentTypePage = (
  type: string,
  page: number,
  pageSize: number,
  cursor?: string,
  options?: ToastOption,
): Promise<Page<MovieCard>> => call(API.typePage, { type, page, pageSize, cursor }, { ...options, cache: true });

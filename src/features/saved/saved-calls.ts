/**
 * The member's favourites and likes of movies and posts (contract/calls/member.ts), never cached; the last
 * answers are kept for offline reading of /mine/like (client.ts, offline).
 */
import { call, type CallOptions } from '../../api/client.ts';
import type { Page } from '../../../contract/calls/content.ts';
import type { SavedItem } from '../../../contract/calls/member.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export type SavedList = 'favourites' | 'likes';
export type SavedType = SavedItem['type'];

const PATHS = { favourites: API.favourites, likes: API.likes } as const;

export const getSavedPage = (
  list: SavedList,
  type: SavedType,
  page: number,
  pageSize: number,
  options?: ToastOption,
): Promise<Page<SavedItem>> => call(PATHS[list], { type, page, pageSize }, { ...options, cache: false, offline: true });

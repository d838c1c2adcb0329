/** Public user pages: the user list and one user's profile (their posts come from posts.ts by authorId). */
import { call, type CallOptions } from '../../api/client.ts';
import type { Page, UserCard, UserProfile } from '../../../contract/calls/content.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export const getUserPage = (
  page: number,
  pageSize: number,
  cursor?: string,
  options?: ToastOption,
): Promise<Page<UserCard>> => call(API.userPage, { page, pageSize, cursor }, { ...options, cache: true });

/** Rejects with code 6 for an unknown id. */
export const getUserProfile = (id: number, options?: ToastOption): Promise<UserProfile> =>
  call(API.userDetail, { id }, { ...options, cache: true });

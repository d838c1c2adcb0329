/** Forum groups: the children of the '/forum' category, each identified by its topicId. */
import { call, type CallOptions } from '../../api/client.ts';
import type { ForumGroup } from '../../../contract/calls/content.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export const getForumGroups = (options?: ToastOption): Promise<ForumGroup[]> =>
  call(API.forumList, {}, { ...options, cache: true });

/** Rejects with code 6 for an unknown topicId. */
export const getForumGroup = (topicId: number, options?: ToastOption): Promise<ForumGroup> =>
  call(API.forumDetail, { topicId }, { ...options, cache: true });

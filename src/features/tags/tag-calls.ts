/** Tags: the whole list and one tag by key. The hot list is held app-wide (stores/app-init.ts). */
import { call, type CallOptions } from '../../api/client.ts';
import type { Tag, TagDetail } from '../../../contract/calls/content.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export const getAllTags = (options?: ToastOption): Promise<Tag[]> => call(API.allTags, {}, { ...options, cache: true });

/** With its counts per kind; rejects with code 6 for an unknown key. */
export const getTag = (key: string, options?: ToastOption): Promise<TagDetail> =>
  call(API.tagDetail, { key }, { ...options, cache: true });

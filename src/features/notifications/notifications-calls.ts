/**
 * The inbox's and Web Push's calls (contract/calls/community.ts). Never cached: counts and lists
 * change behind the member's back; failures of the background checks stay silent.
 */
import { call, type CallOptions } from '../../api/client.ts';
import type { NoticePage, UnreadCounts } from '../../../contract/calls/community.ts';
import { API } from '../../../contract/calls/paths.ts';
import type { NoticeType } from '../../../contract/enums.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export const getNoticePage = (
  type: NoticeType,
  cursor: string | undefined,
  pageSize: number,
  options?: ToastOption,
): Promise<NoticePage> => call(API.noticePage, { type, cursor, pageSize }, { ...options, cache: false });

export const getUnreadCounts = (): Promise<UnreadCounts> => call(API.noticeUnread, {}, { toast: false });

/** Marks one type, or some notices, read; answers the counts after. */
export const readNotices = (which: { type: NoticeType } | { ids: number[] }): Promise<UnreadCounts> =>
  call(API.noticeRead, which, { toast: false });

export const getVapidKey = (): Promise<string> =>
  call(API.pushVapidKey, {}, { toast: false }).then(({ publicKey }) => publicKey);

export const subscribePush = (
  endpoint: string,
  keys: { p256dh: string; auth: string },
  types: NoticeType[],
): Promise<NoticeType[]> =>
  call(API.pushSubscribe, { endpoint, keys, types }, { toast: false }).then((answer) => answer.types);

export const unsubscribePush = (endpoint: string): Promise<boolean> =>
  call(API.pushUnsubscribe, { endpoint }, { toast: false }).then((answer) => answer.removed);

/** The download calls (contract/calls/downloads.ts); never cached: both depend on the viewer's VIP. */
import { call, type CallOptions } from '../../api/client.ts';
import type { DownloadOptions, DownloadTicket } from '../../../contract/calls/downloads.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export const getDownloadOptions = (id: number, options?: ToastOption): Promise<DownloadOptions> =>
  call(API.downloadOptions, { id }, { ...options, cache: false });

export const getDownloadTicket = (
  id: number,
  episode: number,
  height: number,
  options?: ToastOption,
): Promise<DownloadTicket> => call(API.downloadTicket, { id, episode, height }, { ...options, cache: false });

/**
 * The messages between the page and the service worker, defined once for both sides
 * (src/app/cdn-bridge.ts on the page, sw/cdn-lines.ts and sw/sw.ts in the worker).
 */

/** Page → worker: activate the waiting worker now (workbox-window's messageSkipWaiting sends it). */
export const SKIP_WAITING = 'SKIP_WAITING';
/** Page → worker: the site's CDN lines (from /system/init), in the site's order. */
export const CDN_LINES = 'CDN_LINES';
/** Worker → page: the line the race chose (or the fail-over moved to). */
export const CDN_ACTIVE = 'CDN_ACTIVE';

/** Worker → page: a push brought a new notice; the page fetches the unread counts again. */
export const NOTICE_PUSHED = 'NOTICE_PUSHED';

export type PageMessage = { type: typeof SKIP_WAITING } | { type: typeof CDN_LINES; lines: string[] };

export interface CdnActiveMessage {
  type: typeof CDN_ACTIVE;
  line: string | null;
  lines: string[];
}

export const isCdnActiveMessage = (data: unknown): data is CdnActiveMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === CDN_ACTIVE;

export const isNoticePushedMessage = (data: unknown): data is { type: typeof NOTICE_PUSHED } =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === NOTICE_PUSHED;

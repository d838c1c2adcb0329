/**
 * What one Web Push message carries (encrypted per RFC 8291 by the server's push job, decrypted by
 * the browser and handed to the service worker's push event, sw/notice-push.ts). Both sides read
 * this shape; the worker checks it with readPushPayload before showing anything.
 */
import { NOTICE_TYPES, type NoticeType } from './enums.ts';
import { inAppPath } from './in-app-path.ts';

export interface PushPayload {
  /** The notification's title, e.g. "小明 回复了你". */
  title: string;
  /** Its text: the reply's excerpt. */
  body: string;
  /** The in-app path to open on a click, e.g. "/topic/12?floor=5". */
  link: string;
  type: NoticeType;
  noticeId: number;
  /** The recipient's unread total after this notice, for the app icon's badge (optional). */
  unread?: number;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The payload of a push message, or null when it is not one (bad JSON, missing fields). */
export function readPushPayload(text: string): PushPayload | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, link, type, noticeId, unread } = data as Record<string, unknown>;
  if (!isText(title) || !isText(body) || !isText(link) || typeof noticeId !== 'number') return null;
  if (!NOTICE_TYPES.includes(type as NoticeType)) return null;
  // Only in-app paths: a push never sends the member to another site.
  const safeLink = inAppPath(link) ?? '/mine/message';
  return {
    title,
    body,
    link: safeLink,
    type: type as NoticeType,
    noticeId,
    ...(typeof unread === 'number' && Number.isFinite(unread) ? { unread } : {}),
  };
}

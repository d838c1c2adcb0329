/// <reference lib="webworker" />
/**
 * Web Push in the worker. A push (the server's push job, payload contract/push-payload.ts) shows a
 * notification tagged by its notice (a repeat replaces it), sets the app icon's badge where the
 * browser has one, and tells the open pages to fetch their unread counts again. A click on the
 * notification brings an open window of the app to the notice's link (the reply's floor), or
 * opens one.
 */
import { inAppPath } from '../contract/in-app-path.ts';
import { readPushPayload, type PushPayload } from '../contract/push-payload.ts';
import { NOTICE_PUSHED } from '../contract/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';
/** Monochrome, for the status bar of Android. */
const BADGE = '/icons/badge-96.png';
const INBOX = '/mine/message';
/** A push without a readable payload must still show something (userVisibleOnly). */
const FALLBACK: PushPayload = { title: '你有新消息', body: '', link: INBOX, type: 'system', noticeId: 0 };

type BadgeNavigator = WorkerNavigator & { setAppBadge?: (count?: number) => Promise<void> };

function setBadge(unread: number | undefined): Promise<void> {
  const navigator = self.navigator as BadgeNavigator;
  if (typeof navigator.setAppBadge !== 'function') return Promise.resolve();
  // Without a count the badge is a dot: something new; the page sets the number when it opens.
  return navigator.setAppBadge(unread).catch(() => undefined);
}

async function tellPages(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: NOTICE_PUSHED });
}

async function onPush(text: string | null): Promise<void> {
  const payload = (text === null ? null : readPushPayload(text)) ?? FALLBACK;
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: `notice-${payload.noticeId}`,
    data: { link: payload.link },
    icon: ICON,
    badge: BADGE,
    lang: 'zh-CN',
  });
  await Promise.all([setBadge(payload.unread), tellPages()]);
}

const linkOf = (data: unknown): string => {
  const link = (data as { link?: unknown } | null)?.link;
  return (typeof link === 'string' ? inAppPath(link) : null) ?? INBOX;
};

/** Brings a window of the app to `link`: the focused one, else any, else a new one. */
async function openLink(link: string): Promise<void> {
  const url = new URL(link, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window' });
  const target = windows.find((client) => client.focused) ?? windows[0];
  if (target) {
    const focused = await target.focus().catch(() => target);
    if (await focused.navigate(url).catch(() => null)) return;
  }
  await self.clients.openWindow(url);
}

export function registerNoticePush(): void {
  self.addEventListener('push', (event) => {
    event.waitUntil(onPush(event.data?.text() ?? null));
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openLink(linkOf(event.notification.data)));
  });
}

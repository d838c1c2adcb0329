/// <reference lib="webworker" />
/**
 * Service worker entry (injectManifest, built to /sw.js): the shell precache and SPA fallback
 * (shell.ts), runtime caches for icons and media with the CDN line race (runtime-caches.ts,
 * media-route.ts, cdn-lines.ts) and the messages of the page: the SKIP_WAITING handshake of the
 * update prompt (src/app/update-prompt.tsx) and the site's CDN lines; Web Push notices and their
 * clicks (notice-push.ts); the Web Share Target's POST, kept for /release (share-target.ts).
 *
 * A new worker waits until the page's prompt is accepted; the first one takes control of the open
 * pages at once (clientsClaim), so the visit that installed it is already served offline-ready.
 */
import { clientsClaim } from 'workbox-core';
import { setLines } from './cdn-lines.ts';
import { CDN_LINES, SKIP_WAITING, type PageMessage } from '../contract/sw-messages.ts';
import { registerNoticePush } from './notice-push.ts';
import { registerRuntimeCaches } from './runtime-caches.ts';
import { registerShell } from './shell.ts';
import { registerShareTarget } from './share-target.ts';

declare const self: ServiceWorkerGlobalScope;

registerShell(self.__WB_MANIFEST);
registerRuntimeCaches();
registerNoticePush();
registerShareTarget();
clientsClaim();

self.addEventListener('message', (event) => {
  const message = event.data as PageMessage | null;
  if (message?.type === SKIP_WAITING) void self.skipWaiting();
  else if (message?.type === CDN_LINES && Array.isArray(message.lines))
    event.waitUntil(setLines(message.lines.filter((line) => typeof line === 'string')));
});

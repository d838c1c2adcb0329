/// <reference lib="webworker" />
/**
 * Runtime caches besides the shell: the icons the server names (GET /api/icons?icons=a,b; docs/architecture.md) cache-first with expiry and a cap, media (media-route.ts) and downloaded episodes (offline-route.ts). When a new worker
 * activates, caches of names no longer in use (older versions of these) are deleted; the precache
 * cleans its own (shell.ts).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ICONS_PATH } from '../contract/calls/paths.ts';
import { MEDIA_CACHE, registerMediaRoutes } from './media-route.ts';
import { DOWNLOAD_CACHE, PLAYER_CODE_CACHE, registerOfflineRoute } from './offline-route.ts';

declare const self: ServiceWorkerGlobalScope;

const ICONS_CACHE = 'icons-v1';
/** Kept across versions: the downloads' cache holds the member's offline copies (offline-route.ts). */
const RUNTIME_CACHES = new Set([ICONS_CACHE, MEDIA_CACHE, DOWNLOAD_CACHE, PLAYER_CODE_CACHE]);
const PRECACHE_PREFIX = 'workbox-precache';

export function registerRuntimeCaches(): void {
  registerOfflineRoute();
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname === ICONS_PATH,
    new CacheFirst({
      cacheName: ICONS_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
    }),
  );
  registerMediaRoutes();

  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter((name) => !RUNTIME_CACHES.has(name) && !name.startsWith(PRECACHE_PREFIX))
              .map((name) => caches.delete(name)),
          ),
        ),
    );
  });
}

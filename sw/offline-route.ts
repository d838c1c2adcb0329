/// <reference lib="webworker" />
/**
 * Downloaded episodes (contract/offline-media.ts): GET /offline/... answers from the downloads'
 * cache only, never from the network, so a downloaded episode plays with the network off; a file
 * not there is a 404 (the page tells the viewer). The app writes and deletes that cache itself
 * (src/features/downloads/download-manager.ts); the worker only reads it.
 *
 * hls.js and its worker are left out of the precache (vite.config.ts), so they are cached here when
 * the player loads them (cache-first, their file names carry a hash): a download then plays offline. The app loads it
 * while downloading and at start when it holds downloads (download-manager.ts).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { DOWNLOAD_CACHE, OFFLINE_PREFIX } from '../contract/offline-media.ts';

declare const self: ServiceWorkerGlobalScope;

export { DOWNLOAD_CACHE };
export const PLAYER_CODE_CACHE = 'player-code-v1';

export function registerOfflineRoute(): void {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && /^\/assets\/hls(-|\.worker-)[\w-]+\.js$/.test(url.pathname),
    new CacheFirst({
      cacheName: PLAYER_CODE_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 4, purgeOnQuotaError: true })],
    }),
  );
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(OFFLINE_PREFIX),
    async ({ request }) => {
      const cache = await caches.open(DOWNLOAD_CACHE);
      const hit = await cache.match(new URL(request.url).pathname, { ignoreSearch: true });
      return hit ?? new Response('not downloaded', { status: 404, headers: { 'content-type': 'text/plain' } });
    },
  );
}

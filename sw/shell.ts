/**
 * The app shell: the build's files precached (the list Vite injects; vite.config.ts says which),
 * every navigation answered with the precached index.html (the SPA's routes work offline) except
 * the server's own pages and files, and the caches of older builds removed.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * Served by the server, never by the SPA: the API, media lines, the payment sandbox, uploads, what
 * crawlers read (robots.txt, the sitemaps), the MacCMS feed (/api.php/provide/vod), and the operator console (admin.html and /admin-api), which always comes from the network, never stale.
 */
const NOT_THE_APP = [
  /^\/api\//,
  /^\/api\.php(?:[/?]|$)/,
  /^\/cdn\//,
  /^\/media\//,
  /^\/pay\//,
  /^\/uploads\//,
  /^\/admin(?:-api|\.html)?(?:[/?]|$)/,
  /^\/(?:robots\.txt|sitemap\.xml)(?:\?|$)/,
  /^\/sitemaps\//,
];

export function registerShell(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_APP }));
}

/// <reference lib="webworker" />
/**
 * Media requests (anything below a CDN line, e.g. /cdn/1/posters/m1-s.webp or a playlist) go to
 * the active line and fail over to the next line when a line does not answer (line-rules.ts),
 * whichever line the page's URL named. Images (posters, covers, banners, ...) are cache-first in a
 * capped, expiring cache, stored under a key without the line, so an image cached from one line
 * serves for every line, also offline. Playlists and segments are never cached (tickets expire).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { Strategy, type StrategyHandler, type StrategyOptions } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { MEDIA_IMAGES_CACHE } from '../contract/offline-media.ts';
import { knownLines, lineFailed, lineServed, linesReady, mediaLines, raceIfStale } from './cdn-lines.ts';
import { lineFailed as answerMeansLineFailed, onLine, splitByLine } from './line-rules.ts';

declare const self: ServiceWorkerGlobalScope;

export const MEDIA_CACHE = MEDIA_IMAGES_CACHE;
const IMAGE_DIRS = /^\/(posters|covers|banners|featured|avatars)\//;
/** Same-origin lines look like this; used while the saved lines are still being read. */
const SAME_ORIGIN_LINE = /^\/cdn\/[A-Za-z0-9_-]+\//;

const onKnownLine = (url: URL): ReturnType<typeof splitByLine> =>
  splitByLine(url.href, knownLines(), self.location.origin);
const isMedia = (url: URL): boolean =>
  (url.origin === self.location.origin && SAME_ORIGIN_LINE.test(url.pathname)) || onKnownLine(url) !== null;
const isImage = (url: URL): boolean =>
  IMAGE_DIRS.test(onKnownLine(url)?.rest ?? url.pathname.replace(SAME_ORIGIN_LINE, '/'));

/** The cache key of an image: its path below the line, on no line in particular. */
const lineFreeKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const split = onKnownLine(new URL(request.url));
    return split ? new URL(`/__media${split.rest}`, self.location.origin).href : request;
  },
};

/** Cache-first (when caching) with the line fail-over as the network step. */
class LineFailover extends Strategy {
  constructor(
    private readonly cacheFirst: boolean,
    options: StrategyOptions = {},
  ) {
    super(options);
  }

  protected override async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    await linesReady;
    if (this.cacheFirst) {
      const cached = await handler.cacheMatch(request);
      if (cached) return cached;
    }
    const response = await this.fromLines(request, handler);
    if (this.cacheFirst && response.ok) void handler.cachePut(request, response.clone()).catch(() => undefined);
    return response;
  }

  private async fromLines(request: Request, handler: StrategyHandler): Promise<Response> {
    const split = onKnownLine(new URL(request.url));
    if (!split) return handler.fetch(request);
    void handler.waitUntil(raceIfStale());
    let last: Response | null = null;
    for (const line of mediaLines()) {
      let response: Response | null = null;
      try {
        response = await handler.fetch(new Request(onLine(line, split.rest, self.location.origin), request));
      } catch {
        response = null;
      }
      if (!answerMeansLineFailed(response)) {
        void handler.waitUntil(lineServed(line));
        return response!;
      }
      last = response ?? last;
      void handler.waitUntil(lineFailed(line));
    }
    return last ?? Response.error();
  }
}

export function registerMediaRoutes(): void {
  const images = new LineFailover(true, {
    cacheName: MEDIA_CACHE,
    plugins: [
      lineFreeKey,
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  });
  registerRoute(({ url }) => isMedia(url) && isImage(url), images);
  registerRoute(({ url }) => isMedia(url), new LineFailover(false));
}

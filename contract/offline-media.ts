/**
 * Where downloaded episodes live on the device, shared by the app (src/features/downloads/, which
 * writes them) and the service worker (sw/offline-route.ts, which serves them, never from the
 * network): one Cache Storage cache, keyed by stable same-origin URLs
 *
 *   /offline/<movieId>/<episode>/index.m3u8    the rung's playlist, its URIs rewritten to
 *   /offline/<movieId>/<episode>/seg-NNN.ts    the segments saved beside it
 */
export const DOWNLOAD_CACHE = 'offline-downloads-v1';
export const OFFLINE_PREFIX = '/offline/';
/**
 * The service worker's cache of media images (posters, covers, avatars; sw/media-route.ts). What a
 * member looked at, so logging out empties it (src/features/account/forget-member.ts).
 */
export const MEDIA_IMAGES_CACHE = 'media-images-v1';

export const offlineDir = (movieId: number, episode: number): string => `${OFFLINE_PREFIX}${movieId}/${episode}/`;
export const offlinePlaylist = (movieId: number, episode: number): string =>
  `${offlineDir(movieId, episode)}index.m3u8`;
export const offlineSegment = (movieId: number, episode: number, index: number): string =>
  `${offlineDir(movieId, episode)}seg-${String(index).padStart(3, '0')}.ts`;

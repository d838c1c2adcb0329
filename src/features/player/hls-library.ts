/**
 * hls.js as the player loads it (dynamically: hls-source.ts, and the download manager warms it so
 * the service worker keeps it for offline copies): the light build, without what the site's
 * streams never use (subtitles, alternate audio, DRM, CMCD, content steering, interstitials), and
 * its transmuxing worker. The package's ES module build has no inline worker: without workerPath
 * it turns every TS segment into fMP4 on the page's main thread (the play page's long tasks).
 * Its name (hls-…) keeps it out of the precache (vite.config.ts) and in sw/offline-route.ts's cache.
 */
import Hls from 'hls.js/light';

export { Hls };

/**
 * The address of hls.js's transmuxing worker script (hls-library.ts), apart from the library so
 * that the play page can fetch both at once (hls-source.ts preloadHls): a string, nothing of hls.js.
 */
import workerUrl from 'hls.js/dist/hls.worker.js?url';

export const HLS_WORKER_URL = workerUrl;

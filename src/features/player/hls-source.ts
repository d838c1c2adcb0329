/**
 * Puts an HLS playlist into a <video>: the browser's own HLS on iOS (Safari plays it natively and
 * has no MSE on iPhone), hls.js everywhere else. hls.js is imported here, dynamically, so it is
 * downloaded only when a video is played (docs/performance.md: it is outside the route budgets);
 * its light build, with the segments transmuxed in its worker (hls-library.ts). Before the first
 * play it buffers two segments only.
 * A fatal error is reported once, by kind; the caller decides (fail over to another CDN line).
 *
 * 清晰度: with hls.js the ladder's level heights are reported once the master playlist is parsed,
 * the chosen quality applies from the start, and setQuality switches at once; the browser's own
 * HLS picks its rung itself (only 自动: no heights are reported).
 */
import { currentPlatform } from '../../lib/platform.ts';
import { levelFor, type Quality } from './quality.ts';
import { loadChunk } from '../../lib/load-chunk.ts';
import { HLS_WORKER_URL } from './hls-worker-url.ts';
import { fetchAhead } from './play-start.ts';

export type FatalKind = 'network' | 'media' | 'other';

export interface SourceHandle {
  destroy(): void;
  /** Switches the rung (hls.js only). */
  setQuality(quality: Quality): void;
}

export interface SourceOptions {
  /** The quality to start with. */
  quality: Quality;
  /** The heights of the stream's levels, in hls.js's level order ([] for native HLS). */
  onLevels: (heights: number[]) => void;
  /**
   * True once the caller no longer wants this source (another URL came while hls.js loaded): then
   * nothing is attached, so a late attach never takes the video from the source that replaced it.
   */
  cancelled?: () => boolean;
}

/** hls.js's chunk (hls-library.ts), fetched once whoever asks first. */
const hlsLibrary = () => loadChunk(() => import('./hls-library.ts'));

/**
 * Fetches hls.js and its worker's script, side by side, ahead of a source (the play page as it
 * opens, while its calls are on their way; the download manager, for the service worker's cache):
 * on a slow line the stream then starts as soon as its URL arrives, not two round trips later. The
 * script lands in the HTTP cache (and the service worker's), where the worker's own request finds it.
 */
export function preloadHls(): void {
  if (currentPlatform() === 'ios') return; // the browser's own HLS plays there (attachSource)
  void hlsLibrary().catch(() => undefined);
  fetchAhead(HLS_WORKER_URL);
}

const DETACHED: SourceHandle = { destroy: () => undefined, setQuality: () => undefined };

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * What hls.js buffers before the viewer has pressed play: 8 s (a ladder's first segments, of 1, 3
 * and 4 s), enough to start at once. Its default target is what 60 MB holds at the stream's bitrate: a whole film (24 MB of a
 * demo title at 720p) fetched, and its segments appended on the main thread, by a page opened and
 * never played.
 */
const BUFFER_BEFORE_PLAY_S = 8;
/** While it plays: this far ahead, and never more than the max (hls.js may go past the first on a fast line). */
const BUFFER_AHEAD_S = 30;
const BUFFER_AHEAD_MAX_S = 60;

function attachNative(video: HTMLVideoElement, url: string, onFatal: (kind: FatalKind) => void): SourceHandle {
  const onError = () => onFatal(video.error?.code === MediaError.MEDIA_ERR_NETWORK ? 'network' : 'media');
  video.addEventListener('error', onError);
  video.src = url;
  return {
    destroy() {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
    setQuality: () => undefined,
  };
}

export async function attachSource(
  video: HTMLVideoElement,
  url: string,
  onFatal: (kind: FatalKind) => void,
  options: SourceOptions = { quality: 'auto', onLevels: () => undefined },
): Promise<SourceHandle> {
  const native = video.canPlayType(HLS_TYPE) !== '';
  if (native && currentPlatform() === 'ios') {
    options.onLevels([]);
    return attachNative(video, url, onFatal);
  }

  const { Hls } = await hlsLibrary();
  if (options.cancelled?.()) return DETACHED;
  if (!Hls.isSupported()) {
    if (native) {
      options.onLevels([]);
      return attachNative(video, url, onFatal);
    }
    throw new Error('HLS is not supported in this browser');
  }
  const hls = new Hls({
    enableWorker: true,
    workerPath: HLS_WORKER_URL,
    lowLatencyMode: false,
    backBufferLength: 60,
    maxBufferLength: BUFFER_BEFORE_PLAY_S,
    maxMaxBufferLength: BUFFER_BEFORE_PLAY_S,
  });
  // Once it plays, a half minute ahead (a minute at most, whatever hls.js's 60 MB size limit allows).
  const onPlaying = () => {
    hls.config.maxBufferLength = BUFFER_AHEAD_S;
    hls.config.maxMaxBufferLength = BUFFER_AHEAD_MAX_S;
  };
  video.addEventListener('playing', onPlaying, { once: true });
  let mediaRecovered = false;
  let reported = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal || reported) return;
    // A decoding hiccup is recovered in place once; anything else goes to the caller.
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
      mediaRecovered = true;
      hls.recoverMediaError();
      return;
    }
    reported = true;
    onFatal(
      data.type === Hls.ErrorTypes.NETWORK_ERROR
        ? 'network'
        : data.type === Hls.ErrorTypes.MEDIA_ERROR
          ? 'media'
          : 'other',
    );
  });
  let heights: number[] = [];
  hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
    heights = data.levels.map((level) => level.height);
    const level = levelFor(heights, options.quality);
    // A chosen rung from the first segment, kept (manual); automatic otherwise.
    if (level !== -1) hls.loadLevel = level;
    options.onLevels(heights);
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    destroy: () => {
      video.removeEventListener('playing', onPlaying);
      hls.destroy();
    },
    // Automatic again lets hls.js choose by bandwidth; a rung switches now (buffer flushed).
    setQuality: (quality) => {
      hls.currentLevel = levelFor(heights, quality);
    },
  };
}

/**
 * Puts an HLS playlist into a <video>: the browser's own HLS on iOS (Safari plays it natively and
 * has no MSE on iPhone), hls.js everywhere else. hls.js is imported here, dynamically, so it is
 * downloaded only when a video is played (docs/performance.md: it is outside the route budgets).
 * A fatal error is reported once, by kind; the caller decides (fail over to another CDN line).
 */
import { currentPlatform } from '../../lib/platform.ts';

export type FatalKind = 'network' | 'media' | 'other';

export interface SourceHandle {
  destroy(): void;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

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
  };
}

export async function attachSource(
  video: HTMLVideoElement,
  url: string,
  onFatal: (kind: FatalKind) => void,
): Promise<SourceHandle> {
  const native = video.canPlayType(HLS_TYPE) !== '';
  if (native && currentPlatform() === 'ios') return attachNative(video, url, onFatal);

  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    if (native) return attachNative(video, url, onFatal);
    throw new Error('HLS is not supported in this browser');
  }
  const hls = new Hls({ enableWorker: true, lowLatencyMode: false, backBufferLength: 60 });
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
  hls.loadSource(url);
  hls.attachMedia(video);
  return { destroy: () => hls.destroy() };
}

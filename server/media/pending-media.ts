/**
 * Media files this process is still making in a media directory: the demo's, made after the server
 * listens (server/seed/background-media.ts). The routes read it so a visitor is told the truth
 * meanwhile, and never sees a broken file:
 *   - an image still to be made is made at once when asked for, the request waiting for it
 *     (media-plugin.ts): a 404 would make the app fail its CDN line over;
 *   - a title whose video is still to be made answers VIDEO_IN_THE_MAKING (routes/movie-play.ts),
 *     and its video is made next.
 * Keyed by the directory, so apps on other directories (tests) are unaffected; nothing is pending
 * once the files are made, and a process that makes none has no entry.
 */
import { resolve } from 'node:path';

/** What /movie/play answers (code 6) for a video still being made. */
export const VIDEO_IN_THE_MAKING = '视频处理中，请稍后再试';

export interface PendingMedia {
  /** Whether a media key ("posters/m1-s.webp", a video's directory "videos/v3") is still to be made. */
  has(key: string): boolean;
  /**
   * Makes `key` before the rest (an image at once, a video next) and resolves when it is there:
   * true, or false when it is not pending or could not be made.
   */
  hurry(key: string): Promise<boolean>;
}

const byDir = new Map<string, PendingMedia>();

/** Registers the pending media of `mediaDir`; the function returned removes them. */
export function registerPendingMedia(mediaDir: string, pending: PendingMedia): () => void {
  const dir = resolve(mediaDir);
  byDir.set(dir, pending);
  return () => {
    if (byDir.get(dir) === pending) byDir.delete(dir);
  };
}

/** The media still being made in `mediaDir`, if any. */
export const pendingMedia = (mediaDir: string): PendingMedia | undefined => byDir.get(resolve(mediaDir));

/**
 * The rungs of an episode's video as files, for downloads: where a rung's media playlist is, how
 * many segments it has and their bytes. A ladder (hls-ladder.ts, episodes.rungs not empty) has
 * `<dir>/<height>p/index.m3u8`; a single-rung video (episodes.rungs empty, e.g. an older demo
 * video) has its media playlist at `<dir>/index.m3u8` and is offered as height 0. Sizes are
 * cached per playlist: a video's files never change once its directory exists.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloadRung } from '../../contract/calls/downloads.ts';
import { loadPlaylist } from './hls-playlist.ts';
import { videoName } from './media-layout.ts';

/** The height a single-rung video is offered at. */
export const SINGLE_RUNG = 0;

/**
 * The heights a video offers: its ladder's (episodes.rungs, or read from its master playlist when
 * the row does not list them), or [0] for a single rung.
 */
export async function offeredHeights(mediaDir: string, video: string, rungs: readonly number[]): Promise<number[]> {
  if (rungs.length > 0) return [...rungs];
  const name = videoName(video);
  const playlist = name ? await loadPlaylist(join(mediaDir, 'videos', name, 'index.m3u8')) : null;
  const heights = (playlist?.variants ?? [])
    .map((variant) => Number(/^(\d{3,4})p\/index\.m3u8$/.exec(variant.uri)?.[1] ?? NaN))
    .filter(Number.isSafeInteger);
  return heights.length > 0 ? heights.sort((a, b) => a - b) : [SINGLE_RUNG];
}

/** The rung's directory below the video's (a ladder's "720p"), "" for a single rung. */
export const rungPath = (height: number): string => (height === SINGLE_RUNG ? '' : `${height}p`);

const sizes = new Map<string, Promise<DownloadRung>>();

async function measure(playlistPath: string, dir: string, height: number): Promise<DownloadRung> {
  const playlist = await loadPlaylist(playlistPath);
  if (!playlist || playlist.variants.length > 0) return { height, segments: 0, bytes: 0 };
  let bytes = 0;
  for (const segment of playlist.segments) {
    bytes += await stat(join(dir, segment.uri)).then(
      (s) => s.size,
      () => 0,
    );
  }
  return { height, segments: playlist.segments.length, bytes };
}

/** Segments and bytes of one rung of `video` ("videos/v3"); segments 0 when its files are missing. */
export function rungFiles(mediaDir: string, video: string, height: number): Promise<DownloadRung> {
  const name = videoName(video);
  if (!name) return Promise.resolve({ height, segments: 0, bytes: 0 });
  const dir = join(mediaDir, 'videos', name, rungPath(height));
  const path = join(dir, 'index.m3u8');
  let entry = sizes.get(path);
  if (!entry) {
    entry = measure(path, dir, height);
    sizes.set(path, entry);
    void entry.then((rung) => {
      if (rung.segments === 0) sizes.delete(path);
    });
  }
  return entry;
}

/**
 * Reads the VOD playlists of the generated videos and cuts them for trial tickets: the header, the
 * first N segments, then #EXT-X-ENDLIST, so a player sees a short but complete video rather than a
 * live stream waiting for more. A master playlist (an episode's ladder, hls-ladder.ts) is kept as
 * it is: its variants are media playlists, each cut the same way. Parsed playlists are cached per file (a video never changes once
 * its directory exists, see server/seed/video-render.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Playlist {
  /** Lines before the first segment (#EXTM3U, version, target duration, ...). */
  header: string[];
  /** Each segment's tag lines (#EXTINF, ...) and its URI. */
  segments: { tags: string[]; uri: string }[];
  /** A master playlist's variants (#EXT-X-STREAM-INF and the URI of its media playlist); else empty. */
  variants: { tags: string[]; uri: string }[];
}

/** Whether a parsed playlist is a master playlist (a ladder's) rather than a media playlist. */
export const isMaster = (playlist: Playlist): boolean => playlist.variants.length > 0;

export function parsePlaylist(text: string): Playlist {
  const header: string[] = [];
  const segments: Playlist['segments'] = [];
  const variants: Playlist['variants'] = [];
  let pending: string[] | null = null;
  let variant: string[] | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line === '#EXT-X-ENDLIST') continue;
    if (line.startsWith('#EXT-X-STREAM-INF')) {
      variant = [line];
    } else if (variant && !line.startsWith('#')) {
      variants.push({ tags: variant, uri: line });
      variant = null;
    } else if (line.startsWith('#EXTINF')) {
      pending = [line];
    } else if (line.startsWith('#')) {
      if (pending) pending.push(line);
      else if (segments.length === 0) header.push(line);
    } else if (pending) {
      segments.push({ tags: pending, uri: line });
      pending = null;
    }
  }
  return { header, segments, variants };
}

const EXTINF = /^#EXTINF:\s*([\d.]+)/;

/**
 * How many of the playlist's segments start within the first `seconds` (null: all of them), by
 * their #EXTINF durations, so that a trial holds whatever the segments' lengths.
 */
export function segmentsWithin(playlist: Playlist, seconds: number | null): number {
  if (seconds === null) return playlist.segments.length;
  let start = 0;
  let count = 0;
  for (const segment of playlist.segments) {
    if (start >= seconds - 0.001) break;
    count++;
    start += Number(EXTINF.exec(segment.tags[0] ?? '')?.[1] ?? 0);
  }
  return count;
}

/**
 * The playlist text with the segments that start within the first `seconds` (null: all), always
 * ending the VOD; a master playlist as it is.
 */
export function renderPlaylist(playlist: Playlist, seconds: number | null): string {
  if (isMaster(playlist)) {
    return `${[...playlist.header, ...playlist.variants.flatMap((v) => [...v.tags, v.uri])].join('\n')}\n`;
  }
  const kept = playlist.segments.slice(0, segmentsWithin(playlist, seconds));
  const lines = [...playlist.header, ...kept.flatMap((segment) => [...segment.tags, segment.uri]), '#EXT-X-ENDLIST'];
  return `${lines.join('\n')}\n`;
}

const cache = new Map<string, Promise<Playlist | null>>();

/** The parsed playlist at `path`, or null when there is none (not cached, so it can appear later). */
export function loadPlaylist(path: string): Promise<Playlist | null> {
  let entry = cache.get(path);
  if (!entry) {
    entry = readFile(path, 'utf8').then(parsePlaylist, () => null);
    cache.set(path, entry);
    void entry.then((playlist) => {
      if (!playlist) cache.delete(path);
    });
  }
  return entry;
}

const BANDWIDTH = /BANDWIDTH=(\d+)/;

/**
 * What a player asks for first of the video in `videoDir`, relative to its playlist: the rung it
 * starts on (the lowest: hls.js starts there on a line it has not measured yet) and that rung's
 * first segment; of a single playlist its first segment. Null when the files are not here (media on
 * a CDN origin) or the playlist has no segment.
 */
export async function startFiles(videoDir: string): Promise<string[] | null> {
  const playlist = await loadPlaylist(join(videoDir, 'index.m3u8'));
  if (!playlist) return null;
  if (!isMaster(playlist)) return playlist.segments[0] ? [playlist.segments[0].uri] : null;
  const bandwidth = (tags: string[]) => Number(BANDWIDTH.exec(tags[0] ?? '')?.[1] ?? Infinity);
  const lowest = playlist.variants.reduce((low, variant) =>
    bandwidth(variant.tags) < bandwidth(low.tags) ? variant : low,
  );
  const rung = await loadPlaylist(join(videoDir, lowest.uri));
  const folder = lowest.uri.slice(0, lowest.uri.lastIndexOf('/') + 1);
  return rung?.segments[0] ? [lowest.uri, `${folder}${rung.segments[0].uri}`] : null;
}

/**
 * The first files of a stream, fetched as soon as the play answer arrives: what hls.js asks for one
 * after another (the playlist, then the starting rung's playlist once the first is parsed, then its
 * first segment: PlaySourceChoice.start) asked for at once, before the page has even drawn the
 * player, so that on a slow line the first picture waits one round trip instead of three. A ticket's
 * files are cacheable: the answers land in the HTTP cache, where hls.js's own requests find them (or
 * wait for them while they arrive).
 */
import type { PlayInfo } from '../../../contract/calls/content.ts';
import { mediaUrl } from '../../stores/media-url.ts';
import { isOwnSource, startSource } from './play-sources.ts';

/** Fetches a file into the HTTP cache for a request to come, read to the end (else the browser holds the rest back). */
export function fetchAhead(url: string | URL): void {
  void fetch(url, { priority: 'high' })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
}

/** Fetches the start of the source the player will play first (the own video on the active line). */
export function fetchPlayStart(play: PlayInfo): PlayInfo {
  const source = play.sources[startSource(play.movieId, play.sources)];
  const url = source && isOwnSource(source) ? mediaUrl(source.playlist) : '';
  if (url === '' || !source?.start) return play;
  const playlist = new URL(url, location.href);
  for (const file of [playlist, ...source.start.map((path) => new URL(path, playlist))]) fetchAhead(file);
  return play;
}

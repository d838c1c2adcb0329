/**
 * The download manager: fetches a rung's media playlist and each of its segments (through the
 * active CDN line; the service worker fails over between lines) into Cache Storage under stable
 * local URLs (contract/offline-media.ts), and, once every segment is in, the playlist rewritten to
 * those URLs, which the service worker serves with the network off (sw/offline-route.ts).
 *
 * Progress is the record's saved segments; 暂停 aborts the running fetch; 继续 starts again from the
 * first segment missing in the cache. A ticket runs for a day: an expired one (403 on a segment)
 * or a resume after it is replaced by a fresh ticket, which also re-checks the VIP. The first
 * download asks for persistent storage. Expired copies are deleted (`removeExpiredDownloads`, on
 * app start and when the 离线缓存 page opens); a reload during a download leaves it paused.
 */
import type { MovieDetail } from '../../../contract/calls/content.ts';
import type { DownloadTicket } from '../../../contract/calls/downloads.ts';
import { DOWNLOAD_CACHE, offlineDir, offlinePlaylist, offlineSegment } from '../../../contract/offline-media.ts';
import { mediaUrl } from '../../stores/media-url.ts';
import { flushPersistedStores } from '../../stores/persist.ts';
import { getDownloadTicket } from './download-calls.ts';
import { downloadMessages as t } from './download-messages.ts';
import { downloadKey, downloadsReady, downloadsState, isExpired, type DownloadRecord } from './download-store.ts';
import { preloadHls } from '../player/hls-source.ts';

const running = new Map<string, AbortController>();
/** A ticket this close to its end is replaced before a (re)start. */
const TICKET_MARGIN_MS = 5 * 60_000;

const openCache = (): Promise<Cache> => caches.open(DOWNLOAD_CACHE);

/** The segment URIs of a media playlist, in order. */
export const segmentUris = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

/** The playlist with its segment URIs replaced by the local ones, ending the VOD; pure. */
export function localPlaylist(text: string, movieId: number, episode: number): string {
  let index = 0;
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== '#EXT-X-ENDLIST')
    .map((line) => (line.startsWith('#') ? line : offlineSegment(movieId, episode, index++)));
  return `${[...lines, '#EXT-X-ENDLIST'].join('\n')}\n`;
}

const update = (key: string, change: Partial<DownloadRecord>): void => {
  const record = downloadsState.items[key];
  if (record) Object.assign(record, change);
};

function applyTicket(key: string, ticket: DownloadTicket): void {
  update(key, {
    playlist: ticket.playlist,
    ticketExpiresAt: ticket.ticketExpiresAt,
    expiresAt: ticket.expiresAt,
    segments: ticket.segments,
    bytes: ticket.bytes,
  });
}

async function askPersistence(): Promise<void> {
  if (downloadsState.persistAsked) return;
  downloadsState.persistAsked = true;
  await navigator.storage?.persist?.().catch(() => false);
}

/** Index of the first segment not in the cache (the saved ones are a prefix, but check each). */
async function firstMissing(
  cache: Cache,
  record: DownloadRecord,
  total: number,
): Promise<{ index: number; bytes: number }> {
  let bytes = 0;
  for (let i = 0; i < total; i++) {
    const hit = await cache.match(offlineSegment(record.movie.id, record.episode, i));
    if (!hit) return { index: i, bytes };
    bytes += Number(hit.headers.get('content-length') ?? 0);
  }
  return { index: total, bytes };
}

async function fetchOk(url: string, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, { signal, cache: 'no-store' });
  if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  return response;
}

async function run(key: string, controller: AbortController): Promise<void> {
  const { signal } = controller;
  let record = downloadsState.items[key]!;
  const refresh = async () => {
    applyTicket(key, await getDownloadTicket(record.movie.id, record.episode, record.height, { toast: false }));
    record = downloadsState.items[key]!;
  };
  if (!record.playlist || record.ticketExpiresAt - Date.now() < TICKET_MARGIN_MS) await refresh();
  const cache = await openCache();
  let playlistUrl = new URL(mediaUrl(record.playlist), location.href).href;
  let text = await (await fetchOk(playlistUrl, signal)).text();
  const uris = segmentUris(text);
  update(key, { segments: uris.length });
  const start = await firstMissing(cache, record, uris.length);
  update(key, { saved: start.index, savedBytes: start.bytes });
  for (let i = start.index; i < uris.length; i++) {
    if (signal.aborted) return;
    let response: Response;
    try {
      response = await fetchOk(new URL(uris[i]!, playlistUrl).href, signal);
    } catch (error) {
      if ((error as { status?: number }).status !== 403) throw error;
      await refresh(); // the ticket ran out: a fresh one (and the VIP checked again)
      playlistUrl = new URL(mediaUrl(record.playlist), location.href).href;
      text = await (await fetchOk(playlistUrl, signal)).text();
      response = await fetchOk(new URL(segmentUris(text)[i]!, playlistUrl).href, signal);
    }
    const body = await response.arrayBuffer();
    // 暂停 between the answer and its body: the pause stands, this segment comes again on 继续.
    if (signal.aborted) return;
    await cache.put(
      offlineSegment(record.movie.id, record.episode, i),
      new Response(body, { headers: { 'content-type': 'video/mp2t', 'content-length': String(body.byteLength) } }),
    );
    const current = downloadsState.items[key];
    if (!current) return; // deleted meanwhile
    update(key, { saved: i + 1, savedBytes: current.savedBytes + body.byteLength });
  }
  if (signal.aborted) return;
  const local = localPlaylist(text, record.movie.id, record.episode);
  await cache.put(
    offlinePlaylist(record.movie.id, record.episode),
    new Response(local, { headers: { 'content-type': 'application/vnd.apple.mpegurl' } }),
  );
  update(key, { status: 'done', savedAt: Date.now(), playlist: null, error: null });
  flushPersistedStores(); // progress writes wait for a pause in changes: write the end at once
}

function errorText(error: unknown): string {
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return t.noStorage;
  if (error instanceof Error && error.name === 'ApiError') return error.message;
  return t.failed;
}

/** Runs (or continues) the download of `key` unless it is running already. */
function launch(key: string): void {
  if (running.has(key) || !downloadsState.items[key]) return;
  const controller = new AbortController();
  running.set(key, controller);
  update(key, { status: 'downloading', error: null });
  void run(key, controller)
    .catch((error: unknown) => {
      if (!controller.signal.aborted) update(key, { status: 'failed', error: errorText(error) });
    })
    .finally(() => {
      if (running.get(key) === controller) running.delete(key);
    });
}

/**
 * Starts downloading an episode at a rung: the ticket first (so a refusal reaches the caller,
 * e.g. code 4 for a non-VIP), then the record, then the files in the background.
 */
export async function startDownload(movie: MovieDetail, episode: number, height: number): Promise<void> {
  await downloadsReady;
  const key = downloadKey(movie.id, episode);
  const existing = downloadsState.items[key];
  if (existing && existing.height === height && existing.status !== 'failed') return resumeDownload(key);
  const ticket = await getDownloadTicket(movie.id, episode, height);
  if (existing) await removeDownload(key);
  const brief = movie.episodes.find((e) => e.number === episode);
  downloadsState.items[key] = {
    key,
    movie,
    episode,
    episodeTitle: brief?.title ?? '',
    height,
    durationS: ticket.durationS,
    status: 'queued',
    segments: ticket.segments,
    saved: 0,
    bytes: ticket.bytes,
    savedBytes: 0,
    playlist: ticket.playlist,
    ticketExpiresAt: ticket.ticketExpiresAt,
    createdAt: Date.now(),
    savedAt: null,
    expiresAt: ticket.expiresAt,
    error: null,
  };
  void askPersistence();
  preloadHls(); // the player into the service worker's cache, for playing offline
  launch(key);
}

export function pauseDownload(key: string): void {
  running.get(key)?.abort();
  running.delete(key);
  const record = downloadsState.items[key];
  if (record && record.status !== 'done') update(key, { status: 'paused' });
}

export function resumeDownload(key: string): void {
  if (downloadsState.items[key]?.status !== 'done') launch(key);
}

/** Deletes a download's record and its files. */
export async function removeDownload(key: string): Promise<void> {
  const record = downloadsState.items[key];
  running.get(key)?.abort();
  running.delete(key);
  delete downloadsState.items[key];
  if (!record) return;
  flushPersistedStores();
  const cache = await openCache();
  const prefix = new URL(offlineDir(record.movie.id, record.episode), location.href).href;
  for (const request of await cache.keys()) {
    if (request.url.startsWith(prefix)) await cache.delete(request);
  }
}

export async function removeAllDownloads(): Promise<void> {
  await downloadsReady;
  for (const key of Object.keys(downloadsState.items)) await removeDownload(key);
}

/** Deletes expired copies; downloads a reload interrupted become paused; the player cached while online. */
export async function removeExpiredDownloads(now: number = Date.now()): Promise<void> {
  await downloadsReady;
  // The player's code and its worker into the service worker's cache (sw/offline-route.ts), for playing offline.
  if (Object.keys(downloadsState.items).length > 0 && navigator.onLine) preloadHls();
  for (const record of Object.values(downloadsState.items)) {
    if (isExpired(record, now)) await removeDownload(record.key);
    else if ((record.status === 'downloading' || record.status === 'queued') && !running.has(record.key))
      update(record.key, { status: 'paused' });
  }
}

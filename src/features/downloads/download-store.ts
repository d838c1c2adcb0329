/**
 * The records of offline downloads, persisted to IndexedDB (stores/persist.ts): one per episode
 * (key "movieId:episode"), with what the 离线缓存 page and the play page need without a call: the
 * movie's detail as it was when downloaded, the episode, quality, sizes, progress, when it was
 * saved and when it expires. The media itself is in Cache Storage (download-manager.ts).
 * Hydrated when first imported; `downloadsReady` resolves once the saved records are in.
 */
import { proxy } from 'valtio/vanilla';
import type { MovieDetail } from '../../../contract/calls/content.ts';
import { STORE_KEYS } from '../../lib/storage-keys.ts';
import { persist } from '../../stores/persist.ts';

export type DownloadStatus = 'queued' | 'downloading' | 'paused' | 'done' | 'failed';

export interface DownloadRecord {
  key: string;
  movie: MovieDetail;
  episode: number;
  episodeTitle: string;
  /** The rung's height (0: a single-rung video). */
  height: number;
  durationS: number;
  status: DownloadStatus;
  /** Segments in the playlist, and saved (the first `saved` of them, in order). */
  segments: number;
  saved: number;
  /** Bytes of the whole rung (as the server counted them) and saved so far. */
  bytes: number;
  savedBytes: number;
  /** The rung's signed playlist key while downloading, and when its ticket runs out (ms). */
  playlist: string | null;
  ticketExpiresAt: number;
  createdAt: number;
  /** When the last segment was saved (ms); null until then. */
  savedAt: number | null;
  /** When the copy stops playing (ms): the site's download_days after the ticket. */
  expiresAt: number;
  /** Why the last attempt stopped (shown with 下载失败). */
  error: string | null;
}

export interface DownloadsState {
  items: Record<string, DownloadRecord>;
  /** navigator.storage.persist() was asked for (on the first download). */
  persistAsked: boolean;
}

export const downloadsState = proxy<DownloadsState>({ items: {}, persistAsked: false });
export const downloadsReady: Promise<void> = persist(STORE_KEYS.downloads, downloadsState);

export const downloadKey = (movieId: number, episode: number): string => `${movieId}:${episode}`;

export const isExpired = (record: Pick<DownloadRecord, 'expiresAt'>, now: number = Date.now()): boolean =>
  record.expiresAt <= now;

/** The finished copy of an episode, or null (expired ones too: the caller tells the viewer). */
export function finishedDownload(movieId: number, episode: number): DownloadRecord | null {
  const record = downloadsState.items[downloadKey(movieId, episode)];
  return record?.status === 'done' ? record : null;
}

/** Newest first. */
export const sortedDownloads = (items: Record<string, DownloadRecord>): DownloadRecord[] =>
  Object.values(items).sort((a, b) => b.createdAt - a.createdAt);

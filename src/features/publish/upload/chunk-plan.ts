/**
 * How a file is cut for the chunk calls (publish-limits.ts): 2 MiB chunks, larger for files that
 * would need more than MAX_CHUNKS of them (whole MiB, at most CHUNK_MAX_BYTES), and which upload
 * type a picked file is, by its declared type or, when the browser gives none, by its extension.
 */
import {
  CHUNK_MAX_BYTES,
  IMAGE_MIME_TYPES,
  MAX_BYTES,
  MAX_CHUNKS,
  VIDEO_MIME_TYPES,
  kindOfMime,
  type UploadMime,
} from '../../../../contract/calls/publish-limits.ts';

const MIB = 1024 * 1024;
export const DEFAULT_CHUNK_BYTES = 2 * MIB;

export function chooseChunkSize(fileSize: number): number {
  const needed = Math.ceil(fileSize / MAX_CHUNKS / MIB) * MIB;
  return Math.min(CHUNK_MAX_BYTES, Math.max(DEFAULT_CHUNK_BYTES, needed));
}

export const chunkCountOf = (fileSize: number, chunkSize: number): number =>
  Math.max(1, Math.ceil(fileSize / chunkSize));

/** [start, end) of chunk `index`. */
export const chunkRange = (index: number, chunkSize: number, fileSize: number): [number, number] => [
  index * chunkSize,
  Math.min(fileSize, (index + 1) * chunkSize),
];

const BY_EXTENSION: Record<string, UploadMime> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

const KNOWN: ReadonlySet<string> = new Set([...VIDEO_MIME_TYPES, ...IMAGE_MIME_TYPES]);

/** The upload type of a picked file, or null when it is none of the accepted ones. */
export function uploadMimeOf(file: { name: string; type: string }): UploadMime | null {
  if (KNOWN.has(file.type)) return file.type as UploadMime;
  if (file.type && file.type !== 'application/octet-stream') return null;
  return BY_EXTENSION[file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase()] ?? null;
}

/** Whether a file of this type and size may be uploaded. */
export const withinLimit = (mime: UploadMime, size: number): boolean => size > 0 && size <= MAX_BYTES[kindOfMime(mime)];

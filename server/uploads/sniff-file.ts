/**
 * The type of an uploaded file by its first bytes (magic numbers), whatever its name or declared
 * type says: MP4 and QuickTime (ISO base media boxes), WebM and Matroska (EBML), and the images of
 * image-upload.ts.
 */
import { open } from 'node:fs/promises';
import type { UploadKind } from '../../contract/calls/publish-limits.ts';
import { sniffImageType } from './images/image-upload.ts';

export type VideoType = 'mp4' | 'mov' | 'webm' | 'mkv';

/** Boxes a QuickTime file may start with when it has no ftyp box (older cameras and editors). */
const QUICKTIME_FIRST_BOXES = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

export function sniffVideoType(head: Buffer): VideoType | null {
  if (head.length >= 12) {
    const box = head.subarray(4, 8).toString('latin1');
    if (box === 'ftyp') return head.subarray(8, 12).toString('latin1') === 'qt  ' ? 'mov' : 'mp4';
    if (QUICKTIME_FIRST_BOXES.has(box)) return 'mov';
  }
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML)) return head.includes('webm', 0, 'latin1') ? 'webm' : 'mkv';
  return null;
}

/** How many first bytes the sniffing reads (a merge keeps as many: chunk-store.ts). */
const HEAD_BYTES = 64;

/** The video type of a file on disk by its first bytes, else null. */
export async function sniffVideoFile(path: string): Promise<VideoType | null> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return sniffVideoType(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** The detected type when the bytes are a file of the kind, else null. */
export const sniffFile = (kind: UploadKind, head: Buffer): string | null =>
  kind === 'video' ? sniffVideoType(head) : sniffImageType(head);

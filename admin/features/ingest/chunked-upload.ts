/**
 * A resumable upload through the console's chunk calls: the file's MD5 (crypto-js, in pieces, so a
 * large video never sits in memory whole), then check (the server answers the chunks it holds, so
 * after a reload only the rest is sent), the missing chunks one after another, and merge.
 */
import CryptoJS from 'crypto-js/core';
import 'crypto-js/lib-typedarrays';
import 'crypto-js/md5';
import type { IngestFile } from '../../../contract/admin/ingest.ts';
import { uploadNameOf, videoMimeOf } from './batch-plan.ts';
import { checkUpload, mergeUpload, sendChunk } from './ingest-calls.ts';
import { ingestMessages as text } from './ingest-messages.ts';

export const CHUNK_BYTES = 4 * 1024 * 1024;
const HASH_PIECE = 4 * 1024 * 1024;

export type UploadPhase = 'hashing' | 'uploading' | 'merging';

export interface UploadProgress {
  phase: UploadPhase;
  /** Bytes hashed, or bytes the server holds. */
  done: number;
  total: number;
  /** Chunks the server held before this run sent any (a resumed upload). */
  resumed: number;
}

const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

async function md5Of(file: Blob, onBytes: (bytes: number) => void, signal?: AbortSignal): Promise<string> {
  const md5 = CryptoJS.algo.MD5.create();
  for (let at = 0; at < file.size; at += HASH_PIECE) {
    signal?.throwIfAborted();
    const piece = await file.slice(at, at + HASH_PIECE).arrayBuffer();
    md5.update(CryptoJS.lib.WordArray.create(piece as unknown as number[]));
    onBytes(Math.min(file.size, at + HASH_PIECE));
    await yieldToPage();
  }
  return md5.finalize().toString();
}

export async function uploadVideo(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<IngestFile> {
  const mime = videoMimeOf(file);
  if (!mime) throw new Error(text.notVideo);
  const total = file.size;
  const fileId = await md5Of(file, (done) => onProgress({ phase: 'hashing', done, total, resumed: 0 }), signal);
  const chunkCount = Math.max(1, Math.ceil(total / CHUNK_BYTES));
  const checked = await checkUpload({
    fileId,
    fileName: uploadNameOf(file.name),
    fileSize: total,
    chunkSize: CHUNK_BYTES,
    chunkCount,
    mime,
  });
  if (checked.done) return checked.done;
  const held = new Set(checked.uploaded);
  const bytesOf = (index: number) => Math.min(CHUNK_BYTES, total - index * CHUNK_BYTES);
  let done = [...held].reduce((sum, index) => sum + bytesOf(index), 0);
  onProgress({ phase: 'uploading', done, total, resumed: held.size });
  for (let index = 0; index < chunkCount; index++) {
    if (held.has(index)) continue;
    signal?.throwIfAborted();
    await sendChunk(fileId, index, file.slice(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES), signal);
    done += bytesOf(index);
    onProgress({ phase: 'uploading', done, total, resumed: held.size });
  }
  onProgress({ phase: 'merging', done: total, total, resumed: held.size });
  return mergeUpload(fileId);
}

/** An upload's phase in words, with how far it is in whole percent: 校验文件 40%, 上传中 62%, 合并文件…. */
export function uploadWords(upload: UploadProgress): string {
  if (upload.phase === 'merging') return text.merging;
  const percent = upload.total > 0 ? Math.floor((upload.done / upload.total) * 100) : 0;
  return upload.phase === 'hashing' ? text.hashing(percent) : text.uploading(percent);
}

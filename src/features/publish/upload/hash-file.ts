/**
 * The MD5 of a file, computed in a Web Worker (md5-worker.ts, its own chunk) in pieces with
 * progress; where workers are missing it runs on this thread, still in pieces. Aborting the
 * signal stops the worker at once.
 */
import type { HashMessage, HashRequest } from './md5-worker.ts';
import { loadChunk } from '../../../lib/load-chunk.ts';

const PIECE_BYTES = 4 * 1024 * 1024;

const aborted = () => new DOMException('hashing aborted', 'AbortError');

export async function hashFile(file: Blob, onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<string> {
  if (signal?.aborted) throw aborted();
  if (typeof Worker === 'undefined') {
    const { hashBlob } = await loadChunk(() => import('./md5-worker.ts'));
    return hashBlob(file, PIECE_BYTES, (bytes) => {
      if (signal?.aborted) throw aborted();
      onProgress(bytes);
    });
  }
  const worker = new Worker(new URL('./md5-worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<string>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(aborted()), { once: true });
      worker.onerror = (event) => reject(new Error(event.message || 'md5 worker failed'));
      worker.onmessage = ({ data }: MessageEvent<HashMessage>) => {
        if (data.type === 'progress') onProgress(data.bytes);
        else if (data.type === 'done') resolve(data.md5);
        else reject(new Error(data.message));
      };
      worker.postMessage({ file, pieceBytes: PIECE_BYTES } satisfies HashRequest);
    });
  } finally {
    worker.terminate();
  }
}

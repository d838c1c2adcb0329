/**
 * The Web Worker that hashes a file for the chunk calls: it reads the File in pieces (never the
 * whole file at once), feeds the incremental MD5 and reports the bytes done after each piece, so
 * the page stays responsive and shows progress while a large video is hashed. The MD5 itself is
 * crypto-js's incremental one (already the protocol's library).
 *
 * In:  { file: Blob, pieceBytes: number }
 * Out: { type: 'progress', bytes } … then { type: 'done', md5 } or { type: 'error', message }
 */
import CryptoJS from 'crypto-js/core';
import 'crypto-js/lib-typedarrays';
import 'crypto-js/md5';

export type HashRequest = { file: Blob; pieceBytes: number };
export type HashMessage =
  { type: 'progress'; bytes: number } | { type: 'done'; md5: string } | { type: 'error'; message: string };

/** Hashes `file` piece by piece; shared with the main-thread fallback (hash-file.ts). */
export async function hashBlob(file: Blob, pieceBytes: number, onProgress: (bytes: number) => void): Promise<string> {
  const md5 = CryptoJS.algo.MD5.create();
  for (let at = 0; at < file.size; at += pieceBytes) {
    const piece = await file.slice(at, at + pieceBytes).arrayBuffer();
    // lib-typedarrays lets WordArray.create take an ArrayBuffer; its typings know only number[].
    md5.update(CryptoJS.lib.WordArray.create(piece as unknown as number[]));
    onProgress(Math.min(file.size, at + pieceBytes));
  }
  return md5.finalize().toString();
}

const scope = globalThis as unknown as {
  postMessage(message: HashMessage): void;
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
};

if (typeof window === 'undefined' && 'onmessage' in scope) {
  scope.onmessage = ({ data }) => {
    hashBlob(data.file, data.pieceBytes, (bytes) => scope.postMessage({ type: 'progress', bytes })).then(
      (md5) => scope.postMessage({ type: 'done', md5 }),
      (error: unknown) =>
        scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  };
}

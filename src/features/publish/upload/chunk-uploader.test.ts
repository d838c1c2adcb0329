import { describe, expect, it } from 'vitest';
import type { ChunkLayout } from '../publish-calls.ts';
import type { UploadedFileInfo } from '../../../../contract/calls/publish.ts';
import { ChunkUploader, PARALLEL, type UploadDeps, type UploadProgress, type UploadRecord } from './chunk-uploader.ts';

const CHUNK = 10;
const file = Object.assign(new Blob([new Uint8Array(95)]), { name: 'clip.mp4' }); // 10 chunks, the last of 5 bytes
const info: UploadedFileInfo = {
  fileId: 'f'.repeat(32),
  kind: 'video',
  size: 95,
  url: 'clips/x/index.m3u8',
  video: { state: 'pending', playlist: null, poster: null, durationS: null },
};
const networkError = () => Object.assign(new Error('网络连接失败'), { code: -1 });

/** A fake server: holds chunks, counts calls and the most chunks in flight at once. */
function fakeServer(
  options: { held?: number[]; failChunk?: (index: number, attempt: number) => boolean; mergeError?: Error } = {},
) {
  const held = new Set(options.held ?? []);
  const attempts = new Map<number, number>();
  const sent: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let hashes = 0;
  const layouts: ChunkLayout[] = [];
  const deps: UploadDeps = {
    hash: async (_file, onProgress) => {
      hashes++;
      onProgress(95);
      return 'f'.repeat(32);
    },
    check: async (layout) => {
      layouts.push(layout);
      return { uploaded: [...held].sort((a, b) => a - b), done: null };
    },
    upload: async (_fileId, index, chunk) => {
      const attempt = (attempts.get(index) ?? 0) + 1;
      attempts.set(index, attempt);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      if (options.failChunk?.(index, attempt)) throw networkError();
      expect(chunk.size).toBe(index === 9 ? 5 : CHUNK);
      sent.push(index);
      held.add(index);
      return { index, received: held.size };
    },
    merge: async () => {
      if (options.mergeError) throw options.mergeError;
      return info;
    },
    sleep: async () => undefined,
    now: () => Date.now(),
  };
  return {
    deps,
    held,
    sent,
    attempts,
    layouts,
    get maxInFlight() {
      return maxInFlight;
    },
    get hashes() {
      return hashes;
    },
  };
}

function uploader(deps: UploadDeps, record: UploadRecord = { fileId: null, chunkSize: CHUNK, done: [] }) {
  const seen: { progress: UploadProgress; record: UploadRecord }[] = [];
  const upload = new ChunkUploader(file, 'video/mp4', record, deps, (progress, saved) =>
    seen.push({ progress, record: saved }),
  );
  return { upload, seen, last: () => seen.at(-1)! };
}

describe('chunk uploader', () => {
  it(`hashes, checks, sends every chunk ${PARALLEL} at a time, merges; progress reaches the total`, async () => {
    const server = fakeServer();
    const { upload, last, seen } = uploader(server.deps);
    await upload.start();
    expect(server.sent.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(server.maxInFlight).toBe(PARALLEL);
    expect(server.layouts[0]).toEqual({
      fileId: 'f'.repeat(32),
      fileName: 'clip.mp4',
      fileSize: 95,
      chunkSize: CHUNK,
      chunkCount: 10,
      mime: 'video/mp4',
    });
    expect(last().progress).toMatchObject({ phase: 'done', sentBytes: 95, result: info, error: null });
    expect(seen.map((entry) => entry.progress.phase)).toEqual(
      expect.arrayContaining(['hashing', 'checking', 'uploading', 'merging', 'done']),
    );
    expect(last().record.done).toHaveLength(10);
  });

  it('resumes from a saved record: no hashing, only the chunks the server lacks', async () => {
    const server = fakeServer({ held: [0, 1, 2, 5] });
    const { upload, seen } = uploader(server.deps, { fileId: 'f'.repeat(32), chunkSize: CHUNK, done: [0, 1] });
    await upload.start();
    expect(server.hashes).toBe(0);
    expect(server.sent.sort((a, b) => a - b)).toEqual([3, 4, 6, 7, 8, 9]);
    expect(seen.find((entry) => entry.progress.phase === 'uploading')?.progress.sentBytes).toBe(40);
  });

  it('retries a chunk after network failures and goes on', async () => {
    const server = fakeServer({ failChunk: (index, attempt) => index === 4 && attempt <= 2 });
    const { upload, last } = uploader(server.deps);
    await upload.start();
    expect(server.attempts.get(4)).toBe(3);
    expect(last().progress.phase).toBe('done');
  });

  it('stops as failed when a chunk keeps failing, keeps what was sent, and resumes on start', async () => {
    let down = true;
    const server = fakeServer({ failChunk: (index) => down && index >= 5 });
    const { upload, last } = uploader(server.deps);
    await upload.start();
    expect(last().progress).toMatchObject({ phase: 'failed', error: '网络连接失败', fatal: false });
    const kept = last().record.done;
    expect(kept).toEqual(expect.arrayContaining([0, 1, 2, 3, 4]));
    down = false;
    const before = server.sent.length;
    const missing = 10 - server.held.size;
    await upload.start();
    expect(last().progress.phase).toBe('done');
    expect(server.sent.length - before).toBe(missing); // each missing chunk once, nothing sent twice
    expect(new Set(server.sent).size).toBe(10);
  });

  it('pauses: takes no new chunk, then resumes where it stopped', async () => {
    const server = fakeServer();
    const { upload, last } = uploader(server.deps);
    const run = upload.start();
    await new Promise((resolve) => setTimeout(resolve, 3));
    upload.pause();
    await run;
    expect(last().progress.phase).toBe('paused');
    const sentBeforeResume = server.sent.length;
    expect(sentBeforeResume).toBeLessThan(10);
    await upload.start();
    expect(last().progress.phase).toBe('done');
    expect(server.sent).toHaveLength(10);
    expect(sentBeforeResume).toBeGreaterThan(0);
  });

  it('ends as fatal when the server refuses the merge, and forgets the file id', async () => {
    const refusal = Object.assign(new Error('参数错误：MD5 校验失败'), { code: 2 });
    const server = fakeServer({ mergeError: refusal });
    const { upload, last } = uploader(server.deps);
    await upload.start();
    expect(last().progress).toMatchObject({ phase: 'failed', fatal: true, error: '参数错误：MD5 校验失败' });
    expect(last().record).toEqual({ fileId: null, chunkSize: CHUNK, done: [] });
  });

  it('is done at once when the server already has the file', async () => {
    const server = fakeServer();
    server.deps.check = async () => ({ uploaded: [], done: info });
    const { upload, last } = uploader(server.deps);
    await upload.start();
    expect(server.sent).toEqual([]);
    expect(last().progress).toMatchObject({ phase: 'done', result: info });
  });
});

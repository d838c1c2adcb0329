/**
 * One resumable upload through the chunk calls (contract/calls/publish.ts), as a small state machine:
 *
 *   hashing (MD5 in a worker) → checking (which chunks the server holds) → uploading (the missing
 *   chunks, PARALLEL at a time, each retried with backoff) → merging → done
 *
 * pause() stops taking chunks (those in flight finish and count); start() goes on from the record,
 * which is handed to `onRecord` after every change so the caller can keep it (IndexedDB) and
 * resume after a reload: a known file id skips hashing, and the server's answer to check decides
 * what is still to send. Network failures are retried, then the upload stops as 'failed' and may
 * be started again; a refusal of the server (a failed MD5 or type check) is final.
 */
import type { ChunkLayout } from '../publish-calls.ts';
import type { ChunkCheckResult, UploadedFileInfo } from '../../../../contract/calls/publish.ts';
import type { UploadMime } from '../../../../contract/calls/publish-limits.ts';
import { chunkCountOf, chunkRange } from './chunk-plan.ts';
import { TransferMeter } from './transfer-meter.ts';

export const PARALLEL = 3;
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

export type UploadPhase = 'idle' | 'hashing' | 'checking' | 'uploading' | 'paused' | 'merging' | 'done' | 'failed';

/** What is kept across reloads. */
export interface UploadRecord {
  fileId: string | null;
  chunkSize: number;
  /** Chunks the server confirmed. */
  done: number[];
}

export interface UploadProgress {
  phase: UploadPhase;
  hashedBytes: number;
  sentBytes: number;
  totalBytes: number;
  /** Bytes per second; 0 while unknown. */
  speed: number;
  secondsLeft: number | null;
  error: string | null;
  /** The server refused the file: start over with another. */
  fatal: boolean;
  result: UploadedFileInfo | null;
}

export interface UploadDeps {
  hash(file: Blob, onProgress: (bytes: number) => void, signal: AbortSignal): Promise<string>;
  check(layout: ChunkLayout): Promise<ChunkCheckResult>;
  upload(fileId: string, index: number, chunk: Blob): Promise<unknown>;
  merge(fileId: string): Promise<UploadedFileInfo>;
  sleep(ms: number): Promise<void>;
  now(): number;
}

/** Errors worth another try: no answer (code -1), a system error, a rate limit. */
const retryable = (error: unknown): boolean => [-1, 1, 8].includes((error as { code?: number } | null)?.code ?? -1);
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class ChunkUploader {
  readonly progress: UploadProgress;
  private readonly meter = new TransferMeter();
  private running: Promise<void> | null = null;
  private stop: AbortController | null = null;

  constructor(
    private readonly file: Blob & { name: string },
    private readonly mime: UploadMime,
    private readonly record: UploadRecord,
    private readonly deps: UploadDeps,
    private readonly onChange: (progress: UploadProgress, record: UploadRecord) => void,
  ) {
    this.progress = {
      phase: 'idle',
      hashedBytes: 0,
      sentBytes: 0,
      totalBytes: file.size,
      speed: 0,
      secondsLeft: null,
      error: null,
      fatal: false,
      result: null,
    };
    this.progress.sentBytes = this.bytesOf(record.done);
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** Starts or resumes; resolves when the run stops (done, paused or failed). */
  start(): Promise<void> {
    if (this.progress.fatal || this.progress.phase === 'done') return Promise.resolve();
    this.running ??= this.run().finally(() => {
      this.running = null;
      this.stop = null;
    });
    return this.running;
  }

  pause(): void {
    this.stop?.abort();
  }

  private get count(): number {
    return chunkCountOf(this.file.size, this.record.chunkSize);
  }

  private bytesOf(indexes: readonly number[]): number {
    return indexes.reduce((sum, index) => {
      const [start, end] = chunkRange(index, this.record.chunkSize, this.file.size);
      return sum + (end - start);
    }, 0);
  }

  private update(change: Partial<UploadProgress>): void {
    Object.assign(this.progress, change);
    this.onChange({ ...this.progress }, { ...this.record, done: [...this.record.done] });
  }

  /** Runs fn, retrying what is worth it; gives up after the last delay or when stopped. */
  private async retry<T>(fn: () => Promise<T>, signal: AbortSignal): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || !retryable(error) || signal.aborted) throw error;
        await this.deps.sleep(delay);
        if (signal.aborted) throw error;
      }
    }
  }

  private async run(): Promise<void> {
    const stop = (this.stop = new AbortController());
    const { signal } = stop;
    this.update({ error: null });
    try {
      if (!this.record.fileId) {
        this.update({ phase: 'hashing', hashedBytes: 0 });
        this.record.fileId = await this.deps.hash(this.file, (hashedBytes) => this.update({ hashedBytes }), signal);
        this.update({ hashedBytes: this.file.size });
      }
      const fileId = this.record.fileId;
      this.update({ phase: 'checking' });
      const layout = {
        fileId,
        fileName: this.file.name,
        fileSize: this.file.size,
        chunkSize: this.record.chunkSize,
        chunkCount: this.count,
        mime: this.mime,
      };
      const checked = await this.retry(() => this.deps.check(layout), signal);
      if (checked.done) return this.update({ phase: 'done', sentBytes: this.file.size, result: checked.done });
      this.record.done = checked.uploaded;
      this.meter.reset();
      this.update({ phase: 'uploading', sentBytes: this.bytesOf(checked.uploaded) });
      await this.sendMissing(fileId, signal);
      if (signal.aborted) return this.update({ phase: 'paused', speed: 0, secondsLeft: null });
      this.update({ phase: 'merging', speed: 0, secondsLeft: null });
      const result = await this.retry(() => this.deps.merge(fileId), signal);
      this.update({ phase: 'done', sentBytes: this.file.size, result });
    } catch (error) {
      if (signal.aborted && !this.progress.error) return this.update({ phase: 'paused', speed: 0, secondsLeft: null });
      // A refused merge: the server dropped the upload; a new start would hash and send it again.
      const fatal = this.progress.phase === 'merging' && !retryable(error);
      if (fatal) Object.assign(this.record, { fileId: null, done: [] });
      this.update({ phase: 'failed', error: messageOf(error), fatal, speed: 0, secondsLeft: null });
    }
  }

  private async sendMissing(fileId: string, signal: AbortSignal): Promise<void> {
    const held = new Set(this.record.done);
    const queue = Array.from({ length: this.count }, (_, index) => index).filter((index) => !held.has(index));
    const worker = async () => {
      for (let index = queue.shift(); index !== undefined && !signal.aborted; index = queue.shift()) {
        const [start, end] = chunkRange(index, this.record.chunkSize, this.file.size);
        try {
          await this.retry(() => this.deps.upload(fileId, index, this.file.slice(start, end)), signal);
        } catch (error) {
          queue.length = 0; // the other workers finish the chunk they hold and stop
          throw error;
        }
        this.record.done = [...this.record.done, index].sort((a, b) => a - b);
        const now = this.deps.now();
        this.meter.add(end - start, now);
        const sentBytes = this.progress.sentBytes + end - start;
        this.update({
          sentBytes,
          speed: this.meter.speed(now),
          secondsLeft: this.meter.secondsLeft(this.file.size - sentBytes, now),
        });
      }
    };
    const results = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
    const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
  }
}

/**
 * The background jobs that turn merged videos into HLS, one at a time in this process (ffmpeg
 * uses every core). The queue lives in the database: a merged video is 'pending' until its job
 * ends as 'ready' or 'failed', and pending videos are queued again at start-up, so a restart
 * in the middle of a job only repeats it. The source file is removed once its clip is ready.
 */
import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { finishVideo, pendingVideos, posterOf, uploadById } from '../db/chunk-uploads.ts';
import type { ChunkStore } from '../uploads/chunks/chunk-store.ts';
import { transcodeVideo } from './transcode-video.ts';

export class VideoJobs {
  private readonly queue: number[] = [];
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly store: ChunkStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  enqueue(uploadId: number): void {
    if (this.closed || this.queue.includes(uploadId)) return;
    this.queue.push(uploadId);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Queues every video left pending by a previous run. */
  async resumePending(): Promise<void> {
    for (const row of await pendingVideos(this.db)) this.enqueue(row.id);
  }

  /** Resolves when the queue is empty (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops taking jobs and kills the running ffmpeg; its video stays pending for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    this.abort.abort();
    await this.running?.catch(() => undefined);
  }

  private async drain(): Promise<void> {
    for (let id = this.queue.shift(); id !== undefined && !this.closed; id = this.queue.shift()) {
      await this.run(id);
    }
  }

  private async run(uploadId: number): Promise<void> {
    const row = await uploadById(this.db, uploadId);
    if (!row || row.videoState !== 'pending' || !row.url) return;
    const source = this.store.mergedPath(row.userId, row.fileId);
    const started = Date.now();
    try {
      const { durationS } = await transcodeVideo(source, this.store.clipDir(row.userId, row.fileId), this.abort.signal);
      await this.db.tx((q) => finishVideo(q, row.id, { state: 'ready', durationS, poster: posterOf(row.url!) }));
      await rm(source, { force: true });
      this.log.info({ uploadId, durationS, ms: Date.now() - started }, 'video ready');
    } catch (error) {
      if (this.closed) return;
      this.log.warn({ uploadId, err: error }, 'video transcoding failed');
      await this.db.tx((q) => finishVideo(q, row.id, { state: 'failed', durationS: null, poster: null }));
    }
  }
}

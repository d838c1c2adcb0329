/**
 * The jobs that turn members' merged videos into HLS (transcode-video.ts, with the ffmpeg of
 * upload-ffmpeg.ts: without a usable one a video fails), on the pg-boss queue
 * MEMBER_VIDEO_QUEUE (server/jobs/job-queue.ts): any process running the workers (the server by
 * default, `npm run worker` at scale) takes them, one at a time (ffmpeg uses every core).
 *
 * A merged video is 'pending' until its job ends it as 'ready' (the source file removed) or
 * 'failed' (ffmpeg could not make it: final, as a member's upload is never retried by hand). A job
 * whose process stopped or died in the middle is retried by the queue (after its expiry for a dead
 * one), so a restart only repeats it. Videos left pending without a job (queued by an older
 * release) are queued at start.
 */
import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { finishVideo, pendingVideos, posterOf, uploadById } from '../db/chunk-uploads.ts';
import type { JobQueue, JobRecord, QueueSpec } from '../jobs/job-queue.ts';
import type { ChunkStore } from '../uploads/chunks/chunk-store.ts';
import { transcodeVideo } from './transcode-video.ts';
import { DECODER_MISSING, uploadFfmpeg } from './upload-ffmpeg.ts';

export const MEMBER_VIDEO_QUEUE = 'member-video';

interface MemberVideoJob {
  uploadId: number;
}

export const memberVideoQueue = (config: Config): QueueSpec => ({
  name: MEMBER_VIDEO_QUEUE,
  retryLimit: 3,
  retryDelaySeconds: config.VIDEO_JOB_RETRY_SECONDS,
  expireInSeconds: config.VIDEO_JOB_EXPIRE_SECONDS,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class VideoJobs {
  private readonly abort = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly store: ChunkStore,
    private readonly jobs: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly config: Pick<Config, 'FFMPEG_PATH'>,
  ) {}

  /** Queues the job of a merged video. */
  async enqueue(uploadId: number): Promise<void> {
    await this.jobs.send(MEMBER_VIDEO_QUEUE, { uploadId } satisfies MemberVideoJob);
  }

  /** Queues every pending video that has no job yet. */
  async resumePending(): Promise<void> {
    const pending = await pendingVideos(this.db);
    if (pending.length === 0) return;
    await this.jobs.start();
    const queued = new Set(
      (
        await this.db.query<{ id: number }>(
          `SELECT (data->>'uploadId')::bigint AS id FROM ${this.jobs.schema}.job WHERE name = $1 AND state < 'completed'`,
          [MEMBER_VIDEO_QUEUE],
        )
      ).map((row) => Number(row.id)),
    );
    for (const row of pending) if (!queued.has(row.id)) await this.enqueue(row.id);
  }

  /** Runs the jobs in this process. */
  work(): Promise<void> {
    return this.jobs.work<MemberVideoJob>(MEMBER_VIDEO_QUEUE, (job) => this.run(job));
  }

  /** Resolves when no member video job is queued or running (tests). */
  async idle(): Promise<void> {
    while ((await this.jobs.unfinished(MEMBER_VIDEO_QUEUE)) > 0) await sleep(50);
  }

  /** Kills the running ffmpeg: its job is retried by the next process that runs the workers. */
  close(): void {
    this.abort.abort();
  }

  private async run(job: JobRecord<MemberVideoJob>): Promise<unknown> {
    const uploadId = job.data.uploadId;
    const row = await uploadById(this.db, uploadId);
    if (!row || row.videoState !== 'pending' || !row.url) return { skipped: true };
    const source = this.store.mergedPath(row.userId, row.fileId);
    const started = Date.now();
    try {
      const signal = AbortSignal.any([this.abort.signal, AbortSignal.timeout(job.expireInSeconds * 1000)]);
      const decoder = await uploadFfmpeg(this.config);
      if (decoder.problem !== undefined) throw new Error(`${DECODER_MISSING}: ${decoder.problem}`);
      const dir = this.store.clipDir(row.userId, row.fileId);
      const { durationS } = await transcodeVideo(source, dir, { ffmpeg: decoder.path, signal });
      await this.db.tx((q) => finishVideo(q, row.id, { state: 'ready', durationS, poster: posterOf(row.url!) }));
      await rm(source, { force: true });
      this.log.info({ uploadId, durationS, ms: Date.now() - started }, 'video ready');
      return { durationS };
    } catch (error) {
      // Stopped with the process: left pending, the queue retries it.
      if (this.abort.signal.aborted) throw error;
      this.log.warn({ uploadId, err: error }, 'video transcoding failed');
      await this.db.tx((q) => finishVideo(q, row.id, { state: 'failed', durationS: null, poster: null }));
      return { failed: true };
    }
  }
}

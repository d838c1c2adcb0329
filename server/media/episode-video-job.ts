/**
 * The job that makes an episode's HLS ladder (hls-ladder.ts) from a video an operator uploaded, on
 * the pg-boss queue EPISODE_VIDEO_QUEUE.
 *
 * - Queued by the console's calls in their own transaction (queueEpisodeVideo): the episode's job_id
 *   names the job and its state is 'processing', unless it is 'ready': a replacement leaves it
 *   ready, its old video (or its 播放源, a collected episode's) playing, until the new one is.
 * - While ffmpeg runs, episodes.progress follows it (0-99, a write at most every PROGRESS_EVERY_MS).
 * - Ready: the ladder is renamed into MEDIA_DIR/videos/e<episode>-<job>/, and the episode gets video,
 *   rungs, duration_s, state 'ready', progress 100 (and the title's duration_s: a film's, or a
 *   series' while it has none); the video it replaces and the source are removed.
 * - The ladder is made by the ffmpeg of upload-ffmpeg.ts; without a usable one the job fails at once.
 * - A source ffmpeg cannot read fails at once (retrying cannot help): state 'failed' with the reason.
 *   Other failures (a crash, a timeout) are retried by the queue with backoff; the last one fails the
 *   episode ('failed', or still 'ready' with its old video or its 播放源). A job whose worker died is retried
 *   after its expiry (job-queue.ts).
 * - A job whose episode has since been given another job (a newer upload) does nothing.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { JobQueue, JobRecord, QueueSpec } from '../jobs/job-queue.ts';
import { LadderError, makeLadder } from './hls-ladder.ts';
import { isLadderVideo } from './media-layout.ts';
import { DECODER_MISSING, uploadFfmpeg } from './upload-ffmpeg.ts';

export const EPISODE_VIDEO_QUEUE = 'episode-video';
const PROGRESS_EVERY_MS = 500;

export interface EpisodeVideoData {
  episodeId: number;
  /** The uploaded file, relative to UPLOAD_DIR. */
  source: string;
}

/** What a finished job answers (pg-boss keeps it as the job's output). */
export interface EpisodeVideoOutput {
  video?: string;
  rungs?: number[];
  durationS?: number;
  poster?: string;
  /** A failure that retrying cannot help. */
  failure?: string;
  /** The episode had another job by then. */
  superseded?: boolean;
}

export const episodeVideoQueue = (config: Config): QueueSpec => ({
  name: EPISODE_VIDEO_QUEUE,
  retryLimit: 2,
  retryDelaySeconds: config.VIDEO_JOB_RETRY_SECONDS,
  expireInSeconds: config.VIDEO_JOB_EXPIRE_SECONDS,
});

/** The directory (a media key under MEDIA_DIR) of a job's ladder. */
export const ladderKey = (episodeId: number, jobId: string): string =>
  `videos/e${episodeId}-${jobId.replace(/-/g, '').slice(0, 8)}`;

export const posterKey = (video: string): string => `${video}/poster.jpg`;

/** An episode that plays (its old video, its 播放源) keeps playing while its ladder is made. */
const KEEP_PLAYING = `CASE WHEN state = 'ready' THEN 'ready' ELSE 'processing' END`;

export const TIMEOUT_REASON = '转码超时：处理时间超过上限';
export const INTERRUPTED_REASON = '处理中断：工作进程退出或超时，重试次数已用完';

/**
 * Queues the ladder job of an episode inside the caller's transaction: the job row commits with the
 * episode's change or not at all. Call `nudge()` after the commit so an idle worker starts at once.
 */
export async function queueEpisodeVideo(q: Queryable, jobs: JobQueue, data: EpisodeVideoData): Promise<string> {
  const id = randomUUID();
  await jobs.sendIn(q, EPISODE_VIDEO_QUEUE, data, { id });
  await q.query(
    `UPDATE episodes SET job_id = $2, state = ${KEEP_PLAYING}, progress = 0, failure = NULL
     WHERE id = $1`,
    [data.episodeId, id],
  );
  return id;
}

export class EpisodeVideoJobs {
  private readonly abort = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly jobs: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs the jobs in this process. */
  work(): Promise<void> {
    return this.jobs.work<EpisodeVideoData>(EPISODE_VIDEO_QUEUE, (job) => this.run(job));
  }

  /** Kills the running ffmpeg: its job is retried by the next process that runs the workers. */
  close(): void {
    this.abort.abort();
  }

  /** The source path of a job, always under UPLOAD_DIR. */
  sourcePath(source: string): string {
    const root = resolve(this.config.UPLOAD_DIR);
    const path = resolve(root, source);
    if (!path.startsWith(root + sep)) throw new LadderError('源文件路径无效', true, source);
    return path;
  }

  private async run(job: JobRecord<EpisodeVideoData>): Promise<EpisodeVideoOutput> {
    const { episodeId, source } = job.data;
    const mine = () => [episodeId, job.id] as const;
    const started = await this.db.query(
      `UPDATE episodes SET state = ${KEEP_PLAYING}, progress = 0
       WHERE id = $1 AND job_id = $2 RETURNING id`,
      mine(),
    );
    if (started.length === 0) return { superseded: true };

    let written = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const onProgress = (percent: number) => {
      if (Date.now() - written < PROGRESS_EVERY_MS) return;
      written = Date.now();
      writing = writing
        .then(() =>
          this.db.query('UPDATE episodes SET progress = $3 WHERE id = $1 AND job_id = $2', [...mine(), percent]),
        )
        .catch((err: unknown) => this.log.warn({ err }, 'episode progress not saved'));
    };
    const timeout = AbortSignal.timeout(Number(job.expireInSeconds) * 1000);
    const signal = AbortSignal.any([this.abort.signal, timeout]);
    const video = ladderKey(episodeId, job.id);
    const dir = join(this.config.MEDIA_DIR, video);
    const began = Date.now();
    try {
      const decoder = await uploadFfmpeg(this.config);
      if (decoder.problem !== undefined) throw new LadderError(DECODER_MISSING, true, decoder.problem);
      const ladder = await makeLadder(this.sourcePath(source), dir, { ffmpeg: decoder.path, signal, onProgress });
      await writing;
      const replaced = await this.db.tx(async (q) => {
        const before = await q.one<{ video: string | null }>(
          'SELECT video FROM episodes WHERE id = $1 AND job_id = $2 FOR UPDATE',
          mine(),
        );
        if (!before) return undefined;
        await q.query(
          `UPDATE episodes SET video = $3, rungs = $4, duration_s = $5, state = 'ready', progress = 100, failure = NULL
           WHERE id = $1 AND job_id = $2`,
          [...mine(), video, ladder.rungs, ladder.durationS],
        );
        // The title's 时长 (its cards'): a film's is its video's; a series takes the first episode
        // made, and keeps what it has (or what an operator set) after.
        await q.query(
          `UPDATE movies m SET duration_s = $2
           WHERE m.id = (SELECT movie_id FROM episodes WHERE id = $1) AND m.duration_s IS DISTINCT FROM $2
             AND (m.duration_s = 0 OR (SELECT count(*) FROM episodes e WHERE e.movie_id = m.id) = 1)`,
          [episodeId, ladder.durationS],
        );
        return before;
      });
      if (!replaced) {
        await rm(dir, { recursive: true, force: true });
        return { superseded: true };
      }
      if (replaced.video && replaced.video !== video && isLadderVideo(replaced.video)) {
        await rm(join(this.config.MEDIA_DIR, replaced.video), { recursive: true, force: true });
      }
      await this.dropSource(job);
      this.log.info({ episodeId, job: job.id, ...ladder, ms: Date.now() - began }, 'episode video ready');
      return { video, rungs: ladder.rungs, durationS: ladder.durationS, poster: posterKey(video) };
    } catch (error) {
      await writing;
      // Stopped with this process: the queue retries it later.
      if (this.abort.signal.aborted) throw error;
      const permanent = error instanceof LadderError && error.permanent;
      const reason = timeout.aborted
        ? TIMEOUT_REASON
        : error instanceof LadderError
          ? error.reason
          : '转码失败：服务器内部错误';
      const last = permanent || job.retryCount >= job.retryLimit;
      this.log.warn({ episodeId, job: job.id, err: error, last }, 'episode video failed');
      await this.db.query(
        `UPDATE episodes SET failure = $3, progress = 0,
           state = CASE WHEN NOT $4 OR state = 'ready' THEN state WHEN video IS NULL THEN 'failed' ELSE 'ready' END
         WHERE id = $1 AND job_id = $2`,
        [...mine(), reason, last],
      );
      if (permanent) return { failure: reason };
      throw error;
    }
  }

  /** Removes the uploaded source unless another unfinished job still needs it. */
  private async dropSource(job: JobRecord<EpisodeVideoData>): Promise<void> {
    const others = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.jobs.schema}.job
       WHERE name = $1 AND id <> $2 AND state < 'completed' AND data->>'source' = $3`,
      [EPISODE_VIDEO_QUEUE, job.id, job.data.source],
    );
    if ((others?.n ?? 0) > 0) return;
    await rm(this.sourcePath(job.data.source), { force: true });
    await this.db.query("DELETE FROM console_uploads WHERE source = $1 AND state = 'merged'", [job.data.source]);
  }
}

/**
 * The queues of the app and their workers, the same in the server process (JOBS=on, the default)
 * and in `npm run worker` (server/jobs/worker-main.ts): members' videos (server/media/video-jobs.ts)
 * and episodes' ladders (server/media/episode-video-job.ts); the scheduled backups
 * (server/backup/backup-schedule.ts, BACKUP_EVERY_HOURS) and the sweep of pending orders
 * (server/payment/order-sweep.ts), run where the jobs run.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { BackupSchedule } from '../backup/backup-schedule.ts';
import type { Db } from '../db/db.ts';
import { EpisodeVideoJobs, episodeVideoQueue } from '../media/episode-video-job.ts';
import { memberVideoQueue, VideoJobs } from '../media/video-jobs.ts';
import { OrderSweep } from '../payment/order-sweep.ts';
import { ChunkStore } from '../uploads/chunks/chunk-store.ts';
import { JobQueue } from './job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue and workers (server/app.ts). */
    jobWorkers: JobWorkers;
  }
}

export interface JobWorkers {
  jobs: JobQueue;
  videos: VideoJobs;
  episodes: EpisodeVideoJobs;
  backups: BackupSchedule;
  orders: OrderSweep;
  /** Takes jobs in this process from now on. */
  work(): Promise<void>;
  /** Kills the running ffmpeg (its job is retried later) and stops the queue. */
  stop(): Promise<void>;
}

export async function jobWorkers(db: Db, config: Config, log: FastifyBaseLogger): Promise<JobWorkers> {
  const jobs = new JobQueue(db, config, log);
  await jobs.define(memberVideoQueue(config));
  await jobs.define(episodeVideoQueue(config));
  const members = new VideoJobs(db, new ChunkStore(config.UPLOAD_DIR), jobs, log, config);
  const episodes = new EpisodeVideoJobs(db, config, jobs, log);
  const backups = new BackupSchedule(db, config, log);
  const orders = new OrderSweep(db, config, log);
  return {
    jobs,
    videos: members,
    episodes,
    backups,
    orders,
    async work() {
      await members.work();
      await episodes.work();
      await backups.start();
      orders.start();
    },
    async stop() {
      members.close();
      episodes.close();
      await backups.stop();
      await orders.stop();
      await jobs.stop();
    },
  };
}

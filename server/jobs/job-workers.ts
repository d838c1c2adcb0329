/**
 * The queues of the app and their workers, the same in the server process (JOBS=on, the default)
 * and in `npm run worker` (server/jobs/worker-main.ts): members' videos (server/media/video-jobs.ts)
 * and episodes' ladders (server/media/episode-video-job.ts); the scheduled backups
 * (server/backup/backup-schedule.ts, BACKUP_EVERY_HOURS) and the sweep of pending orders
 * (server/payment/order-sweep.ts), run where the jobs run; collection runs (server/supply/run-worker.ts)
 * and their schedule (server/supply/supply-schedule.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { BackupSchedule } from '../backup/backup-schedule.ts';
import type { Db } from '../db/db.ts';
import { EpisodeVideoJobs, episodeVideoQueue } from '../media/episode-video-job.ts';
import { memberVideoQueue, VideoJobs } from '../media/video-jobs.ts';
import type { Outbound } from '../net/outbound.ts';
import { OrderSweep } from '../payment/order-sweep.ts';
import { supplyRunQueue } from '../supply/run-control.ts';
import { SupplyRuns } from '../supply/run-worker.ts';
import { SupplySchedule } from '../supply/supply-schedule.ts';
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
  supplyRuns: SupplyRuns;
  supplySchedule: SupplySchedule;
  /** Takes jobs in this process from now on. */
  work(): Promise<void>;
  /** Kills the running ffmpeg (its job is retried later) and stops the queue. */
  stop(): Promise<void>;
}

export async function jobWorkers(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  outbound: Outbound,
): Promise<JobWorkers> {
  const jobs = new JobQueue(db, config, log);
  await jobs.define(memberVideoQueue(config));
  await jobs.define(episodeVideoQueue(config));
  await jobs.define(supplyRunQueue(config));
  const members = new VideoJobs(db, new ChunkStore(config.UPLOAD_DIR), jobs, log, config);
  const episodes = new EpisodeVideoJobs(db, config, jobs, log);
  const backups = new BackupSchedule(db, config, log);
  const orders = new OrderSweep(db, config, log);
  const supplyRuns = new SupplyRuns(db, config, jobs, outbound, log);
  const supplySchedule = new SupplySchedule(db, jobs, log);
  return {
    jobs,
    videos: members,
    episodes,
    backups,
    orders,
    supplyRuns,
    supplySchedule,
    async work() {
      await members.work();
      await episodes.work();
      await supplyRuns.work();
      await backups.start();
      orders.start();
      supplySchedule.start();
    },
    async stop() {
      members.close();
      episodes.close();
      supplyRuns.close();
      await backups.stop();
      await orders.stop();
      await supplySchedule.stop();
      await jobs.stop();
    },
  };
}

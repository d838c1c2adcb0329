/**
 * Collection runs (资源采集, docs/collection.md "Runs"): each a row of supply_runs worked by pg-boss
 * jobs of the 'supply-run' queue (run-worker.ts). Starting one, and resuming one, queues a job in the
 * same transaction as the run's change, so a run is never queued without its job nor the other way.
 * A run names its current job (job_id): a job that is not its current one does nothing.
 */
import type { RunMode } from '../../contract/admin/supply.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/db.ts';
import { insertRun, requestPause, requeueRun, setRunJob } from '../db/supply.ts';
import type { JobQueue, QueueSpec } from '../jobs/job-queue.ts';

export const SUPPLY_RUN_QUEUE = 'supply-run';

export interface SupplyRunData {
  runId: number;
}

/** A job that stopped with its worker is retried, and goes on from the run's stored page. */
export const supplyRunQueue = (config: Config): QueueSpec => ({
  name: SUPPLY_RUN_QUEUE,
  retryLimit: 3,
  retryDelaySeconds: config.SUPPLY_JOB_RETRY_SECONDS,
  expireInSeconds: config.SUPPLY_JOB_EXPIRE_SECONDS,
});

export interface SupplyDeps {
  db: Db;
  jobs: JobQueue;
}

/** Queues a job for the run in the caller's transaction and makes it the run's job (the queue is started). */
export async function queueRunJob(q: Queryable, jobs: JobQueue, runId: number): Promise<void> {
  const data: SupplyRunData = { runId };
  const jobId = await jobs.sendIn(q, SUPPLY_RUN_QUEUE, data);
  await setRunJob(q, runId, jobId);
}

/** Queues a run (state 'queued') as a pg-boss job; answers the run id. The caller validates input. */
export async function startRun(
  deps: SupplyDeps,
  input: { sourceId: number; mode: RunMode; ids: string[]; operatorId: number | null },
): Promise<number> {
  await deps.jobs.start();
  const runId = await deps.db.tx(async (q) => {
    const id = await insertRun(q, { ...input, ids: input.mode === 'ids' ? input.ids : [] });
    await queueRunJob(q, deps.jobs, id);
    return id;
  });
  deps.jobs.nudge(SUPPLY_RUN_QUEUE);
  return runId;
}

/** Asks a queued or running run to pause after the page it is on (queued: paused at once). false: not queued/running. */
export async function pauseRun(db: Db, runId: number): Promise<boolean> {
  return requestPause(db, runId);
}

/** A paused (or failed) run goes on from the page after its last whole page, as a new job. false: not paused/failed. */
export async function resumeRun(deps: SupplyDeps, runId: number): Promise<boolean> {
  await deps.jobs.start();
  const resumed = await deps.db.tx(async (q) => {
    if (!(await requeueRun(q, runId))) return false;
    await queueRunJob(q, deps.jobs, runId);
    return true;
  });
  if (resumed) deps.jobs.nudge(SUPPLY_RUN_QUEUE);
  return resumed;
}

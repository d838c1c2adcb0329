/**
 * Scheduled collection (docs/collection.md "Schedule"): in the process that runs the job workers
 * (server/jobs/job-workers.ts), every few minutes each enabled source with `every_hours` whose last
 * scheduled run was queued at least that long ago, and which has no run queued or running, gets a
 * 最近 24 小时 run, started by nobody (operator NULL). Claiming the source (its scheduled_at) and
 * queueing the run are one transaction, so several processes never queue the same one twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { claimDueSources, insertRun } from '../db/supply.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { queueRunJob, SUPPLY_RUN_QUEUE } from './run-control.ts';
import { Rounds } from '../jobs/rounds.ts';

const ROUND_MS = 5 * 60_000;

export class SupplySchedule {
  private readonly rounds = new Rounds(
    ROUND_MS,
    (now) => this.round(now),
    (error) => this.log.error({ err: error }, 'collection schedule failed'),
  );

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round at `now`: answers the ids of the runs queued. */
  async round(now: number): Promise<number[]> {
    await this.jobs.start();
    const runs = await this.db.tx(async (q) => {
      const queued: number[] = [];
      for (const sourceId of await claimDueSources(q, new Date(now))) {
        const runId = await insertRun(q, { sourceId, mode: 'day', ids: [], operatorId: null });
        await queueRunJob(q, this.jobs, runId);
        queued.push(runId);
      }
      return queued;
    });
    if (runs.length > 0) {
      this.jobs.nudge(SUPPLY_RUN_QUEUE);
      this.log.info({ runs }, 'scheduled collection runs queued');
    }
    return runs;
  }
}

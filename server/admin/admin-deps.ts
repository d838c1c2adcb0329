/** What the console's route modules are given (a module of its own, so they import no plugin). */
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Outbound } from '../net/outbound.ts';
import type { SharedState } from '../request-state/memory-state.ts';

export interface AdminDeps {
  db: Db;
  config: Config;
  shared: SharedState;
  /** The app's clock (tests move it). */
  now: () => number;
  /** The background job queue (pg-boss): the ingest calls queue video jobs on it. */
  jobs: JobQueue;
  /** The guard of requests the console makes to addresses operators entered (CDN line health). */
  outbound: Outbound;
}

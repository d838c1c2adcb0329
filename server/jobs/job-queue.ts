/**
 * The background job queue: pg-boss 10 on the app's own store (docs/operations.md "Jobs").
 *
 * pg-boss talks to the store only through `executeSql`, given here over our Db, so it runs the same
 * on PostgreSQL (the pool of server/db/postgres-db.ts) and on embedded PGlite (one connection: every
 * statement queues behind a running transaction of ours, never inside it). Its locked scripts
 * ("BEGIN; … COMMIT;", schema creation and maintenance, which take an advisory lock) run as one
 * transaction of ours, so a failing one is rolled back instead of leaving the connection in a broken
 * transaction.
 *
 * Its tables live in the schema `pgboss`, or, when the store's search_path is another schema than
 * public (each test's own schema), in that schema, so they go with it.
 *
 * Recovery: a job whose worker dies stays 'active' until `started_on + expireInSeconds` has passed;
 * pg-boss's maintenance (every JOBS_MAINTENANCE_SECONDS, in any process running the queue) then
 * fails it, which puts it back for a retry while attempts remain. On PGlite only one process can
 * use the store, so at start every job still 'active' belonged to a dead process: it is failed at
 * once (and so retried) rather than after its expiry.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { sqlState, UNIQUE_VIOLATION, type Db, type Queryable } from '../db/db.ts';

export interface QueueSpec {
  name: string;
  /** Attempts after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) after each further failure. */
  retryDelaySeconds: number;
  /** A job running longer (or whose worker died) is failed, and retried while attempts remain. */
  expireInSeconds: number;
}

export type JobRecord<T> = PgBoss.JobWithMetadata<T>;
export type JobHandler<T> = (job: JobRecord<T>) => Promise<unknown>;

const SCRIPT = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;
const DEADLOCK = '40P01';
const QUEUE_CREATE_ATTEMPTS = 3;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const UNDEFINED_TABLE = '42P01';

/** A queue's jobs by state (JobQueue.counts). */
export interface QueueCounts {
  queue: string;
  queued: number;
  active: number;
  failed: number;
}

/**
 * Two processes creating pg-boss's schema at once can meet in PostgreSQL's catalog as a unique
 * violation ("duplicate key … pg_namespace", the detail saying the name already exists); pg-boss
 * takes a creation race for what it is only when the message says "already exists", so say it.
 */
function asCreateRace(error: unknown): unknown {
  const detail = (error as { detail?: unknown } | null)?.detail;
  if (sqlState(error) !== UNIQUE_VIOLATION || typeof detail !== 'string' || !detail.includes('already exists')) {
    return error;
  }
  return new Error(`${(error as Error).message}: ${detail}`, { cause: error });
}

/** pg-boss's Db over ours. */
export function bossDb(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const script = SCRIPT.exec(text);
      if (script && (values === undefined || values.length === 0)) {
        try {
          await db.tx((q) => q.exec(script[1]!));
        } catch (error) {
          throw asCreateRace(error);
        }
        return { rows: [] };
      }
      return { rows: await db.query(text, values ?? []) };
    },
  };
}

/** Where pg-boss's tables go: JOBS_SCHEMA, else `pgboss`, else the store's own schema when not public. */
async function schemaOf(db: Db, config: Config): Promise<string> {
  if (config.JOBS_SCHEMA) return config.JOBS_SCHEMA;
  const row = await db.one<{ schema: string }>('SELECT current_schema() AS schema');
  const schema = row?.schema ?? 'public';
  if (schema === 'public' || !SCHEMA_NAME.test(schema)) return 'pgboss';
  return schema;
}

export class JobQueue {
  private boss: PgBoss | undefined;
  private starting: Promise<void> | undefined;
  private readonly specs = new Map<string, QueueSpec>();
  private readonly workers = new Map<string, string>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The schema of pg-boss's tables, once started. */
  schema = '';

  /** Declares a queue (before start, or created at once when started). */
  async define(spec: QueueSpec): Promise<void> {
    this.specs.set(spec.name, spec);
    if (this.boss) await this.createQueue(this.boss, spec);
  }

  /** Creates pg-boss's tables when missing, its queues, and starts its maintenance. */
  start(): Promise<void> {
    this.starting ??= this.open();
    return this.starting;
  }

  private async open(): Promise<void> {
    this.schema = await schemaOf(this.db, this.config);
    const boss = new PgBoss({
      db: bossDb(this.db),
      schema: this.schema,
      // No cron schedules here: the timekeeper's clock checks and queue are not needed.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: this.config.JOBS_MAINTENANCE_SECONDS,
      pollingIntervalSeconds: this.config.JOBS_POLL_SECONDS,
    } as PgBoss.ConstructorOptions);
    boss.on('error', (err: unknown) => this.log.warn({ err }, 'job queue error'));
    await boss.start();
    for (const spec of this.specs.values()) await this.createQueue(boss, spec);
    this.boss = boss;
    if (this.db.kind === 'pglite') await this.failOrphans();
  }

  private async createQueue(boss: PgBoss, spec: QueueSpec): Promise<void> {
    const options: PgBoss.Queue = {
      name: spec.name,
      retryLimit: spec.retryLimit,
      retryDelay: spec.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: spec.expireInSeconds,
    };
    // Processes starting together create the same queue at once: pg-boss's create can then lose a
    // deadlock or meet the other's row; once the queue exists, that is done.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await boss.createQueue(spec.name, options);
        break;
      } catch (error) {
        const raced = sqlState(error) === DEADLOCK || sqlState(error) === UNIQUE_VIOLATION;
        if (!raced || attempt >= QUEUE_CREATE_ATTEMPTS) throw error;
        if (await boss.getQueue(spec.name)) break;
      }
    }
    // An existing queue keeps its first options otherwise (createQueue does nothing then).
    await boss.updateQueue(spec.name, options);
  }

  /** PGlite: jobs left active by a process that died (it held the store alone) go back for a retry now. */
  private async failOrphans(): Promise<void> {
    for (const name of this.specs.keys()) {
      const rows = await this.db.query<{ id: string }>(
        `SELECT id FROM ${this.schema}.job WHERE name = $1 AND state = 'active'`,
        [name],
      );
      if (rows.length === 0) continue;
      // One at a time: the typings know ids[] only without data.
      for (const { id } of rows) await this.ready().fail(name, id, { message: 'worker process ended during the job' });
      this.log.warn({ queue: name, jobs: rows.length }, 'jobs of a process that ended put back for a retry');
    }
  }

  private ready(): PgBoss {
    if (!this.boss) throw new Error('job queue not started');
    return this.boss;
  }

  /** Queues a job; answers its id. Options override the queue's. */
  async send(name: string, data: object, options: PgBoss.SendOptions = {}): Promise<string> {
    await this.start();
    const id = await this.ready().send(name, data, options);
    if (!id) throw new Error(`job not queued on ${name}`);
    this.nudge(name);
    return id;
  }

  /**
   * Queues a job inside the caller's transaction (it commits with the caller's change or not at
   * all); the queue must be started. Call nudge(name) after the commit.
   */
  async sendIn(q: Queryable, name: string, data: object, options: PgBoss.SendOptions = {}): Promise<string> {
    const db: PgBoss.Db = { executeSql: async (text, values) => ({ rows: await q.query(text, values ?? []) }) };
    const id = await this.ready().send(name, data, { ...options, db });
    if (!id) throw new Error(`job not queued on ${name}`);
    return id;
  }

  /** Lets this process's idle worker of the queue look for jobs now. */
  nudge(name: string): void {
    const worker = this.workers.get(name);
    if (worker && this.boss) this.boss.notifyWorker(worker);
  }

  /** Runs `handler` for each job of the queue in this process, one at a time. */
  async work<T>(name: string, handler: JobHandler<T>): Promise<void> {
    await this.start();
    if (this.stopped) return;
    const id = await this.ready().work<T>(name, { batchSize: 1, includeMetadata: true }, async ([job]) =>
      handler(job as JobRecord<T>),
    );
    this.workers.set(name, id);
  }

  getJobById<T = object>(name: string, id: string): Promise<JobRecord<T> | null> {
    return this.ready().getJobById<T>(name, id, { includeArchive: true }) as Promise<JobRecord<T> | null>;
  }

  /** Jobs of the queue not finished yet (queued, waiting for a retry, or running). */
  async unfinished(name: string): Promise<number> {
    await this.start();
    const row = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.schema}.job WHERE name = $1 AND state < 'completed'`,
      [name],
    );
    return row?.n ?? 0;
  }

  /**
   * Each declared queue's jobs by state, for the metrics: queued (created, or waiting for a retry),
   * active, and failed (not yet archived: pg-boss moves finished jobs to its archive after 12 h).
   * Read from pg-boss's job table without starting the queue; none before its tables exist.
   */
  async counts(): Promise<QueueCounts[]> {
    const schema = this.schema || (await schemaOf(this.db, this.config));
    let rows: { name: string; state: string; n: number }[];
    try {
      rows = await this.db.query(
        `SELECT name, state::text AS state, count(*)::int AS n FROM ${schema}.job
          WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active', 'failed')
          GROUP BY name, state`,
        [[...this.specs.keys()]],
      );
    } catch (error) {
      if (sqlState(error) === UNDEFINED_TABLE) return [];
      throw error;
    }
    return [...this.specs.keys()].map((queue) => {
      const of = (...states: string[]) =>
        rows.filter((row) => row.name === queue && states.includes(row.state)).reduce((sum, row) => sum + row.n, 0);
      return { queue, queued: of('created', 'retry'), active: of('active'), failed: of('failed') };
    });
  }

  /** Stops fetching, waits up to `timeoutMs` for the jobs running here (abort them first), then stops. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    if (!this.starting) return;
    await this.starting.catch(() => undefined);
    await this.boss?.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }
}

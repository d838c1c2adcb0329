/**
 * The app's Prometheus series (docs/operations.md "Metrics and health"), in a registry of each app
 * instance's own (tests build several apps in one process; prom-client's global registry is never
 * used). Counted as things happen: HTTP requests by route pattern and status with their time, the
 * protocol's answers by call path and envelope code, the store's statements and transactions
 * (server/db/timed-db.ts), push deliveries by outcome. Read when scraped (collect): the PostgreSQL
 * pool's figures, pg-boss's queues, whether Redis answers. The process's own figures (CPU, memory,
 * event loop, GC: prom-client's default metrics) are one set per process, shared by its apps.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Db, PoolFigures } from '../db/db.ts';
import type { DbTimer, StatementKind } from '../db/timed-db.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { PushOutcome } from '../jobs/push-jobs.ts';
import type { SharedState } from '../request-state/memory-state.ts';
import { within } from './within.ts';

/** Whether this app has metrics at all: only when they can be reached without being public. */
export const metricsWanted = (config: Pick<Config, 'METRICS_PORT' | 'METRICS_TOKEN'>): boolean =>
  config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined;

/** A scrape's reads of the store give up after this long (the series are then left out). */
const COLLECT_TIMEOUT_MS = 2_000;

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The process's default metrics: made once, in a registry of their own (never prom-client's global one). */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What the scrape-time series read. */
export interface MetricSources {
  /** The store as opened (not the timed one: a scrape's own reads are not counted). */
  db: Db;
  jobs: JobQueue;
  shared: SharedState;
  config: Pick<Config, 'REDIS_URL'>;
  log: { debug(object: object, message: string): void };
}

export class AppMetrics implements DbTimer {
  readonly registry = new Registry();
  private readonly process = processMetrics();

  private readonly httpRequests = new Counter({
    name: 'station_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly httpSeconds = new Histogram({
    name: 'station_http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  private readonly apiCalls = new Counter({
    name: 'station_api_calls_total',
    help: "Product calls answered (POST /api/...), by call path and the envelope's code (0 ok, 1 system error, ...).",
    labelNames: ['path', 'code'] as const,
    registers: [this.registry],
  });

  private readonly dbStatements = new Histogram({
    name: 'station_db_query_duration_seconds',
    help: "Time of the store's statements, by kind (the statement's first word; script: several statements).",
    labelNames: ['statement'] as const,
    buckets: DB_BUCKETS,
    registers: [this.registry],
  });

  private readonly dbTransactions = new Histogram({
    name: 'station_db_transaction_duration_seconds',
    help: "Time of the store's transactions, by outcome (commit or rollback).",
    labelNames: ['outcome'] as const,
    buckets: DB_BUCKETS,
    registers: [this.registry],
  });

  private readonly pushDeliveries = new Counter({
    name: 'station_push_deliveries_total',
    help: 'Web Push deliveries settled, by outcome (sent, expired, refused, stale, retry, failed).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpSeconds.observe(labels, seconds);
  }

  readonly answered = (path: string, code: number): void => {
    this.apiCalls.inc({ path, code: String(code) });
  };

  readonly pushed = (outcome: PushOutcome): void => {
    this.pushDeliveries.inc({ outcome });
  };

  statement(kind: StatementKind, seconds: number): void {
    this.dbStatements.observe({ statement: kind }, seconds);
  }

  transaction(outcome: 'commit' | 'rollback', seconds: number): void {
    this.dbTransactions.observe({ outcome }, seconds);
  }

  /** The series read when scraped. */
  watch({ db, jobs, shared, config, log }: MetricSources): void {
    const registers = [this.registry];
    const pool = db.pool?.bind(db);
    if (pool) {
      const figure = (name: string, help: string, read: (figures: PoolFigures) => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(read(pool()));
          },
        });
      figure('station_db_pool_connections', 'PostgreSQL connections of the pool, idle or in use.', (f) => f.total);
      figure('station_db_pool_idle_connections', 'PostgreSQL connections of the pool not in use.', (f) => f.idle);
      figure(
        'station_db_pool_waiting_requests',
        'Queries and transactions waiting for a PostgreSQL connection of the pool.',
        (f) => f.waiting,
      );
    }
    new Gauge({
      name: 'station_jobs',
      help: "pg-boss jobs by queue and state: queued (incl. waiting for a retry), active, failed (failed in pg-boss's last 12 h, not yet archived).",
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        this.reset();
        try {
          for (const { queue, queued, active, failed } of await within(jobs.counts(), COLLECT_TIMEOUT_MS)) {
            this.set({ queue, state: 'queued' }, queued);
            this.set({ queue, state: 'active' }, active);
            this.set({ queue, state: 'failed' }, failed);
          }
        } catch (err) {
          // Left out of this scrape; the store's readiness (/readyz) says why.
          log.debug({ err }, 'metrics: job counts not read');
        }
      },
    });
    if (config.REDIS_URL) {
      new Gauge({
        name: 'station_redis_up',
        help: 'Whether Redis answers (1) or replay ids and rate limits are kept in this process (0: degraded).',
        registers,
        collect() {
          this.set(shared.mode() === 'redis' ? 1 : 0);
        },
      });
    }
  }

  readonly contentType = this.registry.contentType;

  /** The exposition text: the process's figures, then the app's. */
  async text(): Promise<string> {
    const [processText, appText] = await Promise.all([this.process.metrics(), this.registry.metrics()]);
    return `${processText}${appText}`;
  }
}

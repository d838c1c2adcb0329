/**
 * Whether this process can take traffic (GET /readyz, docs/operations.md "Metrics and health"):
 * - database: the store answers `SELECT 1` within READY_TIMEOUT_MS;
 * - migrations: every migration this build knows (server/db/migrations) is in schema_migrations
 *   (a process of a newer build on an older database, or a database restored from before one);
 * - build: the PWA build's index.html is in STATIC_DIR. The server always serves the app (there is
 *   no API-only mode), and without the build every page answers 503 (server/static.ts), so a
 *   process without it is not ready either. Tests that ask for readiness give a STATIC_DIR with one.
 * Probes that come while the store has not answered the last one share its check instead of
 * queueing more (a hung database must not fill the pool with probes). A change of readiness is
 * logged once, with the reason; the answer names only which check failed and how.
 */
import { access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sqlState, type Db } from '../db/db.ts';
import { loadMigrations, type Migration } from '../db/migrate.ts';
import { TimedOut, within } from './within.ts';

export const READY_TIMEOUT_MS = 2_000;

export type CheckName = 'database' | 'migrations' | 'build';
export const OK = 'ok';

export interface ReadinessReport {
  ready: boolean;
  /** Each check: 'ok', or what is wrong. */
  checks: Record<CheckName, string>;
  /** The checks not 'ok'. */
  failed: CheckName[];
}

interface StoreChecks {
  database: string;
  migrations: string;
  error?: unknown;
}

const UNDEFINED_TABLE = '42P01';
/** Missing migrations named in the answer, at most. */
const NAMED = 5;

let known: Promise<Migration[]> | undefined;
/** The migrations of this build, read once per process. */
const knownMigrations = (): Promise<Migration[]> => (known ??= loadMigrations());

const migrationName = (m: Migration): string => `${String(m.version).padStart(3, '0')}-${m.name}`;

export class Readiness {
  private pending: Promise<StoreChecks> | undefined;
  private wasReady = true;

  constructor(
    private readonly db: Db,
    private readonly staticDir: string,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = READY_TIMEOUT_MS,
  ) {}

  async check(): Promise<ReadinessReport> {
    const [store, build] = await Promise.all([this.storeWithin(), this.build()]);
    const checks: Record<CheckName, string> = { database: store.database, migrations: store.migrations, build };
    const failed = (Object.keys(checks) as CheckName[]).filter((name) => checks[name] !== OK);
    const ready = failed.length === 0;
    if (ready !== this.wasReady) {
      this.wasReady = ready;
      if (ready) this.log.info('readiness: ready again');
      else this.log.warn({ err: store.error, checks }, `readiness: not ready (${failed.join(', ')})`);
    }
    return { ready, checks, failed };
  }

  private async storeWithin(): Promise<StoreChecks> {
    this.pending ??= this.store().finally(() => {
      this.pending = undefined;
    });
    try {
      return await within(this.pending, this.timeoutMs);
    } catch (error) {
      if (!(error instanceof TimedOut)) throw error;
      return { database: `no answer within ${this.timeoutMs} ms`, migrations: 'not checked', error };
    }
  }

  private async store(): Promise<StoreChecks> {
    try {
      await this.db.query('SELECT 1');
    } catch (error) {
      return { database: 'unreachable', migrations: 'not checked', error };
    }
    let applied: Set<number>;
    try {
      const rows = await this.db.query<{ version: number }>('SELECT version FROM schema_migrations');
      applied = new Set(rows.map((row) => row.version));
    } catch (error) {
      if (sqlState(error) === UNDEFINED_TABLE) return { database: OK, migrations: 'none applied', error };
      return { database: 'unreachable', migrations: 'not checked', error };
    }
    const missing = (await knownMigrations()).filter((m) => !applied.has(m.version)).map(migrationName);
    if (missing.length === 0) return { database: OK, migrations: OK };
    const more = missing.length > NAMED ? ` and ${missing.length - NAMED} more` : '';
    return { database: OK, migrations: `missing ${missing.slice(0, NAMED).join(', ')}${more}` };
  }

  private async build(): Promise<string> {
    try {
      await access(join(resolve(this.staticDir), 'index.html'));
      return OK;
    } catch {
      return 'missing (no index.html in STATIC_DIR: run `npm run build`)';
    }
  }
}

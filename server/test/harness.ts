/**
 * Integration test harness: the app on a fresh in-memory PGlite, or on PostgreSQL in a schema of its
 * own. Use `describe.each(DB_KINDS)` for a test of the app, `describe.each(EVERY_DB_KIND)` for a test
 * of the store itself (queries, migrations, the job queue, a crash) and for the promises made of both
 * stores (search, the kept counters and the hot lists' query plans).
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { envConfigWith, type Config } from '../config.ts';
import type { Db, DbKind } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openPgliteFromTemplate } from '../db/pglite-template.ts';
import { openPostgresDb } from '../db/postgres-db.ts';
import { ensureDemoSite } from '../db/sites.ts';
import type { LogStream } from '../logging/log-batch.ts';
import { Outbound, type NameResolver } from '../net/outbound.ts';
import type { SharedState } from '../request-state/memory-state.ts';
import { resolveServerSecrets } from '../server-secrets.ts';
import { stubResolver } from './outbound-fixture.ts';
import { createTestClient, type TestClient } from './test-client.ts';

/** Every store this machine has: PGlite, and PostgreSQL when DATABASE_URL is set. */
export const EVERY_DB_KIND: readonly DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The store the app's integration tests run on: PostgreSQL when DATABASE_URL is set (CI), else
 * PGlite; TEST_STORES=both runs them on both. The two run the same SQL, and where they differ (the
 * connection, transactions, the job queue, a crash) EVERY_DB_KIND's tests run on both; in CI the
 * embedded store is also the one under every browser test and the fuzz suite's.
 */
export const DB_KINDS: readonly DbKind[] =
  process.env.TEST_STORES === 'both' ? EVERY_DB_KIND : process.env.DATABASE_URL ? ['postgres'] : ['pglite'];

/**
 * A store with nothing in it: in-memory PGlite (loaded from a dump of a new one: initdb once, not
 * per test), or an isolated PostgreSQL schema dropped on close.
 */
export function openTestDb(kind: DbKind): Promise<Db> {
  if (kind === 'pglite') return openPgliteFromTemplate('empty');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  return openPostgresDb({ url, isolatedSchema: `test_${randomBytes(6).toString('hex')}` });
}

export interface Harness {
  app: FastifyInstance;
  db: Db;
  config: Config;
  client: TestClient;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Replaces defaults; rate limits are off unless a test turns them on (RATE_LIMITS: 'on'). */
  config?: Partial<Config>;
  shared?: SharedState;
  logStream?: LogStream;
  /** Runs after the migrations and the demo site, before the app starts (extra sites, fixtures). */
  seed?: (db: Db) => Promise<void>;
  /** The server clock (default Date.now); keep it within 300 s of real time or signed calls fail. */
  now?: () => number;
  /**
   * What the app's outbound requests (server/net/outbound.ts) resolve names with; default: no name
   * resolves (ENOTFOUND), so a test never asks a real DNS.
   */
  resolve?: NameResolver;
}

/** An app on a store, with what a test needs to call it; closing it leaves the store open. */
export interface StoreApp {
  app: FastifyInstance;
  config: Config;
  client: TestClient;
}

/**
 * The app on `db` (migrated, with the demo site), as createHarness makes it: a second one on the
 * same store is a second server process of one deployment, with the same generated secrets. Only
 * `config`, `shared`, `logStream`, `now` and `resolve` of the options apply; the caller closes the app.
 */
export async function createAppOn(db: Db, options: HarnessOptions = {}): Promise<StoreApp> {
  const env = envConfigWith({
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    // Tests write to the store directly and read back at once; read-cache.test.ts turns it on.
    READ_CACHE_MS: 0,
    STATIC_DIR: join(tmpdir(), 'station-pwa-no-build'),
    ...options.config,
  });
  // As server/main.ts does: the secrets the options leave unset are generated and kept in the store.
  const { config } = await resolveServerSecrets(db, env);
  const outbound = new Outbound({ testHosts: config.OUTBOUND_TEST_HOSTS, resolve: options.resolve ?? stubResolver() });
  const app = await buildApp({
    config,
    db,
    shared: options.shared,
    now: options.now,
    logStream: options.logStream,
    outbound,
  });
  try {
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return { app, config, client: createTestClient(app, config) };
}

/** A migrated store with the demo site and the app on it, ready for app.inject. */
export async function createHarness(kind: DbKind, options: HarnessOptions = {}): Promise<Harness> {
  // PGlite starts from a dump that has the migrations and the demo site (inserting it again would
  // take a value of the sites' sequence: the next site would not be 2).
  const fromTemplate = kind === 'pglite';
  const db = fromTemplate ? await openPgliteFromTemplate('migrated') : await openTestDb(kind);
  try {
    if (!fromTemplate) {
      await migrate(db);
      await ensureDemoSite(db);
    }
    await options.seed?.(db);
    const { app, config, client } = await createAppOn(db, options);
    let closed = false;
    return {
      app,
      db,
      config,
      client,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

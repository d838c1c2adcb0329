/**
 * Opens a database ready for the scale seed and seeds it: on PostgreSQL the database named in the
 * URL is created when missing (so `postgres://…/scale` needs no setup), then migrated, given the
 * demo site and the demo (its rows are the templates; media files only when asked), then grown to
 * `factor` by seedScale. Used by `npm run seed:scale` and the bench's scale stage.
 */
import pg from 'pg';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { migrate } from '../../db/migrate.ts';
import { openDb } from '../../db/open-db.ts';
import { setSiteZone } from '../../db/site-day.ts';
import { ensureDemoSite } from '../../db/sites.ts';
import { seedDemo } from '../seed-demo.ts';
import { finishScale } from './scale-finish.ts';
import { scaleFactorOf, seedScale, type ScaleReport } from './seed-scale.ts';

/** Creates the database of a PostgreSQL URL when it does not exist (connecting to `postgres`). */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

export interface PrepareOptions {
  /** 0: the demo alone (with the same rebuilds and VACUUM (ANALYZE)), the bench's demo-size comparison. */
  factor: number;
  /** PostgreSQL URL; absent: PGlite in DATA_DIR. */
  databaseUrl?: string;
  media?: boolean;
  log?: (line: string) => void;
}

/** Opens, migrates and seeds; the caller closes the returned Db. */
export async function prepareScaleDb(options: PrepareOptions): Promise<{ db: Db; report: ScaleReport }> {
  const log = options.log ?? (() => {});
  const config = loadConfig();
  setSiteZone(config.SITE_TIME_ZONE);
  if (options.databaseUrl) await ensurePostgresDatabase(options.databaseUrl);
  const db = await openDb({ DATA_DIR: config.DATA_DIR, DATABASE_URL: options.databaseUrl });
  try {
    await migrate(db);
    await ensureDemoSite(db);
    // A database already grown keeps its demo as it is (the demo seed would also rebuild an empty
    // search index of every row in one transaction: finishScale rebuilds it in batches instead).
    if ((await scaleFactorOf(db)) === null)
      await seedDemo(db, { mediaDir: config.MEDIA_DIR, media: options.media ?? false });
    if (options.factor > 0) return { db, report: await seedScale(db, options.factor, log) };
    const rebuilt = await finishScale(db, log);
    return { db, report: { outcome: 'reused', factor: 0, seconds: 0, rows: {}, rebuilt } };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Opens the configured store: PostgreSQL when DATABASE_URL is set, else PGlite files in DATA_DIR/pg. */
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openPgliteDb } from './pglite-db.ts';
import { openPostgresDb } from './postgres-db.ts';

export function openDb(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Db> {
  return config.DATABASE_URL
    ? openPostgresDb({ url: config.DATABASE_URL })
    : openPgliteDb({ dataDir: join(config.DATA_DIR, 'pg') });
}

/**
 * Versioned migrations: server/db/migrations/NNN-name.sql, applied in version order in one
 * transaction and recorded in schema_migrations. A transaction-scoped advisory lock makes two
 * processes migrating at once safe: the second waits, then finds nothing left to apply.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_NAME = /^(\d{3})-([a-z0-9-]+)\.sql$/;
/** Arbitrary constant shared by every process of this app: "migrations of station-pwa". */
const MIGRATION_LOCK_KEY = 7_220_116_001;

export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for (const file of (await readdir(dir)).sort()) {
    if (!file.endsWith('.sql')) continue;
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration file name must look like 001-some-name.sql: ${file}`);
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version)) throw new Error(`Duplicate migration version ${match[1]}`);
    migrations.push({ version, name: match[2]!, sql: await readFile(join(dir, file), 'utf8') });
  }
  return migrations;
}

/** Applies the pending migrations; returns the names of those applied now (empty when up to date). */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await q.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Map(
      (await q.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations')).map((row) => [
        row.version,
        row.name,
      ]),
    );
    const done: string[] = [];
    for (const migration of all) {
      const appliedName = applied.get(migration.version);
      if (appliedName !== undefined) {
        if (appliedName !== migration.name) {
          throw new Error(
            `Migration ${migration.version} was applied as "${appliedName}", now named "${migration.name}"`,
          );
        }
        continue;
      }
      await q.exec(migration.sql);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(`${String(migration.version).padStart(3, '0')}-${migration.name}`);
    }
    return done;
  });
}

/**
 * Brings a fresh data folder (PGlite) or an empty PostgreSQL database, with empty UPLOAD_DIR and
 * MEDIA_DIR, back to a backup (docs/operations.md "Backups"):
 *
 * 1. the whole file is read and checked first (format, version, every checksum, every name), so a
 *    damaged, cut or hostile file is refused before anything is written;
 * 2. a target that holds anything is refused: a restore never mixes with or replaces data;
 * 3. the migrations the backup names are run (an unknown one: made by a newer version, refused),
 *    then the rows and sequences are loaded in one transaction (store-snapshot.ts);
 * 4. the files are written under their folders, each checked against its checksum again.
 *
 * The server started afterwards applies the migrations newer than the backup.
 */
import { readdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { loadMigrations, migrate } from '../db/migrate.ts';
import { BackupFormatError, type MetaHeader, type ReadEntry } from './archive-format.ts';
import { openBackup, verifyBackupFile } from './backup.ts';
import { restoreFile } from './backup-files.ts';
import { layoutProblems, StoreLoader, tableLayouts } from './store-snapshot.ts';
import type { SequenceState } from './archive-format.ts';

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export type RestoreTarget = Pick<Config, 'UPLOAD_DIR' | 'MEDIA_DIR'>;

export interface RestoreSummary {
  meta: MetaHeader;
  rows: number;
  files: number;
  /** Media files the backup lists without holding them (BACKUP_MEDIA=manifest). */
  listedMedia: number;
}

/** Whether a folder is missing or empty. */
export async function isEmptyFolder(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Refuses a store that has any table, sequence or view in its schema. */
export async function assertEmptyStore(db: Db): Promise<void> {
  const row = await db.one<{ n: number; schema: string }>(
    `SELECT count(*)::int AS n, current_schema() AS schema FROM pg_class
     WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p', 'S', 'v', 'm')`,
  );
  if ((row?.n ?? 0) > 0)
    throw new RestoreRefused(
      `the target database is not empty (${row!.n} tables, sequences or views in schema ${row!.schema}): ` +
        'restore into a new, empty database (createdb), never over a live one',
    );
}

async function assertEmptyFolders(target: RestoreTarget, withMedia: boolean): Promise<void> {
  const folders = [target.UPLOAD_DIR, ...(withMedia ? [target.MEDIA_DIR] : [])];
  for (const folder of folders) {
    if (!(await isEmptyFolder(folder)))
      throw new RestoreRefused(`the target folder ${folder} is not empty: restore into empty folders`);
  }
}

/** Checks the backup's migrations against this code's; answers the ones to run. */
async function migrationsOf(meta: MetaHeader) {
  const known = new Map((await loadMigrations()).map((m) => [m.version, m]));
  const wanted = [];
  for (const { version, name } of meta.migrations) {
    const mine = known.get(version);
    if (!mine || mine.name !== name)
      throw new RestoreRefused(
        `the backup was made by another version of the server (migration ${String(version).padStart(3, '0')}-${name} ` +
          "is not one of this version's): restore it with the version that made it",
      );
    wanted.push(mine);
  }
  return wanted;
}

/**
 * Checks the file (unless `verified` is its meta, checked just before), then restores it into `db`
 * (empty) and the target folders (empty).
 */
export async function restoreBackup(
  file: string,
  db: Db,
  target: RestoreTarget,
  verified?: MetaHeader,
): Promise<RestoreSummary> {
  const meta = verified ?? (await verifyBackupFile(file));
  await assertEmptyStore(db);
  await assertEmptyFolders(target, meta.media === 'files');
  await migrate(db, await migrationsOf(meta));
  const problems = layoutProblems(meta.tables, await tableLayouts(db));
  if (problems.length > 0)
    throw new RestoreRefused(
      `the backup does not fit the schema its migrations make: ${problems.slice(0, 5).join('; ')}`,
    );

  const summary: RestoreSummary = { meta, rows: 0, files: 0, listedMedia: 0 };
  const entries = openBackup(file);
  let next = await entries.next();
  const storeEntry = (entry: ReadEntry) => entry.header.kind === 'rows' || entry.header.kind === 'sequences';
  // The rows and sequences: one transaction, so a failure leaves the migrated store empty.
  await db.tx(async (q) => {
    const loader = new StoreLoader(q, meta.tables);
    for (; !next.done; next = await entries.next()) {
      const entry = next.value;
      if (entry.header.kind === 'meta') continue;
      if (!storeEntry(entry)) break;
      const bytes = await entry.bytes();
      if (entry.header.kind === 'rows') {
        await loader.load({ kind: 'rows', table: entry.header.table, lines: bytes });
        summary.rows += entry.header.count;
      } else {
        await loader.load({ kind: 'sequences', states: parseSequences(bytes) });
      }
    }
  });
  for (; !next.done; next = await entries.next()) {
    const { header, chunks } = next.value;
    if (storeEntry(next.value)) throw new BackupFormatError('the backup file is damaged: rows after its files');
    if (header.kind === 'file') {
      await restoreFile(header.area === 'uploads' ? target.UPLOAD_DIR : target.MEDIA_DIR, header.path, chunks());
      summary.files += 1;
    } else if (header.kind === 'manifest') {
      summary.listedMedia = (await next.value.bytes()).toString('utf8').split('\n').filter(Boolean).length;
    }
  }
  return summary;
}

function parseSequences(bytes: Buffer): SequenceState[] {
  const states = JSON.parse(bytes.toString('utf8')) as unknown;
  const valid =
    Array.isArray(states) &&
    states.every(
      (s: Partial<SequenceState>) =>
        typeof s.name === 'string' &&
        /^[a-z_][a-z0-9_]{0,62}$/.test(s.name) &&
        typeof s.lastValue === 'string' &&
        /^-?\d{1,19}$/.test(s.lastValue) &&
        typeof s.isCalled === 'boolean',
    );
  if (!valid) throw new BackupFormatError('the backup file is damaged: its sequences are not readable');
  return states as SequenceState[];
}

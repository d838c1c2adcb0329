/**
 * `npm run backup [-- FILE]` and `npm run restore -- FILE` (scripts/backup.ts, scripts/restore.ts)
 * on the store the server's environment names (docs/operations.md "Backups"):
 *
 * - PostgreSQL (DATABASE_URL): the command opens the database itself, whether servers run or not.
 * - PGlite: when a server (or `npm run worker`) holds DATA_DIR/pg, the backup is asked of it over
 *   its local channel (backup-channel.ts); when none answers there, the folder is opened directly
 *   (do not start the server meanwhile).
 */
import { join, resolve } from 'node:path';
import type { EnvConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { openDb } from '../db/open-db.ts';
import { backupFromRunningServer } from './backup-channel.ts';
import { backupToFile, verifyBackupFile, writeVerifiedFile, type BackupSummary } from './backup.ts';
import { backupFileName } from './backup-schedule.ts';
import { isEmptyFolder, restoreBackup, RestoreRefused, type RestoreSummary } from './restore.ts';

export interface BackupOutcome {
  file: string;
  /** 'server': made by the running server over its channel (its summary is in its log). */
  by: 'server' | 'this process';
  summary?: BackupSummary;
}

export async function runBackup(config: EnvConfig, file?: string): Promise<BackupOutcome> {
  const target = resolve(file ?? join(config.BACKUP_DIR, backupFileName(new Date())));
  if (!config.DATABASE_URL) {
    const notServed = new Error('no server holds the store');
    const served = await writeVerifiedFile(target, async (out) => {
      if (await backupFromRunningServer(config.DATA_DIR, out)) return true;
      out.destroy();
      throw notServed;
    }).catch((error: unknown) => {
      // Only "nobody answers on the channel" lets this process open the folder itself.
      if (error === notServed) return false;
      throw error;
    });
    if (served) return { file: target, by: 'server' };
    if (await isEmptyFolder(join(config.DATA_DIR, 'pg')))
      throw new Error(`no store to back up: ${join(config.DATA_DIR, 'pg')} is empty or missing (DATA_DIR)`);
  }
  const db = await openDb(config);
  try {
    const summary = await backupToFile(db, config, target);
    return { file: target, by: 'this process', summary };
  } finally {
    await db.close();
  }
}

/** Restores into the store and folders of `config`, which must be empty (RestoreRefused otherwise). */
export async function runRestore(config: EnvConfig, file: string): Promise<RestoreSummary> {
  const meta = await verifyBackupFile(resolve(file));
  const pgDir = join(config.DATA_DIR, 'pg');
  if (!config.DATABASE_URL && !(await isEmptyFolder(pgDir)))
    throw new RestoreRefused(`the target ${pgDir} is not empty: restore into a new DATA_DIR (or an empty one)`);
  const db: Db = await openDb(config);
  try {
    const summary = await restoreBackup(resolve(file), db, config, meta);
    // PGlite: written out now, so the folder opens as it was left.
    if (db.kind === 'pglite') await db.exec('CHECKPOINT');
    return summary;
  } finally {
    await db.close();
  }
}

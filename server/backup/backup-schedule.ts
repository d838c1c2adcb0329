/**
 * Scheduled backups (docs/operations.md "Backups"): every BACKUP_EVERY_HOURS, in the process that
 * runs the job workers (server/jobs/job-workers.ts: the server with JOBS=on, or `npm run worker`),
 * a backup into BACKUP_DIR named by its time, then the oldest beyond BACKUP_KEEP deleted. The next
 * one is due a period after the newest file there, so a restart neither skips nor repeats one.
 * Only files named like a backup (station-YYYYMMDD-HHMMSS.backup.gz) are ever deleted.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { backupToFile } from './backup.ts';

const NAME = /^station-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-\d+)?\.backup\.gz$/;
/** A first backup, or an overdue one, waits this long after start-up (the server settles first). */
const FIRST_DELAY_MS = 60_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The file name of a backup made at `time` (UTC). */
export function backupFileName(time: Date): string {
  const stamp = time
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `station-${stamp}.backup.gz`;
}

/** The backups in `dir`, oldest first, with the time their name says. */
export async function backupsIn(dir: string): Promise<{ name: string; time: number }[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .flatMap((name) => {
      const m = NAME.exec(name);
      return m ? [{ name, time: Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) }] : [];
    })
    .sort((a, b) => a.time - b.time || (a.name < b.name ? -1 : 1));
}

/** Deletes the oldest backups beyond `keep`; answers the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await backupsIn(dir);
  const old = all.slice(0, Math.max(0, all.length - keep)).map((b) => b.name);
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}

export type ScheduleSettings = Pick<
  Config,
  'BACKUP_DIR' | 'BACKUP_EVERY_HOURS' | 'BACKUP_KEEP' | 'BACKUP_MEDIA' | 'UPLOAD_DIR' | 'MEDIA_DIR'
>;

export class BackupSchedule {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly settings: ScheduleSettings,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  private get periodMs(): number {
    return this.settings.BACKUP_EVERY_HOURS * 3_600_000;
  }

  /** Starts the timer (nothing when BACKUP_EVERY_HOURS is 0). */
  async start(): Promise<void> {
    if (this.periodMs <= 0 || this.timer || this.stopped) return;
    const newest = (await backupsIn(this.settings.BACKUP_DIR)).at(-1);
    const due = newest ? newest.time + this.periodMs - this.now() : 0;
    this.arm(Math.max(due, FIRST_DELAY_MS));
  }

  private arm(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), Math.min(delay, MAX_TIMER_MS));
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    await this.runOnce().catch((error: unknown) => this.log.error({ err: error }, 'scheduled backup failed'));
    this.arm(this.periodMs);
  }

  /** Makes one backup now and prunes the old ones; answers the new file's path. */
  runOnce(): Promise<string> {
    const run = (async () => {
      const file = join(this.settings.BACKUP_DIR, backupFileName(new Date(this.now())));
      const started = Date.now();
      const summary = await backupToFile(this.db, this.settings, file);
      const deleted = await pruneBackups(this.settings.BACKUP_DIR, this.settings.BACKUP_KEEP);
      this.log.info(
        { file, rows: summary.rows, files: summary.files, ms: Date.now() - started, deleted },
        'scheduled backup written',
      );
      if (summary.missingUploads.length > 0)
        this.log.warn(
          { missing: summary.missingUploads.slice(0, 20) },
          'backup: uploads named by rows are missing on disk',
        );
      return file;
    })();
    this.running = run.catch(() => undefined);
    return run;
  }

  /** Stops the timer and waits for a backup being written. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

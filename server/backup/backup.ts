/**
 * Makes a backup (docs/operations.md "Backups"): the store's snapshot (store-snapshot.ts), then the
 * files of UPLOAD_DIR and MEDIA_DIR (backup-files.ts), as one gzip file of framed entries
 * (archive-format.ts). A file is written under a temporary name, read back and verified, then
 * renamed into place: a backup that exists under its name is whole.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { tempSibling } from '../seed/atomic-file.ts';
import { ArchiveWriter, BackupFormatError, readArchive, type MetaHeader, type ReadEntry } from './archive-format.ts';
import { listFiles, writeFileEntry } from './backup-files.ts';
import { dumpStore } from './store-snapshot.ts';

export type BackupSettings = Pick<Config, 'UPLOAD_DIR' | 'MEDIA_DIR' | 'BACKUP_MEDIA'>;

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  /** Media files listed in the manifest instead of copied (BACKUP_MEDIA=manifest). */
  listedMedia: number;
  /** Upload files some row names that were not on disk when the files were listed. */
  missingUploads: string[];
  /** Entries under the folders that a backup does not take (symlinks, odd names). */
  skipped: string[];
}

/** Writes a whole backup to `out` (compressed) and ends it. */
export async function writeBackup(db: Db, settings: BackupSettings, out: Writable): Promise<BackupSummary> {
  const gzip = createGzip({ level: 6 });
  const piped = pipeline(gzip, out);
  piped.catch(() => undefined);
  const writer = new ArchiveWriter(gzip);
  try {
    const dump = await db.tx((q) => dumpStore(q, writer, { store: db.kind, media: settings.BACKUP_MEDIA }));
    const summary: BackupSummary = {
      tables: dump.tables,
      rows: dump.rows,
      files: 0,
      bytes: 0,
      listedMedia: 0,
      missingUploads: [],
      skipped: [],
    };
    // Listed after the snapshot: every upload a row of it names is there already.
    const uploads = await listFiles(settings.UPLOAD_DIR);
    summary.skipped.push(...uploads.skipped.map((path) => `uploads/${path}`));
    const present = new Set(uploads.files.map((file) => file.path));
    summary.missingUploads = [...dump.namedUploads].filter((name) => !present.has(name)).sort();
    for (const file of uploads.files) {
      if (await writeFileEntry(writer, 'uploads', settings.UPLOAD_DIR, file.path)) {
        summary.files += 1;
        summary.bytes += file.size;
      }
    }
    const media = await listFiles(settings.MEDIA_DIR);
    summary.skipped.push(...media.skipped.map((path) => `media/${path}`));
    if (settings.BACKUP_MEDIA === 'manifest') {
      const lines = media.files.map((file) => JSON.stringify(file)).join('\n');
      await writer.entry({ kind: 'manifest', area: 'media' }, Buffer.from(lines, 'utf8'));
      summary.listedMedia = media.files.length;
    } else {
      for (const file of media.files) {
        if (await writeFileEntry(writer, 'media', settings.MEDIA_DIR, file.path)) {
          summary.files += 1;
          summary.bytes += file.size;
        }
      }
    }
    await writer.end();
    gzip.end();
    await piped;
    return summary;
  } catch (error) {
    gzip.destroy(error as Error);
    await piped.catch(() => undefined);
    throw error;
  }
}

/**
 * Writes `file` from what `produce` writes to a stream: to a temporary sibling, verified whole,
 * then renamed into place; nothing is left under either name when something fails.
 */
export async function writeVerifiedFile<T>(file: string, produce: (out: Writable) => Promise<T>): Promise<T> {
  await mkdir(dirname(file), { recursive: true });
  const temp = tempSibling(file);
  try {
    const out = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    await once(out, 'open');
    const closed = once(out, 'close');
    const result = await produce(out);
    await closed;
    await verifyBackupFile(temp);
    await rename(temp, file);
    return result;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** A backup of `db` into `file`. */
export function backupToFile(db: Db, settings: BackupSettings, file: string): Promise<BackupSummary> {
  return writeVerifiedFile(file, (out) => writeBackup(db, settings, out));
}

/** The entries of a backup file, gunzipped and checked as they are read (throws BackupFormatError). */
export async function* openBackup(file: string): AsyncGenerator<ReadEntry> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  async function* bytes(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of gunzip) yield chunk as Buffer;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new BackupFormatError(`no such backup file: ${file}`);
      if (code === 'Z_BUF_ERROR')
        throw new BackupFormatError('the backup file is truncated: its compressed stream ends early');
      if (code?.startsWith('Z_'))
        throw new BackupFormatError(`the backup file is damaged: it is not a whole gzip stream (${code})`);
      throw error;
    }
  }
  try {
    yield* readArchive(bytes());
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

/** Reads the whole file and checks every entry; answers its description. Throws BackupFormatError. */
export async function verifyBackupFile(file: string): Promise<MetaHeader> {
  let meta: MetaHeader | undefined;
  let ended = false;
  for await (const entry of openBackup(file)) {
    if (entry.header.kind === 'meta') meta = entry.header;
    if (entry.header.kind === 'end') ended = true;
  }
  if (!meta || !ended) throw new BackupFormatError('the backup file is truncated: it has no end');
  return meta;
}

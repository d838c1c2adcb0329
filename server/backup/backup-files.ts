/**
 * The files of a backup: UPLOAD_DIR (members' images, videos and their HLS) and MEDIA_DIR (posters,
 * covers, HLS ladders), listed AFTER the database's snapshot, so every file a row of the snapshot
 * names already exists (uploads are written before the row that names them, and never changed).
 * Only regular files are taken: symlinks are skipped, not followed; dot files (temporaries being
 * written) too. With BACKUP_MEDIA=manifest, MEDIA_DIR is listed (path and size) instead of copied,
 * for media kept on a CDN origin or object storage that has backups of its own.
 *
 * A restore writes each file under its folder by a path the archive checked (archive-format.ts),
 * to a temporary name first, checked, then renamed; an existing name is never replaced.
 */
import { lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { tempSibling } from '../seed/atomic-file.ts';
import { safeRelativePath, type ArchiveWriter, type FileHeader } from './archive-format.ts';

export type Area = FileHeader['area'];

export interface ListedFile {
  path: string;
  size: number;
}

export interface FileWalk {
  files: ListedFile[];
  /** Entries not taken: symlinks, special files, names a backup cannot hold. */
  skipped: string[];
}

/** Every regular file under `root` (relative paths, sorted); a missing root has none. */
export async function listFiles(root: string): Promise<FileWalk> {
  const walk: FileWalk = { files: [], skipped: [] };
  const visit = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(root, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && relative === '') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.')) continue;
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (safeRelativePath(path) === null) walk.skipped.push(path);
      else if (entry.isDirectory()) await visit(path);
      else if (entry.isFile()) walk.files.push({ path, size: (await lstat(join(root, path))).size });
      else walk.skipped.push(path);
    }
  };
  await visit('');
  return walk;
}

/** Writes one file as an entry, reading exactly the size it has when opened. */
export async function writeFileEntry(writer: ArchiveWriter, area: Area, root: string, path: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(join(root, path), 'r');
  } catch (error) {
    // Removed since it was listed (a finished upload's chunks): nothing to keep.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return false;
    const chunks: AsyncIterable<Buffer> =
      stats.size === 0
        ? (async function* () {})()
        : handle.createReadStream({ autoClose: false, start: 0, end: stats.size - 1 });
    await writer.streamed({ kind: 'file', area, path }, stats.size, chunks);
    return true;
  } finally {
    await handle.close();
  }
}

/** The absolute path of an archive's file under `root`, or an error when it would leave it. */
export function targetPath(root: string, path: string): string {
  const checked = safeRelativePath(path);
  const base = resolve(root);
  const target = checked === null ? '' : resolve(base, checked);
  if (checked === null || !target.startsWith(base + sep)) throw new Error(`refused file name in the backup: ${path}`);
  return target;
}

/**
 * Writes a file of the archive under root: temporary name, then the checksum (chunks throws when it
 * does not match), then renamed into place; refuses to replace anything, and a parent that is not
 * a plain directory.
 */
export async function restoreFile(root: string, path: string, chunks: AsyncIterable<Buffer>): Promise<void> {
  const target = targetPath(root, path);
  await mkdir(dirname(target), { recursive: true });
  for (let dir = dirname(target); dir.length > resolve(root).length; dir = dirname(dir)) {
    const stats = await lstat(dir);
    if (!stats.isDirectory() || stats.isSymbolicLink()) throw new Error(`refused: ${dir} is not a plain directory`);
  }
  const temp = tempSibling(target);
  const handle = await open(temp, 'wx', 0o644);
  try {
    for await (const chunk of chunks) await handle.write(chunk);
    await handle.close();
    await lstat(target).then(
      () => {
        throw new Error(`refused: ${target} exists already`);
      },
      () => undefined,
    );
    await rename(temp, target);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
}

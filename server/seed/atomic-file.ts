/**
 * Crash-safe file output for generated media: data goes to a temporary name in the same directory
 * and is renamed into place, so a killed process never leaves a half-written file under a real
 * name; a later run sees the file missing and makes it again.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** A temporary sibling of `path` (a dot name, so it is never served or mistaken for the result). */
export const tempSibling = (path: string): string =>
  join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);

export async function writeFileAtomic(path: string, data: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = tempSibling(path);
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

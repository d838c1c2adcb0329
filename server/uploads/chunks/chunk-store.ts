/**
 * Chunk bytes on disk, under UPLOAD_DIR:
 *
 *   chunks/<userId>/<fileId>/<index>     one file per received chunk (written atomically)
 *   files/<userId>/<fileId>.<ext>        a merged video, kept until its HLS job is done
 *   clips/u<userId>-<fileId>/            the HLS made from it (served by clips-plugin.ts)
 *
 * Every path is built from a user id (a number) and a file id (32 hex, checked by the schema), so
 * nothing a client sends can point outside UPLOAD_DIR. Temporary files are dot files.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { FILE_ID_PATTERN } from '../../../contract/calls/publish-limits.ts';
import { tempSibling, writeFileAtomic } from '../../seed/atomic-file.ts';

const INDEX_NAME = /^\d{1,4}$/;
/** Bytes kept from the start of an assembled file for the type check. */
const HEAD_BYTES = 64;

export interface Assembled {
  /** A temporary file holding the chunks in order; rename it into place or remove it. */
  path: string;
  md5: string;
  size: number;
  head: Buffer;
}

function assertIds(userId: number, fileId: string): void {
  if (!Number.isSafeInteger(userId) || userId <= 0 || !FILE_ID_PATTERN.test(fileId))
    throw new Error(`bad upload ids ${userId} ${fileId}`);
}

export class ChunkStore {
  constructor(readonly root: string) {}

  chunkDir(userId: number, fileId: string): string {
    assertIds(userId, fileId);
    return join(this.root, 'chunks', String(userId), fileId);
  }

  clipName = (userId: number, fileId: string): string => {
    assertIds(userId, fileId);
    return `u${userId}-${fileId}`;
  };

  clipDir = (userId: number, fileId: string): string => join(this.root, 'clips', this.clipName(userId, fileId));

  mergedPath(userId: number, fileId: string): string {
    assertIds(userId, fileId);
    return join(this.root, 'files', String(userId), `${fileId}.bin`);
  }

  async writeChunk(userId: number, fileId: string, index: number, data: Uint8Array): Promise<void> {
    await writeFileAtomic(join(this.chunkDir(userId, fileId), String(index)), data);
  }

  /** index → size of every complete chunk held. */
  async heldChunks(userId: number, fileId: string): Promise<Map<number, number>> {
    const dir = this.chunkDir(userId, fileId);
    const held = new Map<number, number>();
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return held;
    }
    for (const name of names) {
      if (!INDEX_NAME.test(name)) continue;
      try {
        held.set(Number(name), (await stat(join(dir, name))).size);
      } catch {
        // removed meanwhile
      }
    }
    return held;
  }

  /** The size of one chunk held, or null. */
  async chunkBytes(userId: number, fileId: string, index: number): Promise<number | null> {
    return (await stat(join(this.chunkDir(userId, fileId), String(index))).catch(() => null))?.size ?? null;
  }

  /** How many chunks are held (names only: cheap on every chunk received). */
  async countChunks(userId: number, fileId: string): Promise<number> {
    return (await readdir(this.chunkDir(userId, fileId)).catch(() => [] as string[])).filter((name) =>
      INDEX_NAME.test(name),
    ).length;
  }

  async removeChunks(userId: number, fileId: string): Promise<void> {
    await rm(this.chunkDir(userId, fileId), { recursive: true, force: true });
  }

  /** Concatenates chunks 0…count-1 into a temporary file next to `target`, hashing as it goes. */
  async assemble(userId: number, fileId: string, count: number, target: string): Promise<Assembled> {
    const dir = this.chunkDir(userId, fileId);
    await mkdir(dirname(target), { recursive: true });
    const path = tempSibling(target);
    const md5 = createHash('md5');
    const head: Buffer[] = [];
    let size = 0;
    const out = createWriteStream(path);
    const failed = new Promise<never>((_, reject) => out.once('error', reject));
    failed.catch(() => undefined);
    try {
      for (let index = 0; index < count; index++) {
        for await (const piece of createReadStream(join(dir, String(index))) as AsyncIterable<Buffer>) {
          md5.update(piece);
          if (size < HEAD_BYTES) head.push(piece.subarray(0, HEAD_BYTES - size));
          size += piece.length;
          if (!out.write(piece)) await Promise.race([once(out, 'drain'), failed]);
        }
      }
      await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
    } catch (error) {
      out.destroy();
      await rm(path, { force: true });
      throw error;
    }
    return { path, md5: md5.digest('hex'), size, head: Buffer.concat(head) };
  }

  async place(assembled: Assembled, target: string): Promise<void> {
    await rename(assembled.path, target);
  }

  /**
   * Chunk directories not modified since `before` (ms) that belong to no open upload (a crash
   * between the row and the bytes, a swept row): removed. `open` holds "<userId>/<fileId>" keys.
   */
  async sweepOrphans(before: number, open: ReadonlySet<string>): Promise<number> {
    let removed = 0;
    const chunks = join(this.root, 'chunks');
    for (const user of await readdir(chunks).catch(() => [] as string[])) {
      for (const fileId of await readdir(join(chunks, user)).catch(() => [] as string[])) {
        const dir = join(chunks, user, fileId);
        const modified = (await stat(dir).catch(() => null))?.mtimeMs ?? Infinity;
        if (modified >= before || open.has(`${user}/${fileId}`)) continue;
        await rm(dir, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }
}

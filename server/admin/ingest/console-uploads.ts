/**
 * Operators' resumable uploads (POST /admin-api/uploads/check, /chunk, /merge): the semantics of the
 * app's /file/chunk/* (server/uploads/chunks/upload-service.ts), videos only, kept apart from
 * members' uploads by owner: rows in console_uploads (009), bytes under UPLOAD_DIR/console/ with the
 * operator's id where the app has the user's.
 *
 * - check opens (or reopens) the operator's upload of a file and answers the chunks held, or the
 *   merged file when this operator merged the same file before.
 * - a chunk is taken only with the exact size its index must have; one held already is taken again
 *   without a write.
 * - merge assembles the chunks while hashing, checks the size, the MD5 against fileId and the type by
 *   the first bytes, then keeps the file for an episode to take; a file that fails is dropped with
 *   its chunks. Merges of one upload are serialised.
 * - sweep drops open uploads untouched for a day and merged files never attached for a week.
 */
import { rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { IngestCheckBody, IngestCheckResult, IngestFile } from '../../../contract/admin/ingest.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { ChunkStore } from '../../uploads/chunks/chunk-store.ts';
import { chunkBytes } from '../../uploads/chunks/upload-service.ts';
import { sniffFile } from '../../uploads/sniff-file.ts';
import { AdminHttpError, badField } from '../admin-errors.ts';
import { audit } from '../audit.ts';
import { ingestMessages as text } from './ingest-messages.ts';

export const OPEN_TTL_MS = 24 * 3600 * 1000;
export const MERGED_TTL_MS = 7 * 24 * 3600 * 1000;
/** Uploads of one operator checked but not merged. */
const MAX_OPEN = 10;

export interface ConsoleUpload {
  id: number;
  operatorId: number;
  fileId: string;
  fileName: string;
  fileSize: number;
  chunkSize: number;
  chunkCount: number;
  state: 'open' | 'merged';
  /** Merged: the file, relative to UPLOAD_DIR. */
  source: string | null;
}

/** Who merges (audited). */
type Who = { operatorId: number; address: string };

const COLUMNS = `id, operator_id AS "operatorId", file_id AS "fileId", file_name AS "fileName", file_size AS "fileSize",
  chunk_size AS "chunkSize", chunk_count AS "chunkCount", state, source`;

const fileOf = (row: ConsoleUpload): IngestFile => ({ fileId: row.fileId, fileName: row.fileName, size: row.fileSize });

export class ConsoleUploads {
  readonly store: ChunkStore;
  private readonly merging = new Map<string, Promise<IngestFile>>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.store = new ChunkStore(join(config.UPLOAD_DIR, 'console'));
  }

  find(operatorId: number, fileId: string): Promise<ConsoleUpload | undefined> {
    return this.db.one<ConsoleUpload>(
      `SELECT ${COLUMNS} FROM console_uploads WHERE operator_id = $1 AND file_id = $2`,
      [operatorId, fileId],
    );
  }

  async check(operatorId: number, spec: IngestCheckBody): Promise<IngestCheckResult> {
    const existing = await this.find(operatorId, spec.fileId);
    if (existing?.state === 'merged') return { uploaded: [], done: fileOf(existing) };
    if (!existing) {
      const open = await this.db.one<{ n: number }>(
        "SELECT count(*)::int AS n FROM console_uploads WHERE operator_id = $1 AND state = 'open'",
        [operatorId],
      );
      if ((open?.n ?? 0) >= MAX_OPEN) throw new AdminHttpError(429, text.tooManyOpen(MAX_OPEN));
    }
    // Another layout of the same file (a new chunk size): the chunks held no longer fit.
    if (existing && (existing.chunkSize !== spec.chunkSize || existing.fileSize !== spec.fileSize)) {
      await this.store.removeChunks(operatorId, spec.fileId);
    }
    const row = (await this.db.one<ConsoleUpload>(
      `INSERT INTO console_uploads (operator_id, file_id, file_name, mime, file_size, chunk_size, chunk_count)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (operator_id, file_id) DO UPDATE SET file_name = EXCLUDED.file_name, mime = EXCLUDED.mime,
         file_size = EXCLUDED.file_size, chunk_size = EXCLUDED.chunk_size, chunk_count = EXCLUDED.chunk_count,
         updated_at = now()
       RETURNING ${COLUMNS}`,
      [operatorId, spec.fileId, spec.fileName, spec.mime, spec.fileSize, spec.chunkSize, spec.chunkCount],
    ))!;
    const held = await this.store.heldChunks(operatorId, spec.fileId);
    const uploaded = [...held]
      .filter(([index, size]) => index < row.chunkCount && size === chunkBytes(row, index))
      .map(([index]) => index);
    return { uploaded: uploaded.sort((a, b) => a - b), done: null };
  }

  async receive(
    operatorId: number,
    fileId: string,
    index: number,
    data: Buffer,
  ): Promise<{ index: number; received: number }> {
    const row = await this.find(operatorId, fileId);
    if (!row) throw new AdminHttpError(404, text.noUpload);
    if (row.state === 'merged') return { index, received: row.chunkCount };
    if (index >= row.chunkCount) throw badField('index', text.indexRange(row.chunkCount));
    const expected = chunkBytes(row, index);
    if (data.length !== expected) throw badField('chunk', text.chunkSize(index, expected, data.length));
    if ((await this.store.chunkBytes(operatorId, fileId, index)) !== expected)
      await this.store.writeChunk(operatorId, fileId, index, data);
    await this.db.query('UPDATE console_uploads SET updated_at = now() WHERE id = $1', [row.id]);
    return { index, received: await this.store.countChunks(operatorId, fileId) };
  }

  merge(operatorId: number, fileId: string, by: Who): Promise<IngestFile> {
    const key = `${operatorId}/${fileId}`;
    const running = this.merging.get(key);
    if (running) return running.catch(() => this.merge(operatorId, fileId, by));
    const merge = this.mergeOnce(operatorId, fileId, by).finally(() => this.merging.delete(key));
    this.merging.set(key, merge);
    return merge;
  }

  /** The merged upload of `fileId` by this operator whose file is still there, or a 400 naming fileId. */
  async mergedSource(operatorId: number, fileId: string): Promise<ConsoleUpload & { source: string }> {
    const row = await this.find(operatorId, fileId);
    if (row?.state !== 'merged' || !row.source) throw badField('fileId', text.notMerged);
    return row as ConsoleUpload & { source: string };
  }

  private async mergeOnce(operatorId: number, fileId: string, by: Who): Promise<IngestFile> {
    const row = await this.find(operatorId, fileId);
    if (!row) throw new AdminHttpError(404, text.noUpload);
    if (row.state === 'merged') return fileOf(row);
    const held = await this.store.heldChunks(operatorId, fileId);
    const indexes = Array.from({ length: row.chunkCount }, (_, index) => index);
    const missing = indexes.filter((index) => held.get(index) !== chunkBytes(row, index));
    if (missing.length > 0) throw badField('fileId', text.missingChunks(missing));

    const target = this.store.mergedPath(operatorId, fileId);
    const assembled = await this.store.assemble(operatorId, fileId, row.chunkCount, target);
    const problem =
      assembled.size !== row.fileSize
        ? text.sizeMismatch(row.fileSize, assembled.size)
        : assembled.md5 !== fileId
          ? text.md5Mismatch
          : sniffFile('video', assembled.head) === null
            ? text.notVideo
            : null;
    if (problem) {
      await rm(assembled.path, { force: true });
      await this.drop(row);
      throw badField('fileId', problem);
    }
    await this.store.place(assembled, target);
    const source = relative(this.config.UPLOAD_DIR, target);
    await this.db.tx(async (q) => {
      await q.query("UPDATE console_uploads SET state = 'merged', source = $2, updated_at = now() WHERE id = $1", [
        row.id,
        source,
      ]);
      await audit(q, {
        ...by,
        action: 'upload.merge',
        targetType: 'upload',
        targetId: fileId,
        after: { fileName: row.fileName, size: row.fileSize },
      });
    });
    await this.store.removeChunks(operatorId, fileId);
    return fileOf(row);
  }

  private async drop(row: ConsoleUpload): Promise<void> {
    await this.db.query('DELETE FROM console_uploads WHERE id = $1', [row.id]);
    await this.store.removeChunks(row.operatorId, row.fileId);
    if (row.source) await rm(join(this.config.UPLOAD_DIR, row.source), { force: true });
  }

  /** Drops stale open uploads and merged files never used; answers how many. */
  async sweep(now: number): Promise<number> {
    const stale = await this.db.query<ConsoleUpload>(
      `SELECT ${COLUMNS} FROM console_uploads
       WHERE (state = 'open' AND updated_at < $1) OR (state = 'merged' AND updated_at < $2)`,
      [new Date(now - OPEN_TTL_MS), new Date(now - MERGED_TTL_MS)],
    );
    for (const row of stale) await this.drop(row);
    return stale.length;
  }
}

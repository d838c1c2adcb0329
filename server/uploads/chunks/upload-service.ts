/**
 * Resumable chunked uploads: what /file/chunk/check, /upload, /merge and /cancel do.
 *
 * - check opens (or reopens) the user's upload of a file and answers the chunks held, or the
 *   finished file when this user merged the same file before; at most MAX_OPEN_UPLOADS open. A
 *   video is refused (check and merge) while no usable ffmpeg decodes uploads (upload-ffmpeg.ts).
 * - a chunk is accepted only with the exact size its index must have; a chunk held already is
 *   accepted again without a write (idempotent).
 * - merge assembles the chunks into a temporary file while hashing it, then checks the total size,
 *   the MD5 against the file id and the type by the first bytes; only then is the file placed
 *   (videos, queued for HLS) or stored as a resized image. A file that fails a check is dropped
 *   with its chunks (the client must upload it anew) and leaves nothing behind. Merges of one
 *   upload are serialised, and a second merge answers the first one's result.
 * - sweep removes uploads untouched for 24 h and chunk directories without an upload; it runs at
 *   start and hourly.
 */
import { readFile, rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ChunkCheckResult, UploadedFileInfo } from '../../../contract/calls/publish.ts';
import { kindOfMime, MAX_OPEN_UPLOADS, type UploadMime } from '../../../contract/calls/publish-limits.ts';
import { Code } from '../../../contract/protocol/codes.ts';
import type { Config } from '../../config.ts';
import * as uploads from '../../db/chunk-uploads.ts';
import type { Db } from '../../db/db.ts';
import { ApiError, invalidParams } from '../../api-error.ts';
import { POST_IMAGE_MAX_SIDE, storeImage } from '../images/image-upload.ts';
import { ChunkStore } from './chunk-store.ts';
import { sniffFile } from '../sniff-file.ts';
import type { VideoJobs } from '../../media/video-jobs.ts';
import { videoUploadsOn } from '../../media/upload-ffmpeg.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's upload service (server/app.ts). */
    uploads: UploadService;
  }
}

export const UPLOAD_TTL_MS = 24 * 3600 * 1000;
const SWEEP_EVERY_MS = 3600 * 1000;

export interface CheckSpec {
  fileId: string;
  fileName: string;
  fileSize: number;
  chunkSize: number;
  chunkCount: number;
  mime: UploadMime;
}

const notFound = () => new ApiError(Code.NotFound, '上传不存在或已过期：请先调用 /file/chunk/check');
const videoUploadsOff = () => new ApiError(Code.InvalidParams, '视频上传暂不可用：服务器未开启视频转码，请稍后再试');
const list = (indexes: number[]) =>
  indexes.slice(0, 5).join('、') + (indexes.length > 5 ? ` 等 ${indexes.length} 个` : '');

/** The size chunk `index` must have. */
export const chunkBytes = (
  row: Pick<uploads.UploadRow, 'fileSize' | 'chunkSize' | 'chunkCount'>,
  index: number,
): number => (index < row.chunkCount - 1 ? row.chunkSize : row.fileSize - row.chunkSize * (row.chunkCount - 1));

export class UploadService {
  readonly store: ChunkStore;
  readonly videos: VideoJobs;
  private readonly merging = new Map<string, Promise<UploadedFileInfo>>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
    /** The video jobs (server/jobs/job-workers.ts), on the store's UPLOAD_DIR. */
    videos: VideoJobs,
  ) {
    this.store = new ChunkStore(config.UPLOAD_DIR);
    this.videos = videos;
  }

  /** Sweeps now and hourly, and queues the videos a previous run left pending. */
  async start(): Promise<void> {
    await this.sweep();
    await this.videos.resumePending();
    this.timer = setInterval(
      () => void this.sweep().catch((err: unknown) => this.log.warn({ err }, 'upload sweep failed')),
      SWEEP_EVERY_MS,
    );
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
    this.videos.close();
  }

  async check(userId: number, spec: CheckSpec): Promise<ChunkCheckResult> {
    const existing = await uploads.findUpload(this.db, userId, spec.fileId);
    if (existing?.state === 'merged') return { uploaded: [], done: uploads.fileInfoOf(existing) };
    if (kindOfMime(spec.mime) === 'video' && !(await videoUploadsOn(this.config))) throw videoUploadsOff();
    if (!existing && (await uploads.countOpenUploads(this.db, userId)) >= MAX_OPEN_UPLOADS) {
      throw new ApiError(
        Code.RateLimited,
        `未完成的上传过多：最多同时 ${MAX_OPEN_UPLOADS} 个，请先完成或取消之前的上传`,
      );
    }
    // Another layout of the same file (a new chunk size): the chunks held no longer fit.
    if (existing && (existing.chunkSize !== spec.chunkSize || existing.fileSize !== spec.fileSize)) {
      await this.store.removeChunks(userId, spec.fileId);
    }
    const row = await uploads.openUpload(this.db, { ...spec, userId, kind: kindOfMime(spec.mime), now: this.now() });
    const held = await this.store.heldChunks(userId, spec.fileId);
    const uploaded = [...held]
      .filter(([index, size]) => index < row.chunkCount && size === chunkBytes(row, index))
      .map(([index]) => index);
    return { uploaded: uploaded.sort((a, b) => a - b), done: null };
  }

  async receive(
    userId: number,
    fileId: string,
    index: number,
    data: Buffer,
  ): Promise<{ index: number; received: number }> {
    const row = await uploads.findUpload(this.db, userId, fileId);
    if (!row) throw notFound();
    if (row.state === 'merged') return { index, received: row.chunkCount };
    if (index >= row.chunkCount) throw invalidParams(`index 超出范围：共 ${row.chunkCount} 个分片`);
    const expected = chunkBytes(row, index);
    if (data.length !== expected)
      throw invalidParams(`分片 ${index} 大小不正确：应为 ${expected} 字节，收到 ${data.length} 字节`);
    if ((await this.store.chunkBytes(userId, fileId, index)) !== expected)
      await this.store.writeChunk(userId, fileId, index, data);
    await uploads.touchUpload(this.db, row.id, this.now());
    return { index, received: await this.store.countChunks(userId, fileId) };
  }

  merge(userId: number, fileId: string): Promise<UploadedFileInfo> {
    const key = `${userId}/${fileId}`;
    const running = this.merging.get(key);
    if (running) return running.catch(() => this.merge(userId, fileId));
    const merge = this.mergeOnce(userId, fileId).finally(() => this.merging.delete(key));
    this.merging.set(key, merge);
    return merge;
  }

  async cancel(userId: number, fileId: string): Promise<{ cancelled: boolean }> {
    const row = await uploads.findUpload(this.db, userId, fileId);
    if (row?.state !== 'open') return { cancelled: false };
    await this.drop(row);
    return { cancelled: true };
  }

  /** Removes abandoned uploads and stray chunk directories; answers how many. */
  async sweep(): Promise<number> {
    const before = this.now() - UPLOAD_TTL_MS;
    const stale = await uploads.staleUploads(this.db, before);
    for (const row of stale) await this.drop(row);
    const orphans = await this.store.sweepOrphans(before, await uploads.openUploadKeys(this.db));
    if (stale.length + orphans > 0) this.log.info({ stale: stale.length, orphans }, 'abandoned uploads removed');
    return stale.length + orphans;
  }

  private async drop(row: uploads.UploadRow): Promise<void> {
    await uploads.deleteUpload(this.db, row.id);
    await this.store.removeChunks(row.userId, row.fileId);
  }

  private async mergeOnce(userId: number, fileId: string): Promise<UploadedFileInfo> {
    const row = await uploads.findUpload(this.db, userId, fileId);
    if (!row) throw notFound();
    if (row.state === 'merged') return uploads.fileInfoOf(row);
    if (row.kind === 'video' && !(await videoUploadsOn(this.config))) throw videoUploadsOff();

    const held = await this.store.heldChunks(userId, fileId);
    const indexes = Array.from({ length: row.chunkCount }, (_, index) => index);
    const missing = indexes.filter((index) => !held.has(index));
    if (missing.length > 0) throw invalidParams(`缺少分片 ${list(missing)}，请上传后再合并`);
    const wrong = indexes.filter((index) => held.get(index) !== chunkBytes(row, index));
    if (wrong.length > 0) throw invalidParams(`分片 ${list(wrong)} 大小不正确，请重新上传`);

    const target = this.store.mergedPath(userId, fileId);
    const assembled = await this.store.assemble(userId, fileId, row.chunkCount, target);
    const problem =
      assembled.size !== row.fileSize
        ? `文件大小不符：应为 ${row.fileSize} 字节，合并后为 ${assembled.size} 字节`
        : assembled.md5 !== fileId
          ? 'MD5 校验失败：文件内容与 fileId 不符，请重新上传'
          : sniffFile(row.kind, assembled.head) === null
            ? row.kind === 'video'
              ? '文件内容不是 MP4、MOV、WebM 或 MKV 视频'
              : '文件内容不是 JPEG、PNG、WebP 或 GIF 图片'
            : null;
    if (problem) {
      await rm(assembled.path, { force: true });
      await this.drop(row);
      throw invalidParams(problem);
    }

    let url: string;
    if (row.kind === 'video') {
      await this.store.place(assembled, target);
      url = `clips/${this.store.clipName(userId, fileId)}/index.m3u8`;
    } else {
      try {
        const data = await readFile(assembled.path);
        url = (
          await storeImage(
            { filename: row.fileName, mimetype: row.mime, data },
            this.config.UPLOAD_DIR,
            POST_IMAGE_MAX_SIDE,
          )
        ).url;
      } catch (error) {
        await this.drop(row);
        throw error;
      } finally {
        await rm(assembled.path, { force: true });
      }
    }
    const videoState = row.kind === 'video' ? 'pending' : null;
    if (await uploads.markMerged(this.db, row.id, url, videoState, this.now())) {
      await this.store.removeChunks(userId, fileId);
      if (row.kind === 'video') await this.videos.enqueue(row.id);
    }
    return uploads.fileInfoOf((await uploads.findUpload(this.db, userId, fileId))!);
  }
}

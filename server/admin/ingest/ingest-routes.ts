/**
 * The console's video ingest under /admin-api (docs/admin-api.md "Video ingest"), for 运营 and
 * 超级管理员:
 *
 *   POST /uploads/check {fileId, fileName, fileSize, chunkSize, chunkCount, mime}
 *   POST /uploads/chunk?fileId=&index=   the chunk's bytes, application/octet-stream
 *   POST /uploads/merge {fileId}
 *   POST /movies/:id/episodes {number, title?, fileId?}   a new episode; with a merged file, its ladder job
 *   POST /episodes/:id/video {fileId}                     a new video for an episode (a new job)
 *   GET  /jobs/:id                                        the job: state, progress, failure, attempts
 *   POST /jobs/:id/retry                                  a failed job again, as a new job
 *
 * Titles are shared by every site of the group: an operator limited to some sites uploads and reads
 * jobs, but the calls that change a title's episodes answer it 403. Changes are audited in
 * their transaction; a job is queued in the same transaction as the episode's change. Without a
 * usable ffmpeg for uploads (server/media/upload-ffmpeg.ts) the calls that take a video or queue a
 * job answer 400 with text.videoOff; episodes without a video are still made.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { INGEST_VIDEO_MIME_TYPES, type EpisodeWithJob, type IngestJob } from '../../../contract/admin/ingest.ts';
import {
  CHUNK_MAX_BYTES,
  CHUNK_MIN_BYTES,
  FILE_ID_PATTERN,
  MAX_CHUNKS,
  VIDEO_MAX_BYTES,
} from '../../../contract/calls/publish-limits.ts';
import { fileNameSchema } from '../../../contract/calls/publish.ts';
import { UNIQUE_VIOLATION, sqlState, type Queryable } from '../../db/db.ts';
import { EPISODE_VIDEO_QUEUE, queueEpisodeVideo } from '../../media/episode-video-job.ts';
import { videoUploadsOn } from '../../media/upload-ffmpeg.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { AdminHttpError, badField } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { adminMessages } from '../admin-messages.ts';
import { operatorOf, requireEverySite, requireRole } from '../guards.ts';
import { ConsoleUploads } from './console-uploads.ts';
import { ingestMessages as text } from './ingest-messages.ts';
import { UUID, episodeById, publicEpisode, readJob } from './job-view.ts';

const SWEEP_EVERY_MS = 3600 * 1000;

const int = (field: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${field} 必须是数字` })
    .int(`${field} 必须是整数`)
    .min(min, `${field} 不能小于 ${min}`)
    .max(max, `${field} 不能大于 ${max}`);
const fileId = z
  .string({ message: 'fileId 必须是字符串' })
  .regex(FILE_ID_PATTERN, 'fileId 必须是 32 位小写十六进制 MD5');

const checkBody = z
  .object({
    fileId,
    fileName: fileNameSchema,
    fileSize: int('fileSize', 1, VIDEO_MAX_BYTES),
    chunkSize: int('chunkSize', CHUNK_MIN_BYTES, CHUNK_MAX_BYTES),
    chunkCount: int('chunkCount', 1, MAX_CHUNKS),
    mime: z.enum(INGEST_VIDEO_MIME_TYPES, { message: 'mime 仅支持 MP4、MOV、WebM 或 MKV 视频' }),
  })
  .refine((value) => Math.ceil(value.fileSize / value.chunkSize) === value.chunkCount, {
    message: 'chunkCount 与 fileSize、chunkSize 不符',
    path: ['chunkCount'],
  });
const chunkQuery = z.object({ fileId, index: int('index', 0, MAX_CHUNKS - 1) });
const fileBody = z.object({ fileId });
const episodeBody = z.object({
  number: int('number', 1, 100_000),
  title: z.string({ message: 'title 必须是字符串' }).trim().max(100, 'title 长度不能超过 100 个字符').default(''),
  fileId: fileId.optional(),
});
const idParam = z.object({ id: int('id', 1, 2 ** 31 - 1) });
const jobParam = z.object({ id: z.string().regex(UUID, 'id 必须是任务编号（UUID）') });

export const ingestRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db, config, jobs, now }) => {
  const staff = { preHandler: requireRole('ops') };
  const titleChange = { preHandler: [requireRole('ops'), requireEverySite(adminMessages.titlesShared)] };
  const uploads = new ConsoleUploads(db, config);

  const sweep = () =>
    void uploads.sweep(now()).catch((err: unknown) => api.log.warn({ err }, 'console upload sweep failed'));
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  api.addHook('onReady', async () => sweep());
  api.addHook('onClose', async () => clearInterval(timer));

  // Chunks arrive as raw bytes (this plugin's routes only).
  api.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: CHUNK_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  /** A 400 naming `field` (none: the call itself) while video uploads are off. */
  async function requireVideoUploads(field?: string): Promise<void> {
    if (await videoUploadsOn(config)) return;
    throw field ? badField(field, text.videoOff) : new AdminHttpError(400, text.videoOff);
  }

  api.post('/uploads/check', staff, async (req) => {
    const body = parseInput(checkBody, req.body);
    await requireVideoUploads('mime');
    return uploads.check(operatorOf(req).id, body);
  });

  api.post('/uploads/chunk', { ...staff, bodyLimit: CHUNK_MAX_BYTES }, async (req) => {
    const query = parseInput(chunkQuery, req.query);
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw badField('chunk', text.chunkBody);
    return uploads.receive(operatorOf(req).id, query.fileId, query.index, req.body);
  });

  api.post('/uploads/merge', staff, async (req) => {
    const { fileId: id } = parseInput(fileBody, req.body);
    await requireVideoUploads('fileId');
    return uploads.merge(operatorOf(req).id, id, auditOf(req));
  });

  /** Queues the ladder job of `episodeId` from the operator's merged file, in the transaction. */
  async function queueFrom(q: Queryable, episodeId: number, source: string): Promise<string> {
    await jobs.start();
    return queueEpisodeVideo(q, jobs, { episodeId, source });
  }

  async function answer(episodeId: number, jobId: string | null): Promise<EpisodeWithJob> {
    jobs.nudge(EPISODE_VIDEO_QUEUE);
    const episode = await episodeById(db, episodeId);
    if (!episode) throw new AdminHttpError(404, text.episodeMissing);
    const job = jobId ? ((await readJob(db, jobs, jobId))?.view ?? null) : null;
    return { episode: publicEpisode(episode), job };
  }

  api.post('/movies/:id/episodes', titleChange, async (req, reply) => {
    const { id: movieId } = parseInput(idParam, req.params);
    const input = parseInput(episodeBody, req.body);
    if (input.fileId) await requireVideoUploads('fileId');
    const source = input.fileId ? (await uploads.mergedSource(operatorOf(req).id, input.fileId)).source : null;
    await jobs.start();
    const made = await db
      .tx(async (q) => {
        const movie = await q.one('SELECT id FROM movies WHERE id = $1 FOR UPDATE', [movieId]);
        if (!movie) throw new AdminHttpError(404, text.movieMissing);
        const row = (await q.one<{ id: number }>(
          'INSERT INTO episodes (movie_id, number, title) VALUES ($1, $2, $3) RETURNING id::int AS id',
          [movieId, input.number, input.title],
        ))!;
        const jobId = source ? await queueFrom(q, row.id, source) : null;
        await q.query('UPDATE movies SET updated_at = $2 WHERE id = $1', [movieId, new Date(now())]);
        await audit(q, {
          ...auditOf(req),
          action: 'episode.create',
          targetType: 'episode',
          targetId: row.id,
          after: { movieId, number: input.number, title: input.title, fileId: input.fileId ?? null, jobId },
        });
        return { episodeId: row.id, jobId };
      })
      .catch((error: unknown) => {
        if (sqlState(error) === UNIQUE_VIOLATION) throw badField('number', text.numberTaken(input.number));
        throw error;
      });
    return reply.code(201).send(await answer(made.episodeId, made.jobId));
  });

  api.post('/episodes/:id/video', titleChange, async (req) => {
    const { id } = parseInput(idParam, req.params);
    const input = parseInput(fileBody, req.body);
    await requireVideoUploads('fileId');
    const { source } = await uploads.mergedSource(operatorOf(req).id, input.fileId);
    await jobs.start();
    const jobId = await db.tx(async (q) => {
      const before = await q.one<{ video: string | null; jobId: string | null; movieId: number }>(
        'SELECT video, job_id AS "jobId", movie_id AS "movieId" FROM episodes WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!before) throw new AdminHttpError(404, text.episodeMissing);
      const queued = await queueFrom(q, id, source);
      await q.query('UPDATE movies SET updated_at = $2 WHERE id = $1', [before.movieId, new Date(now())]);
      await audit(q, {
        ...auditOf(req),
        action: 'episode.video',
        targetType: 'episode',
        targetId: id,
        before: { video: before.video, jobId: before.jobId },
        after: { fileId: input.fileId, jobId: queued },
      });
      return queued;
    });
    return answer(id, jobId);
  });

  api.get('/jobs/:id', staff, async (req): Promise<IngestJob> => {
    const { id } = parseInput(jobParam, req.params);
    const found = await readJob(db, jobs, id);
    if (!found) throw new AdminHttpError(404, text.jobMissing);
    return found.view;
  });

  api.post('/jobs/:id/retry', titleChange, async (req): Promise<IngestJob> => {
    const { id } = parseInput(jobParam, req.params);
    const found = await readJob(db, jobs, id);
    if (!found) throw new AdminHttpError(404, text.jobMissing);
    if (found.view.state !== 'failed') throw new AdminHttpError(409, text.notFailed);
    await requireVideoUploads();
    const { episodeId, source } = found.job.data;
    const episode = await episodeById(db, episodeId);
    if (!episode) throw new AdminHttpError(404, text.episodeMissing);
    if (episode.jobId !== id) throw new AdminHttpError(409, text.superseded);
    if (!found.view.retryable) throw new AdminHttpError(409, text.notRetryable);
    const exists = await db.one("SELECT 1 FROM console_uploads WHERE source = $1 AND state = 'merged'", [source]);
    if (!exists) throw new AdminHttpError(409, text.sourceGone);
    const jobId = await db.tx(async (q) => {
      const locked = await q.one('SELECT 1 FROM episodes WHERE id = $1 AND job_id = $2 FOR UPDATE', [episodeId, id]);
      if (!locked) throw new AdminHttpError(409, text.superseded);
      const queued = await queueFrom(q, episodeId, source);
      await audit(q, {
        ...auditOf(req),
        action: 'job.retry',
        targetType: 'episode',
        targetId: episodeId,
        before: { jobId: id, failure: found.view.failure },
        after: { jobId: queued },
      });
      return queued;
    });
    jobs.nudge(EPISODE_VIDEO_QUEUE);
    return (await readJob(db, jobs, jobId))!.view;
  });
};

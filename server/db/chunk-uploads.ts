/**
 * The rows of members' chunked uploads (migration 004): one per user and file (file_id = MD5),
 * 'open' while chunks arrive, 'merged' once assembled; a merged video carries the state of its HLS
 * job. The chunk bytes themselves live on disk (server/uploads/chunks/chunk-store.ts).
 */
import type { TopicVideo, UploadedFileInfo } from '../../contract/calls/publish.ts';
import type { UploadKind, UploadMime } from '../../contract/calls/publish-limits.ts';
import type { Queryable } from './db.ts';

export type VideoState = TopicVideo['state'];

export interface UploadRow {
  id: number;
  userId: number;
  fileId: string;
  kind: UploadKind;
  fileName: string;
  mime: string;
  fileSize: number;
  chunkSize: number;
  chunkCount: number;
  state: 'open' | 'merged';
  url: string | null;
  videoState: VideoState | null;
  durationS: number | null;
  updatedAt: Date;
}

const COLUMNS = `id, user_id AS "userId", file_id AS "fileId", kind, file_name AS "fileName", mime,
  file_size AS "fileSize", chunk_size AS "chunkSize", chunk_count AS "chunkCount", state, url,
  video_state AS "videoState", duration_s AS "durationS", updated_at AS "updatedAt"`;

export interface UploadSpec {
  userId: number;
  fileId: string;
  kind: UploadKind;
  fileName: string;
  mime: UploadMime;
  fileSize: number;
  chunkSize: number;
  chunkCount: number;
  now: number;
}

const at = (ms: number): string => new Date(ms).toISOString();

export const findUpload = (q: Queryable, userId: number, fileId: string): Promise<UploadRow | undefined> =>
  q.one<UploadRow>(`SELECT ${COLUMNS} FROM chunk_uploads WHERE user_id = $1 AND file_id = $2`, [userId, fileId]);

export async function countOpenUploads(q: Queryable, userId: number): Promise<number> {
  const row = await q.one<{ n: number }>(
    "SELECT count(*)::int AS n FROM chunk_uploads WHERE user_id = $1 AND state = 'open'",
    [userId],
  );
  return row?.n ?? 0;
}

/** Starts an upload, or restarts an open one with the new name and layout; a merged one is kept. */
export async function openUpload(q: Queryable, spec: UploadSpec): Promise<UploadRow> {
  const row = await q.one<UploadRow>(
    `INSERT INTO chunk_uploads (user_id, file_id, kind, file_name, mime, file_size, chunk_size, chunk_count, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $9::timestamptz)
     ON CONFLICT (user_id, file_id) DO UPDATE SET kind = EXCLUDED.kind, file_name = EXCLUDED.file_name,
       mime = EXCLUDED.mime, file_size = EXCLUDED.file_size, chunk_size = EXCLUDED.chunk_size,
       chunk_count = EXCLUDED.chunk_count, updated_at = EXCLUDED.updated_at
     WHERE chunk_uploads.state = 'open'
     RETURNING ${COLUMNS}`,
    [
      spec.userId,
      spec.fileId,
      spec.kind,
      spec.fileName,
      spec.mime,
      spec.fileSize,
      spec.chunkSize,
      spec.chunkCount,
      at(spec.now),
    ],
  );
  return row ?? (await findUpload(q, spec.userId, spec.fileId))!;
}

/** Keeps an upload that receives chunks from expiring. */
export async function touchUpload(q: Queryable, id: number, now: number): Promise<void> {
  await q.query('UPDATE chunk_uploads SET updated_at = $2::timestamptz WHERE id = $1', [id, at(now)]);
}

/** open → merged; false when another request merged it first. */
export async function markMerged(
  q: Queryable,
  id: number,
  url: string,
  videoState: VideoState | null,
  now: number,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE chunk_uploads SET state = 'merged', url = $2, video_state = $3, merged_at = $4::timestamptz, updated_at = $4::timestamptz
     WHERE id = $1 AND state = 'open' RETURNING id`,
    [id, url, videoState, at(now)],
  );
  return rows.length === 1;
}

export async function deleteUpload(q: Queryable, id: number): Promise<void> {
  await q.query("DELETE FROM chunk_uploads WHERE id = $1 AND state = 'open'", [id]);
}

/** Open uploads not touched since `before` (ms): abandoned. */
export const staleUploads = (q: Queryable, before: number): Promise<UploadRow[]> =>
  q.query<UploadRow>(`SELECT ${COLUMNS} FROM chunk_uploads WHERE state = 'open' AND updated_at < $1::timestamptz`, [
    at(before),
  ]);

/** "<userId>/<fileId>" of every open upload. */
export async function openUploadKeys(q: Queryable): Promise<Set<string>> {
  const rows = await q.query<{ key: string }>(
    "SELECT user_id || '/' || file_id AS key FROM chunk_uploads WHERE state = 'open'",
  );
  return new Set(rows.map((row) => row.key));
}

export const pendingVideos = (q: Queryable): Promise<UploadRow[]> =>
  q.query<UploadRow>(`SELECT ${COLUMNS} FROM chunk_uploads WHERE video_state = 'pending' ORDER BY id`);

export const uploadById = (q: Queryable, id: number): Promise<UploadRow | undefined> =>
  q.one<UploadRow>(`SELECT ${COLUMNS} FROM chunk_uploads WHERE id = $1`, [id]);

/** The job's outcome; a ready video also becomes the cover of its topics that have none. */
export async function finishVideo(
  q: Queryable,
  id: number,
  result: { state: VideoState; durationS: number | null; poster: string | null },
): Promise<void> {
  await q.query('UPDATE chunk_uploads SET video_state = $2, duration_s = $3 WHERE id = $1', [
    id,
    result.state,
    result.durationS,
  ]);
  if (result.poster)
    await q.query('UPDATE posts SET cover = $2 WHERE video_upload_id = $1 AND cover IS NULL', [id, result.poster]);
}

/** The clip's poster key next to its playlist key. */
export const posterOf = (playlist: string): string => playlist.replace(/index\.m3u8$/, 'poster.jpg');

export function videoOf(row: Pick<UploadRow, 'url' | 'videoState' | 'durationS'>): TopicVideo {
  const ready = row.videoState === 'ready' && row.url !== null;
  return {
    state: row.videoState ?? 'pending',
    playlist: ready ? row.url : null,
    poster: ready ? posterOf(row.url!) : null,
    durationS: ready ? row.durationS : null,
  };
}

export const fileInfoOf = (row: UploadRow): UploadedFileInfo => ({
  fileId: row.fileId,
  kind: row.kind,
  size: row.fileSize,
  url: row.url ?? '',
  video: row.kind === 'video' ? videoOf(row) : null,
});

/** The video of a post, or null when it has none. */
export async function postVideo(q: Queryable, postId: number): Promise<TopicVideo | null> {
  const row = await q.one<Pick<UploadRow, 'url' | 'videoState' | 'durationS'>>(
    `SELECT u.url, u.video_state AS "videoState", u.duration_s AS "durationS"
     FROM posts p JOIN chunk_uploads u ON u.id = p.video_upload_id WHERE p.id = $1`,
    [postId],
  );
  return row ? videoOf(row) : null;
}

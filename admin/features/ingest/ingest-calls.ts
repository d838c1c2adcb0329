/**
 * The ingest calls of the console: the chunk protocol under /admin-api/uploads (check, chunk as raw
 * bytes, merge), the episode and video calls that queue a ladder job, and the job's state.
 */
import type { AdminSession } from '../../../contract/admin/session.ts';
import { CSRF_HEADER } from '../../../contract/admin/session.ts';
import type {
  EpisodeWithJob,
  IngestCheckBody,
  IngestCheckResult,
  IngestChunkResult,
  IngestFile,
  IngestJob,
} from '../../../contract/admin/ingest.ts';
import { ADMIN_API, AdminApiError, adminCall } from '../../api/admin-client.ts';

export const checkUpload = (body: IngestCheckBody): Promise<IngestCheckResult> =>
  adminCall<IngestCheckResult>('POST', '/uploads/check', { body });

export const mergeUpload = (fileId: string): Promise<IngestFile> =>
  adminCall<IngestFile>('POST', '/uploads/merge', { body: { fileId } });

let csrf: Promise<string> | null = null;

/** The session's CSRF token for the raw chunk requests (adminCall sends JSON only). */
function csrfToken(): Promise<string> {
  csrf ??= adminCall<AdminSession>('GET', '/session').then(
    (session) => session.csrfToken,
    (error: unknown) => {
      csrf = null;
      throw error;
    },
  );
  return csrf;
}

export async function sendChunk(
  fileId: string,
  index: number,
  bytes: Blob,
  signal?: AbortSignal,
): Promise<IngestChunkResult> {
  const response = await fetch(`${ADMIN_API}/uploads/chunk?fileId=${fileId}&index=${index}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      accept: 'application/json',
      [CSRF_HEADER]: await csrfToken(),
    },
    credentials: 'same-origin',
    cache: 'no-store',
    body: bytes,
    signal,
  });
  const data = (await response.json().catch(() => null)) as
    (IngestChunkResult & { message?: string; field?: string }) | null;
  if (response.ok && data) return data;
  if (response.status === 403) csrf = null;
  throw new AdminApiError(response.status, data?.message ?? `分片上传失败（${response.status}）`, data?.field);
}

export const createEpisode = (movieId: number, body: { number: number; title?: string; fileId?: string }) =>
  adminCall<EpisodeWithJob>('POST', `/movies/${movieId}/episodes`, { body });

export const attachVideo = (episodeId: number, fileId: string) =>
  adminCall<EpisodeWithJob>('POST', `/episodes/${episodeId}/video`, { body: { fileId } });

export const fetchJob = (id: string): Promise<IngestJob> => adminCall<IngestJob>('GET', `/jobs/${id}`);

export const retryJob = (id: string): Promise<IngestJob> => adminCall<IngestJob>('POST', `/jobs/${id}/retry`);

/**
 * The console's video ingest (docs/admin-api.md "Video ingest"): operators upload a video with the
 * chunk protocol of the app (POST /admin-api/uploads/check, /chunk, /merge), attach it to an
 * episode, and follow the job that makes its HLS ladder (GET /admin-api/jobs/:id). Types only; the
 * server validates with zod of its own.
 */

/** What an operator may upload here: videos only. */
export const INGEST_VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'] as const;
export type IngestVideoMime = (typeof INGEST_VIDEO_MIME_TYPES)[number];

/** The heights of the ladder's rungs; a source fills a rung when its shorter side is at least that tall. */
export const LADDER_HEIGHTS = [360, 720, 1080] as const;

/** POST /admin-api/uploads/check body (same fields as the app's /file/chunk/check, videos only). */
export interface IngestCheckBody {
  /** MD5 of the whole file, 32 lowercase hex. */
  fileId: string;
  fileName: string;
  fileSize: number;
  chunkSize: number;
  chunkCount: number;
  mime: IngestVideoMime;
}

/** A merged upload of the operator, ready to be attached to an episode by its fileId. */
export interface IngestFile {
  fileId: string;
  fileName: string;
  size: number;
}

export interface IngestCheckResult {
  /** Indexes of the chunks the server holds, ascending (a reload resumes from them). */
  uploaded: number[];
  /** Set when this operator already merged the same file: nothing to send. */
  done: IngestFile | null;
}

/** POST /admin-api/uploads/chunk?fileId=&index= with the chunk's bytes (application/octet-stream). */
export interface IngestChunkResult {
  index: number;
  /** Chunks held now. */
  received: number;
}

/** The job's state as the console shows it: 排队 (queued, or waiting for a retry), 处理中, 完成, 失败. */
export const JOB_STATES = ['queued', 'processing', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const JOB_STATE_LABELS: Record<JobState, string> = {
  queued: '排队',
  processing: '处理中',
  done: '完成',
  failed: '失败',
};

/** GET /admin-api/jobs/:id, and the job of the calls that queue one. */
export interface IngestJob {
  id: string;
  state: JobState;
  /** 0-100 while processing; 100 when done. */
  progress: number;
  /** Why it failed (zh-CN), when failed. */
  failure: string | null;
  /**
   * Whether 重试 may help: failed for a reason that may pass (a timeout, a worker that stopped) and
   * still the episode's job; never for a source ffmpeg cannot read, which fails the same way again.
   */
  retryable: boolean;
  /** Attempts started so far (a retry after a crash counts). */
  attempts: number;
  episodeId: number;
  /** When done: the rungs' heights, ascending (e.g. [360, 720]). */
  rungs: number[];
  /** When done: seconds. */
  durationS: number | null;
  /** When done: a frame of the video, a media key under a CDN line ("videos/<name>/poster.jpg"). */
  poster: string | null;
}

/** An episode as the ingest calls answer it. */
export interface IngestEpisode {
  id: number;
  movieId: number;
  number: number;
  title: string;
  /** 'waiting' (no video yet), 'processing', 'ready', 'failed'. */
  state: 'waiting' | 'processing' | 'ready' | 'failed';
  /** The video that plays (kept while a replacement is made); "videos/<name>". */
  video: string | null;
  rungs: number[];
  durationS: number;
  /** The job making its video now or last, if any. */
  jobId: string | null;
}

/** POST /admin-api/movies/:id/episodes {number, title, fileId?}: the episode and its job, if one was queued. */
export interface CreateEpisodeBody {
  number: number;
  title?: string;
  fileId?: string;
}

export interface EpisodeWithJob {
  episode: IngestEpisode;
  job: IngestJob | null;
}

/** POST /admin-api/episodes/:id/video {fileId}. */
export interface AttachVideoBody {
  fileId: string;
}

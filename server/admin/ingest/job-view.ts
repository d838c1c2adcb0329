/**
 * A ladder job as the console sees it (GET /admin-api/jobs/:id): pg-boss's state of the job with
 * its episode's progress and failure. 排队 while created or waiting for a retry, 处理中 while active,
 * 完成 when its ladder is the episode's video, 失败 when ffmpeg could not read the source, when the
 * attempts ran out, or when a newer job took its place.
 *
 * An episode whose last job pg-boss failed without our handler (its worker died on the last
 * attempt) still says 'processing': it is set to 'failed' when its job is read.
 */
import type { IngestEpisode, IngestJob, JobState } from '../../../contract/admin/ingest.ts';
import type { Db, Queryable } from '../../db/db.ts';
import type { JobQueue, JobRecord } from '../../jobs/job-queue.ts';
import {
  EPISODE_VIDEO_QUEUE,
  INTERRUPTED_REASON,
  type EpisodeVideoData,
  type EpisodeVideoOutput,
} from '../../media/episode-video-job.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SUPERSEDED = '已被更新的视频任务取代';

interface EpisodeRow extends IngestEpisode {
  progress: number;
  failure: string | null;
}

const EPISODE_COLUMNS = `id::int AS id, movie_id AS "movieId", number, title, state, video, rungs,
  duration_s AS "durationS", job_id AS "jobId", progress, failure`;

export function episodeById(q: Queryable, id: number): Promise<EpisodeRow | undefined> {
  return q.one<EpisodeRow>(`SELECT ${EPISODE_COLUMNS} FROM episodes WHERE id = $1`, [id]);
}

export const publicEpisode = ({ progress: _p, failure: _f, ...episode }: EpisodeRow): IngestEpisode => episode;

const stateOf = (job: JobRecord<EpisodeVideoData>, output: EpisodeVideoOutput | null): JobState => {
  switch (job.state) {
    case 'created':
    case 'retry':
      return 'queued';
    case 'active':
      return 'processing';
    case 'completed':
      return output?.failure || output?.superseded ? 'failed' : 'done';
    default:
      return 'failed';
  }
};

export function jobView(job: JobRecord<EpisodeVideoData>, episode: EpisodeRow | undefined): IngestJob {
  const output = (job.output ?? null) as EpisodeVideoOutput | null;
  const state = stateOf(job, output);
  const current = episode?.jobId === job.id;
  const failure =
    state !== 'failed'
      ? null
      : (output?.failure ?? (output?.superseded || !current ? SUPERSEDED : (episode?.failure ?? INTERRUPTED_REASON)));
  return {
    id: job.id,
    state,
    progress: state === 'done' ? 100 : state === 'processing' && current ? episode!.progress : 0,
    failure,
    retryable: state === 'failed' && current && !output?.failure && !output?.superseded,
    attempts: job.startedOn ? job.retryCount + 1 : 0,
    episodeId: job.data.episodeId,
    rungs: state === 'done' ? (output?.rungs ?? []) : [],
    durationS: state === 'done' ? (output?.durationS ?? null) : null,
    poster: state === 'done' ? (output?.poster ?? null) : null,
  };
}

/** The job and its view, or undefined when there is no such job. */
export async function readJob(
  db: Db,
  jobs: JobQueue,
  id: string,
): Promise<{ job: JobRecord<EpisodeVideoData>; view: IngestJob } | undefined> {
  await jobs.start();
  const job = await jobs.getJobById<EpisodeVideoData>(EPISODE_VIDEO_QUEUE, id);
  if (!job) return undefined;
  let episode = await episodeById(db, job.data.episodeId);
  let view = jobView(job, episode);
  if (view.state === 'failed' && episode?.jobId === id && episode.state === 'processing') {
    await db.query(
      `UPDATE episodes SET state = CASE WHEN video IS NULL THEN 'failed' ELSE 'ready' END,
         failure = COALESCE(failure, $3), progress = 0
       WHERE id = $1 AND job_id = $2 AND state = 'processing'`,
      [episode.id, id, view.failure],
    );
    episode = await episodeById(db, job.data.episodeId);
    view = jobView(job, episode);
  }
  return { job, view };
}

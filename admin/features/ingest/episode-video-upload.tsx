/**
 * <EpisodeVideoUpload movieId episodeId? episodeNumber? episodeTitle? jobId? onEpisode? onDone? />
 *
 * The console's video ingest for one episode: choose a file, upload it in chunks with a progress
 * bar (resumable: after a reload, choosing the same file again sends only the chunks the server
 * lacks), attach it (to `episodeId`, or to a new episode `episodeNumber` of the movie), then follow
 * the ladder job: 排队中 / 转码中 n% / 完成 with the rungs (360p · 720p) / 失败：reason with 重试.
 * The job being followed is remembered per episode, so a reload shows it again.
 */
import './ingest.css';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { IngestEpisode, IngestJob } from '../../../contract/admin/ingest.ts';
import { ProgressBar } from '../../../src/components/progress-bar.tsx';
import { adminMessages } from '../../admin-messages.ts';
import { uploadVideo, uploadWords, type UploadProgress } from './chunked-upload.ts';
import { attachVideo, createEpisode, fetchJob, retryJob } from './ingest-calls.ts';
import { ingestMessages as text } from './ingest-messages.ts';

export interface EpisodeVideoUploadProps {
  movieId: number;
  /** The episode whose video is attached or replaced; without it a new episode is created. */
  episodeId?: number;
  /** For a new episode: its number (default 1) and title. */
  episodeNumber?: number;
  episodeTitle?: string;
  /** A job to follow at once (the episode's jobId while it is being made). */
  jobId?: string | null;
  /** The episode, once created or given its new video. */
  onEpisode?: (episode: IngestEpisode) => void;
  /** The job, once it has ended as 完成. */
  onDone?: (job: IngestJob) => void;
  /** Every reading of the job while it is followed (the episode's row shows the same progress). */
  onJob?: (job: IngestJob) => void;
}

const POLL_MS = 1500;

interface Remembered {
  fileName: string;
  jobId: string | null;
}

const storageKey = (movieId: number, episodeId?: number, number?: number) =>
  `console.ingest.${movieId}.${episodeId ?? `new-${number ?? 1}`}`;

function recall(key: string): Remembered | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as Remembered | null;
  } catch {
    return null;
  }
}

function remember(key: string, value: Remembered | null): void {
  try {
    if (value) localStorage.setItem(key, JSON.stringify(value));
    else localStorage.removeItem(key);
  } catch {
    // private mode: nothing remembered
  }
}

export function EpisodeVideoUpload(props: EpisodeVideoUploadProps) {
  const { movieId, episodeId, episodeNumber, episodeTitle, onEpisode, onDone, onJob } = props;
  const key = storageKey(movieId, episodeId, episodeNumber);
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const [jobId, setJobId] = useState<string | null>(props.jobId ?? recall(key)?.jobId ?? null);
  const [job, setJob] = useState<IngestJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unfinished] = useState(() => recall(key));
  const abort = useRef<AbortController | null>(null);
  const doneFor = useRef<string | null>(null);
  // The latest callback, so a parent's new function each render does not restart the polling.
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const onJobRef = useRef(onJob);
  onJobRef.current = onJob;

  useEffect(() => {
    if (props.jobId) setJobId(props.jobId);
  }, [props.jobId]);

  // Follow the job until it ends.
  useEffect(() => {
    if (!jobId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await fetchJob(jobId);
        if (stopped) return;
        setJob(next);
        onJobRef.current?.(next);
        setError(null);
        if (next.state === 'done' && doneFor.current !== next.id) {
          doneFor.current = next.id;
          remember(key, null);
          onDoneRef.current?.(next);
        }
        if (next.state === 'done' || next.state === 'failed') return;
      } catch (failure) {
        if (stopped) return;
        setError(failure instanceof Error ? failure.message : adminMessages.loadFailed);
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId, key]);

  useEffect(() => () => abort.current?.abort(), []);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    setFile(event.target.files?.[0] ?? null);
    setError(null);
  }

  const start = useCallback(async () => {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    setError(null);
    setJob(null);
    setJobId(null);
    remember(key, { fileName: file.name, jobId: null });
    try {
      const merged = await uploadVideo(file, setUpload, controller.signal);
      const answer =
        episodeId === undefined
          ? await createEpisode(movieId, { number: episodeNumber ?? 1, title: episodeTitle, fileId: merged.fileId })
          : await attachVideo(episodeId, merged.fileId);
      onEpisode?.(answer.episode);
      setUpload(null);
      setFile(null);
      if (answer.job) {
        remember(key, { fileName: file.name, jobId: answer.job.id });
        setJob(answer.job);
        setJobId(answer.job.id);
      }
    } catch (failure) {
      setError(
        controller.signal.aborted
          ? text.cancelled
          : failure instanceof Error
            ? failure.message
            : adminMessages.loadFailed,
      );
      setUpload(null);
    } finally {
      setBusy(false);
      abort.current = null;
    }
  }, [file, key, episodeId, movieId, episodeNumber, episodeTitle, onEpisode]);

  async function retry() {
    if (!job) return;
    setBusy(true);
    setError(null);
    try {
      const next = await retryJob(job.id);
      remember(key, { fileName: unfinished?.fileName ?? '', jobId: next.id });
      setJob(next);
      setJobId(next.id);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : adminMessages.loadFailed);
    } finally {
      setBusy(false);
    }
  }

  const uploading = upload !== null;
  const jobRunning = job !== null && (job.state === 'queued' || job.state === 'processing');

  return (
    <div className="ingest" data-testid="episode-video-upload">
      {!uploading && !jobRunning && (
        <div className="ingest__pick">
          <label className="field">
            <span className="field__label">
              {episodeId !== undefined && job?.state === 'done' ? text.replace : text.choose}
            </span>
            <input
              className="field__input"
              type="file"
              accept="video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.m4v,.mov,.webm,.mkv"
              onChange={choose}
              disabled={busy}
            />
            <span className="field__hint">{text.chooseHint}</span>
          </label>
          <button
            className="button button--primary"
            type="button"
            disabled={!file || busy}
            onClick={() => void start()}
          >
            {text.start}
          </button>
        </div>
      )}
      {!uploading && !job && unfinished && !unfinished.jobId && unfinished.fileName && (
        <p className="ingest__note">{text.lastUnfinished(unfinished.fileName)}</p>
      )}
      {upload && <UploadStatus upload={upload} onCancel={() => abort.current?.abort()} />}
      {job && <JobStatus job={job} busy={busy} onRetry={() => void retry()} />}
      {error && (
        <p className="ingest__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function UploadStatus({ upload, onCancel }: { upload: UploadProgress; onCancel: () => void }) {
  const label = uploadWords(upload);
  return (
    <div className="ingest__status">
      <div className="ingest__row">
        <span className="ingest__label">{label}</span>
        {upload.phase !== 'merging' && (
          <button className="button button--small" type="button" onClick={onCancel}>
            {text.cancel}
          </button>
        )}
      </div>
      <ProgressBar className="ingest__bar" value={upload.done} max={upload.total} label={text.progressLabel} />
      {upload.resumed > 0 && <p className="ingest__note">{text.resumed(upload.resumed)}</p>}
    </div>
  );
}

function JobStatus({ job, busy, onRetry }: { job: IngestJob; busy: boolean; onRetry: () => void }) {
  if (job.state === 'done') {
    return (
      <div className="ingest__status ingest__status--done">
        <span className="badge badge--on">{text.done}</span>
        <span className="ingest__rungs">{text.rungs(job.rungs)}</span>
        {job.durationS !== null && <span className="ingest__note">{text.duration(job.durationS)}</span>}
      </div>
    );
  }
  if (job.state === 'failed') {
    return (
      <div className="ingest__status ingest__status--failed">
        <span className="ingest__failure" role="alert">
          {text.failed(job.failure ?? text.unknownFailure)}
        </span>
        {job.retryable ? (
          <button className="button button--small" type="button" disabled={busy} onClick={onRetry}>
            {busy ? text.retrying : text.retry}
          </button>
        ) : (
          <span className="ingest__note">{text.reupload}</span>
        )}
      </div>
    );
  }
  const processing = job.state === 'processing';
  return (
    <div className="ingest__status">
      <div className="ingest__row">
        <span className="ingest__label">{processing ? text.processing(job.progress) : text.queued}</span>
        {job.attempts > 1 && <span className="ingest__note">{text.attempts(job.attempts)}</span>}
      </div>
      <ProgressBar className="ingest__bar" value={processing ? job.progress : 0} max={100} label={text.jobLabel} />
    </div>
  );
}

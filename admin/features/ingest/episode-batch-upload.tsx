/**
 * <EpisodeBatchUpload movieId episodes onReload onJob />
 *
 * 批量上传分集: many videos chosen or dropped at once, each planned to an episode by the number in its
 * name (batch-plan.ts), shown first as a list the operator corrects (number, title, drop a file,
 * replace or skip an episode that has a video); files that are not videos are refused in words
 * before anything is sent. 开始上传 then sends them one after another through the same chunked
 * upload, creating the missing episodes or giving existing ones their video, each row with its
 * progress and then its ladder job (the table's state cell follows the same readings, `onJob`).
 * One failure does not stop the others; at the end N 个成功，M 个失败 with 重试 for the failed.
 * Leaving the page with a plan or a batch under way asks first.
 */
import './ingest.css';
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import type { IngestJob } from '../../../contract/admin/ingest.ts';
import { ProgressBar } from '../../../src/components/progress-bar.tsx';
import { adminMessages } from '../../admin-messages.ts';
import { useLeaveGuard } from '../../components/use-leave-guard.tsx';
import { checkRows, planBatch, tasksOf, type BatchPlan, type BatchTask, type ExistingEpisode } from './batch-plan.ts';
import { uploadVideo, uploadWords, type UploadProgress } from './chunked-upload.ts';
import { attachVideo, createEpisode, fetchJob, retryJob } from './ingest-calls.ts';
import { ingestMessages } from './ingest-messages.ts';

const text = ingestMessages.batch;
const POLL_MS = 2000;
const ACCEPT = 'video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.m4v,.mov,.webm,.mkv';

export interface EpisodeBatchUploadProps {
  movieId: number;
  episodes: readonly ExistingEpisode[];
  /** Reads the title again (a new episode, a finished job). */
  onReload: () => void;
  /** Every reading of an episode's job (the table's state cell shows the same). */
  onJob: (episodeId: number, job: IngestJob) => void;
}

/** One file's run: its upload, then its episode's job. */
interface Run {
  phase: 'waiting' | 'uploading' | 'creating' | 'made' | 'failed';
  upload: UploadProgress | null;
  error: string | null;
  episodeId: number | null;
  job: IngestJob | null;
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : adminMessages.loadFailed);
const jobEnded = (job: IngestJob | null) => job !== null && (job.state === 'done' || job.state === 'failed');
const failed = (run: Run | undefined) => run?.phase === 'failed' || run?.job?.state === 'failed';

export function EpisodeBatchUpload({ movieId, episodes, onReload, onJob }: EpisodeBatchUploadProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [plan, setPlan] = useState<BatchPlan | null>(null);
  // Set once started: the uploads, frozen, and each one's run by file key.
  const [tasks, setTasks] = useState<BatchTask[] | null>(null);
  const [runs, setRuns] = useState<Record<number, Run>>({});
  const [running, setRunning] = useState(false);
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const onJobRef = useRef(onJob);
  onJobRef.current = onJob;
  const onReloadRef = useRef(onReload);
  onReloadRef.current = onReload;

  const checks = plan ? checkRows(plan.rows, episodes) : [];
  const planned = plan && !tasks ? tasksOf(plan.rows, checks) : null;
  const leaveDialog = useLeaveGuard(
    running || (plan !== null && tasks === null && plan.rows.length > 0),
    running ? text.leave : text.leavePlan,
  );

  useEffect(() => () => abort.current?.abort(), []);

  // Follow the jobs of the episodes made, until each ends.
  const following = Object.values(runs)
    .filter((run) => run.job && !jobEnded(run.job))
    .map((run) => run.job!.id)
    .join(',');
  useEffect(() => {
    if (!following) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      for (const id of following.split(',')) {
        const job = await fetchJob(id).catch(() => null);
        if (stopped) return;
        if (!job) continue;
        onJobRef.current(job.episodeId, job);
        setRuns((all) => {
          const entry = Object.entries(all).find(([, run]) => run.job?.id === id);
          return entry ? { ...all, [entry[0]]: { ...entry[1], job } } : all;
        });
        if (jobEnded(job)) onReloadRef.current();
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [following]);

  function choose(chosen: File[]) {
    if (chosen.length === 0 || running) return;
    setFiles(chosen);
    setPlan(planBatch(chosen, episodes));
    setTasks(null);
    setRuns({});
  }

  function clear() {
    setFiles([]);
    setPlan(null);
    setTasks(null);
    setRuns({});
    if (input.current) input.current.value = '';
  }

  function edit(key: number, change: { number?: string; title?: string; replace?: boolean }) {
    setPlan((now) => now && { ...now, rows: now.rows.map((row) => (row.key === key ? { ...row, ...change } : row)) });
  }

  function drop(key: number) {
    setPlan((now) => now && { ...now, rows: now.rows.filter((row) => row.key !== key) });
  }

  const setRun = (key: number, change: Partial<Run>) =>
    setRuns((all) => ({ ...all, [key]: { ...(all[key] ?? blankRun), ...change } }));

  /** Sends `batch` one file after another; a failure is kept on its row and the next one goes on. */
  async function send(batch: BatchTask[]) {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    for (const task of batch) setRun(task.key, { ...blankRun });
    for (const task of batch) {
      if (controller.signal.aborted) {
        setRun(task.key, { phase: 'failed', error: text.stopped });
        continue;
      }
      try {
        setRun(task.key, { phase: 'uploading' });
        const merged = await uploadVideo(files[task.key]!, (upload) => setRun(task.key, { upload }), controller.signal);
        setRun(task.key, { phase: 'creating', upload: null });
        const answer =
          task.episodeId === null
            ? await createEpisode(movieId, { number: task.number, title: task.title, fileId: merged.fileId })
            : await attachVideo(task.episodeId, merged.fileId);
        setRun(task.key, { phase: 'made', episodeId: answer.episode.id, job: answer.job });
        if (answer.job) onJobRef.current(answer.episode.id, answer.job);
        onReloadRef.current();
      } catch (failure) {
        setRun(task.key, {
          phase: 'failed',
          upload: null,
          error: controller.signal.aborted ? text.stopped : messageOf(failure),
        });
      }
    }
    abort.current = null;
    setRunning(false);
  }

  function start() {
    if (!planned || planned.length === 0) return;
    setTasks(planned);
    void send(planned);
  }

  /** 重试: failed uploads are sent again (the server keeps their chunks), failed jobs queued again. */
  async function retry() {
    if (!tasks) return;
    const again = tasks.filter((task) => runs[task.key]?.phase === 'failed');
    for (const task of tasks) {
      const job = runs[task.key]?.job;
      if (job?.state !== 'failed' || !job.retryable) continue;
      try {
        const next = await retryJob(job.id);
        setRun(task.key, { job: next, error: null });
        onJobRef.current(next.episodeId, next);
      } catch (failure) {
        setRun(task.key, { error: messageOf(failure) });
      }
    }
    if (again.length > 0) await send(again);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    choose([...event.dataTransfer.files]);
  }

  const skipped = checks.filter((check) => check.action === 'skip').length;
  const ended = tasks !== null && !running;
  const failures = tasks?.filter((task) => failed(runs[task.key])).length ?? 0;
  const making = tasks?.filter((task) => runs[task.key]?.job && !jobEnded(runs[task.key]!.job)).length ?? 0;
  const retryable = tasks?.some((task) => {
    const run = runs[task.key];
    return run?.phase === 'failed' || (run?.job?.state === 'failed' && run.job.retryable);
  });

  return (
    <div className="batch-upload" data-testid="batch-upload">
      <h3>{text.heading}</h3>
      <p className="field__hint">{text.hint}</p>
      {!tasks && (
        <div
          className={`batch-upload__drop${dragging ? ' batch-upload__drop--over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <span>{dragging ? text.dropping : text.drop}</span>
          <label className="button batch-upload__choose">
            {text.choose}
            <input
              ref={input}
              className="batch-upload__input"
              type="file"
              multiple
              accept={ACCEPT}
              aria-label={text.chooseLabel}
              onChange={(event: ChangeEvent<HTMLInputElement>) => choose([...(event.target.files ?? [])])}
            />
          </label>
        </div>
      )}

      {plan && plan.refused.length > 0 && !tasks && (
        <div className="batch-upload__refused" role="alert">
          <p>{text.refusedHeading(plan.refused.length)}</p>
          <ul>
            {plan.refused.map((file) => (
              <li key={file.key}>
                <span className="batch-upload__name" title={file.name}>
                  {file.name}
                </span>
                ：{text.refused[file.reason]}
              </li>
            ))}
          </ul>
        </div>
      )}

      {plan && !tasks && plan.rows.length > 0 && (
        <>
          <div className="table-wrap">
            <table className="table batch-upload__table" data-testid="batch-plan">
              <thead>
                <tr>
                  <th>{text.number}</th>
                  <th>{text.file}</th>
                  <th>{text.title}</th>
                  <th>{text.note}</th>
                  <th aria-label={text.remove} />
                </tr>
              </thead>
              <tbody>
                {plan.rows.map((row, index) => {
                  const check = checks[index]!;
                  const problem =
                    check.problem === 'badNumber'
                      ? text.badNumber
                      : check.problem === 'duplicate'
                        ? text.sameNumber
                        : null;
                  const problemId = `batch-number-${row.key}`;
                  return (
                    <tr
                      key={row.key}
                      data-testid="batch-row"
                      className={check.action === 'skip' ? 'batch-upload__skip' : ''}
                    >
                      <td className="table__nowrap">
                        <span className="batch-upload__nth">第</span>
                        <input
                          className="field__input batch-upload__number"
                          inputMode="numeric"
                          aria-label={text.numberLabel(row.name)}
                          aria-invalid={problem !== null}
                          aria-describedby={problem ? problemId : undefined}
                          value={row.number}
                          onChange={(event) => edit(row.key, { number: event.target.value })}
                        />
                        <span className="batch-upload__nth">集</span>
                        {problem && (
                          <span className="batch-upload__problem" id={problemId}>
                            {problem}
                          </span>
                        )}
                      </td>
                      <td className="batch-upload__file">
                        <span className="batch-upload__name" title={row.name}>
                          {row.name}
                        </span>
                      </td>
                      <td>
                        {check.episode ? (
                          <span className="batch-upload__existing">{check.episode.title || '—'}</span>
                        ) : (
                          <input
                            className="field__input batch-upload__title"
                            aria-label={text.titleLabel(row.name)}
                            placeholder={check.number ? text.titlePlaceholder(check.number) : ''}
                            maxLength={100}
                            value={row.title}
                            onChange={(event) => edit(row.key, { title: event.target.value })}
                          />
                        )}
                      </td>
                      <td className="batch-upload__note">
                        {check.conflict ? (
                          <span className="batch-upload__conflict">
                            <span className="badge badge--warn">{text.conflict}</span>
                            <select
                              className="field__input batch-upload__choice"
                              aria-label={text.conflictLabel(row.name)}
                              value={row.replace ? 'replace' : 'skip'}
                              onChange={(event) => edit(row.key, { replace: event.target.value === 'replace' })}
                            >
                              <option value="skip">{text.skip}</option>
                              <option value="replace">{text.replace}</option>
                            </select>
                          </span>
                        ) : check.episode ? (
                          text.attach(check.episode.title)
                        ) : (
                          <span className="badge">{text.newEpisode}</span>
                        )}
                        {row.note && (
                          <span className="batch-upload__why">
                            {row.note === 'noNumber' ? text.noNumber : text.duplicate}
                          </span>
                        )}
                      </td>
                      <td>
                        <button
                          className="button button--small"
                          type="button"
                          aria-label={text.removeLabel(row.name)}
                          onClick={() => drop(row.key)}
                        >
                          {text.remove}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="batch-upload__actions">
            <button
              className="button button--primary"
              type="button"
              disabled={!planned || planned.length === 0}
              onClick={start}
            >
              {planned && planned.length > 0 ? text.start(planned.length) : text.nothing}
            </button>
            <button className="button" type="button" onClick={clear}>
              {text.clear}
            </button>
            {skipped > 0 && <span className="field__hint">{text.skipped(skipped)}</span>}
          </div>
        </>
      )}

      {tasks && (
        <>
          <ul className="batch-upload__runs" data-testid="batch-runs">
            {tasks.map((task) => (
              <RunRow key={task.key} task={task} run={runs[task.key] ?? blankRun} />
            ))}
          </ul>
          <div className="batch-upload__actions">
            {running ? (
              <>
                <span className="ingest__label" role="status">
                  {text.running(
                    tasks.filter((task) => (runs[task.key]?.phase ?? 'waiting') !== 'waiting').length,
                    tasks.length,
                  )}
                </span>
                <button className="button" type="button" onClick={() => abort.current?.abort()}>
                  {text.stop}
                </button>
              </>
            ) : (
              ended && (
                <>
                  <span className="batch-upload__summary" role="status" data-testid="batch-summary">
                    {text.summary(tasks.length - failures, failures)}
                    {making > 0 && `（${text.stillMaking(making)}）`}
                  </span>
                  {retryable && (
                    <button className="button" type="button" aria-label={text.retryLabel} onClick={() => void retry()}>
                      {text.retryFailed}
                    </button>
                  )}
                  <button className="button" type="button" onClick={clear}>
                    {text.close}
                  </button>
                </>
              )
            )}
          </div>
        </>
      )}
      {leaveDialog}
    </div>
  );
}

const blankRun: Run = { phase: 'waiting', upload: null, error: null, episodeId: null, job: null };

function RunRow({ task, run }: { task: BatchTask; run: Run }) {
  const state = stateOf(run);
  const bar =
    run.phase === 'uploading' && run.upload
      ? { value: run.upload.done, max: run.upload.total, label: ingestMessages.progressLabel }
      : run.job && (run.job.state === 'queued' || run.job.state === 'processing')
        ? { value: run.job.state === 'processing' ? run.job.progress : 0, max: 100, label: ingestMessages.jobLabel }
        : null;
  return (
    <li className={`batch-upload__run batch-upload__run--${state.tone}`} data-testid="batch-run">
      <div className="batch-upload__run-head">
        <span className="batch-upload__nth-label">{text.nth(task.number)}</span>
        <span className="batch-upload__name" title={task.name}>
          {task.name}
        </span>
        <span className="batch-upload__state">{state.text}</span>
      </div>
      {bar && <ProgressBar className="ingest__bar" value={bar.value} max={bar.max} label={bar.label} />}
      {run.error && run.phase !== 'failed' && <span className="batch-upload__problem">{run.error}</span>}
    </li>
  );
}

function stateOf(run: Run): { text: string; tone: 'idle' | 'busy' | 'done' | 'failed' } {
  if (run.phase === 'failed')
    return { text: ingestMessages.failed(run.error ?? ingestMessages.unknownFailure), tone: 'failed' };
  if (run.phase === 'waiting') return { text: text.waiting, tone: 'idle' };
  if (run.phase === 'creating') return { text: text.creating, tone: 'busy' };
  if (run.phase === 'uploading') {
    const upload = run.upload;
    if (!upload) return { text: ingestMessages.hashing(0), tone: 'busy' };
    return { text: uploadWords(upload), tone: 'busy' };
  }
  const job = run.job;
  if (!job) return { text: ingestMessages.done, tone: 'done' };
  if (job.state === 'done')
    return { text: `${ingestMessages.done} · ${ingestMessages.rungs(job.rungs)}`, tone: 'done' };
  if (job.state === 'failed') {
    const why = ingestMessages.failed(job.failure ?? ingestMessages.unknownFailure);
    return { text: job.retryable ? why : `${why}（${text.notRetryable}）`, tone: 'failed' };
  }
  return {
    text: job.state === 'processing' ? ingestMessages.processing(job.progress) : ingestMessages.queued,
    tone: 'busy',
  };
}

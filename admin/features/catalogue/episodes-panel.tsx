/**
 * 分集: the title's episodes by number (第N集, title, duration, the ladder's rungs, state with
 * progress or the failure), each renamed or renumbered in place, deleted after a confirmation, and
 * given a video by the ingest component (upload, then the ladder job); below, a new episode by
 * number and title, with its video or without one yet, and 批量上传分集 (many videos at once, each to
 * the episode its file name numbers; offered to operators of every site, who may change titles).
 * While an episode is being made the table refreshes itself.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminEpisode, AdminMovie } from '../../../contract/admin/catalogue.ts';
import type { IngestJob } from '../../../contract/admin/ingest.ts';
import { adminMessages } from '../../admin-messages.ts';
import { usePolling } from '../../components/use-polling.ts';
import { useEverySite } from '../../session/every-site.ts';
import { EpisodeBatchUpload } from '../ingest/episode-batch-upload.tsx';
import { EpisodeVideoUpload } from '../ingest/episode-video-upload.tsx';
import { createEpisode } from '../ingest/ingest-calls.ts';
import { ingestMessages as ingestText } from '../ingest/ingest-messages.ts';
import { deleteEpisode, patchEpisode } from './catalogue-calls.ts';
import { formatDuration } from './catalogue-format.ts';
import { catalogueMessages, EPISODE_STATE_LABELS } from './catalogue-messages.ts';

const text = catalogueMessages.episodes;
const REFRESH_MS = 3000;

interface PanelProps {
  movie: AdminMovie;
  onChange: (movie: AdminMovie) => void;
  onReload: () => Promise<void>;
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : adminMessages.loadFailed);

export function EpisodesPanel({ movie, onChange, onReload }: PanelProps) {
  const [open, setOpen] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ id: number; number: string; title: string } | null>(null);
  const [removing, setRemoving] = useState<AdminEpisode | null>(null);
  const [error, setError] = useState<{ id: number | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const next = movie.episodes.reduce((max, episode) => Math.max(max, episode.number), 0) + 1;
  const [number, setNumber] = useState(String(next));
  const [title, setTitle] = useState('');
  // A new episode's job is followed in its own row; the form below starts afresh for the next one.
  const [jobs, setJobs] = useState<Record<number, string>>({});
  const [addKey, setAddKey] = useState(0);
  // The progress of a job followed in an open row, as that row's readout polls it: the episode's
  // state cell shows the same figure rather than the table's older one, until the job is done (the
  // episode turns ready a moment before its job does: the two then said 可播放 and 转码中 94 %).
  const [live, setLive] = useState<Record<number, IngestJob>>({});
  const follow = useCallback(
    (episodeId: number, job: IngestJob) => setLive((shown) => ({ ...shown, [episodeId]: job })),
    [],
  );
  const everySite = useEverySite();
  const stateText = (episode: AdminEpisode): string => {
    const job = live[episode.id];
    if (job?.state === 'queued') return ingestText.queued;
    if (job?.state === 'processing') return ingestText.processing(job.progress);
    const label = EPISODE_STATE_LABELS[episode.state];
    return episode.state === 'processing' ? `${label} ${text.progress(episode.progress)}` : label;
  };
  const processing = movie.episodes.some((episode) => episode.state === 'processing');
  // Episodes made elsewhere (a batch upload) move the number the form offers to the next one after
  // the last, unless the operator typed a number of their own that is still free.
  const episodes = movie.episodes;
  const offered = useRef(String(next));
  useEffect(() => {
    const before = offered.current;
    const mine = (shown: string) =>
      shown !== before && !episodes.some((episode) => String(episode.number) === shown.trim());
    offered.current = String(next);
    setNumber((shown) => (mine(shown) ? shown : String(next)));
  }, [episodes, next]);

  usePolling(processing, onReload, REFRESH_MS);

  async function act(id: number | null, call: () => Promise<AdminMovie | void>) {
    setBusy(true);
    setError(null);
    try {
      const answer = await call();
      if (answer) onChange(answer);
      return true;
    } catch (failure) {
      setError({ id, message: messageOf(failure) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function saveEdit() {
    if (!editing) return;
    const episode = movie.episodes.find((e) => e.id === editing.id);
    const patch: { number?: number; title?: string } = {};
    if (episode && Number(editing.number) !== episode.number) patch.number = Number(editing.number);
    if (episode && editing.title.trim() !== episode.title) patch.title = editing.title.trim();
    if (Object.keys(patch).length === 0) return setEditing(null);
    if (await act(editing.id, () => patchEpisode(editing.id, patch))) setEditing(null);
  }

  async function addEmpty() {
    const ok = await act(null, async () => {
      await createEpisode(movie.id, { number: Number(number), title: title.trim() });
      await onReload();
    });
    if (ok) {
      setNumber(String(Number(number) + 1));
      setTitle('');
    }
  }

  return (
    <section className="catalogue-card episodes-panel" aria-labelledby="episodes-heading">
      <h2 className="catalogue-card__title" id="episodes-heading">
        {catalogueMessages.groups.episodes}（{movie.episodes.length}）
      </h2>
      <div className="table-wrap">
        <table className="table table--hover catalogue__table episodes-panel__table">
          <thead>
            <tr>
              <th>{text.number}</th>
              <th>{text.title}</th>
              <th>{text.duration}</th>
              <th>{text.rungs}</th>
              <th>{text.state}</th>
              <th>{text.actions}</th>
            </tr>
          </thead>
          <tbody>
            {movie.episodes.map((episode) => {
              const edit = editing?.id === episode.id ? editing : null;
              return [
                <tr key={episode.id} data-testid={`episode-${episode.number}`}>
                  <td className="table__nowrap">
                    {edit ? (
                      <input
                        className="field__input episodes-panel__number"
                        aria-label={text.number}
                        inputMode="numeric"
                        value={edit.number}
                        onChange={(event) => setEditing({ ...edit, number: event.target.value })}
                      />
                    ) : (
                      text.nth(episode.number)
                    )}
                  </td>
                  <td>
                    {edit ? (
                      <input
                        className="field__input"
                        aria-label={text.title}
                        value={edit.title}
                        onChange={(event) => setEditing({ ...edit, title: event.target.value })}
                      />
                    ) : (
                      episode.title || '—'
                    )}
                  </td>
                  <td className="table__nowrap">{formatDuration(episode.durationS)}</td>
                  <td className="table__nowrap">
                    {episode.rungs.length > 0 ? episode.rungs.map((r) => `${r}p`).join(' · ') : '—'}
                  </td>
                  <td>
                    <span className={`episode-state episode-state--${episode.state}`}>{stateText(episode)}</span>
                    {episode.state === 'failed' && episode.failure && (
                      <span className="episodes-panel__failure">{episode.failure}</span>
                    )}
                  </td>
                  <td className="episodes-panel__actions">
                    {edit ? (
                      <>
                        <button
                          className="button button--primary"
                          type="button"
                          disabled={busy}
                          onClick={() => void saveEdit()}
                        >
                          {text.save}
                        </button>
                        <button className="button" type="button" onClick={() => setEditing(null)}>
                          {text.cancel}
                        </button>
                      </>
                    ) : (
                      <>
                        <button
                          className="button"
                          type="button"
                          onClick={() =>
                            setEditing({ id: episode.id, number: String(episode.number), title: episode.title })
                          }
                        >
                          {text.edit}
                        </button>
                        <button
                          className="button"
                          type="button"
                          aria-expanded={open === episode.id}
                          onClick={() => setOpen(open === episode.id ? null : episode.id)}
                        >
                          {open === episode.id ? text.close : episode.hasVideo ? text.replace : text.video}
                        </button>
                        <button className="button catalogue-danger" type="button" onClick={() => setRemoving(episode)}>
                          {text.remove}
                        </button>
                      </>
                    )}
                  </td>
                </tr>,
                error?.id === episode.id && removing?.id !== episode.id && (
                  <tr key={`${episode.id}-error`}>
                    <td colSpan={6}>
                      <span className="catalogue-error" role="alert">
                        {error.message}
                      </span>
                    </td>
                  </tr>
                ),
                open === episode.id && (
                  <tr
                    key={`${episode.id}-video`}
                    className="episodes-panel__video-row"
                    data-testid={`episode-${episode.number}-video`}
                  >
                    <td colSpan={6}>
                      <EpisodeVideoUpload
                        movieId={movie.id}
                        episodeId={episode.id}
                        jobId={
                          jobs[episode.id] ??
                          (episode.state === 'processing' || episode.state === 'failed' ? episode.jobId : null)
                        }
                        onEpisode={() => void onReload()}
                        onDone={() => void onReload()}
                        onJob={(job) => follow(episode.id, job)}
                      />
                    </td>
                  </tr>
                ),
              ];
            })}
          </tbody>
        </table>
        {movie.episodes.length === 0 && <p className="table__status">{text.none}</p>}
      </div>

      <div className="episodes-panel__add">
        <h3>{text.add}</h3>
        <div className="episodes-panel__add-fields">
          <label className="field">
            <span className="field__label">{text.number}</span>
            <input
              className="field__input episodes-panel__number"
              inputMode="numeric"
              value={number}
              onChange={(event) => setNumber(event.target.value)}
            />
          </label>
          <label className="field episodes-panel__add-title">
            <span className="field__label">{text.title}</span>
            <input className="field__input" value={title} onChange={(event) => setTitle(event.target.value)} />
          </label>
          <button className="button" type="button" disabled={busy} onClick={() => void addEmpty()}>
            {text.addEmpty}
          </button>
        </div>
        <p className="field__hint">{text.addHint}</p>
        <EpisodeVideoUpload
          key={addKey}
          movieId={movie.id}
          episodeNumber={Number(number) || next}
          episodeTitle={title.trim()}
          onEpisode={(episode) => {
            if (episode.jobId) setJobs((known) => ({ ...known, [episode.id]: episode.jobId! }));
            setOpen(episode.id);
            setNumber(String(episode.number + 1));
            setTitle('');
            setAddKey((n) => n + 1);
            void onReload();
          }}
        />
        {error?.id === null && (
          <p className="catalogue-error" role="alert">
            {error.message}
          </p>
        )}
      </div>
      {everySite && (
        <EpisodeBatchUpload
          movieId={movie.id}
          episodes={movie.episodes}
          onReload={() => void onReload()}
          onJob={follow}
        />
      )}

      {removing && (
        <div className="catalogue-dialog__backdrop">
          <div className="catalogue-dialog" role="dialog" aria-modal="true" aria-labelledby="remove-heading">
            <h2 id="remove-heading">{text.confirmHeading(removing.number)}</h2>
            <p>{text.confirmBody}</p>
            {error?.id === removing.id && (
              <p className="catalogue-error" role="alert">
                {error.message}
              </p>
            )}
            <div className="catalogue-dialog__actions">
              <button className="button" type="button" onClick={() => setRemoving(null)}>
                {text.cancel}
              </button>
              <button
                className="button button--primary catalogue-danger--solid"
                type="button"
                disabled={busy}
                onClick={async () => {
                  if (await act(removing.id, () => deleteEpisode(removing.id))) setRemoving(null);
                }}
              >
                {text.confirm}
              </button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * 发布: the title's state (草稿 / 已发布 / 定时 <time> / 已下架) with its times, and the actions that
 * fit it: 立即发布, 下架 (asked, then 撤销 for a few seconds), and 定时发布 at a Beijing time typed in a datetime-local box. Disabled
 * while the form has unsaved changes, so what goes out is what was saved.
 */
import { useState } from 'react';
import type { AdminMovie, MoviePatch } from '../../../contract/admin/catalogue.ts';
import { consoleTime, fromZoneInput, toZoneInput } from '../../components/console-time.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { useUndoToast } from '../../components/use-undo-toast.tsx';
import { statusLabel } from './catalogue-format.ts';
import { catalogueMessages as text } from './catalogue-messages.ts';

interface PublishCardProps {
  movie: AdminMovie;
  busy: boolean;
  dirty: boolean;
  error: string | null;
  onPatch: (patch: MoviePatch) => Promise<boolean>;
}

export function PublishCard({ movie, busy, dirty, error, onPatch }: PublishCardProps) {
  const [at, setAt] = useState(() => toZoneInput(Math.max(movie.publishedAt, Date.now() + 3600_000)));
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = movie.shownStatus;
  const live = shown === 'published' || shown === 'scheduled';
  const confirm = useConfirm();

  const undo = useUndoToast();

  async function unpublish() {
    const question = { title: text.unpublish, text: text.unpublishConfirm(movie.title), confirm: text.unpublish };
    if (!(await confirm.ask(question))) return;
    // 撤销 puts the publication back as it was: published at its time, or scheduled.
    const before: MoviePatch = { status: movie.status, publishedAt: movie.publishedAt };
    if (await onPatch({ status: 'unpublished' }))
      undo.show(text.unpublishedOne(movie.title), async () => {
        if (!(await onPatch(before))) throw new Error(text.undoFailed);
      });
  }

  function publishNow() {
    setLocalError(null);
    // An unpublished title that had gone out keeps its date; anything else goes out now.
    const keepDate = movie.status === 'unpublished' && movie.publishedAt <= Date.now();
    void onPatch(keepDate ? { status: 'published' } : { status: 'published', publishedAt: Date.now() });
  }

  function schedule() {
    const time = fromZoneInput(at);
    if (time === null || time <= Date.now()) return setLocalError(text.scheduleNeedsTime);
    setLocalError(null);
    void onPatch({ status: 'published', publishedAt: time });
  }

  const disabled = busy || dirty;
  return (
    <div className="catalogue-card" aria-label={text.publication}>
      {confirm.dialog}
      {undo.toast}
      <h2 className="catalogue-card__title">{text.publication}</h2>
      <p>
        <span className={`catalogue-status catalogue-status--${shown}`} data-testid="movie-status">
          {statusLabel(shown, movie.publishedAt)}
        </span>
      </p>
      {movie.status !== 'draft' && (
        <p className="catalogue__muted">{text.publishedAt(consoleTime(movie.publishedAt))}</p>
      )}
      <p className="catalogue__muted">{text.updatedAt(consoleTime(movie.updatedAt))}</p>
      <div className="catalogue-card__actions">
        {shown !== 'published' && (
          <button className="button button--primary" type="button" disabled={disabled} onClick={publishNow}>
            {text.publish}
          </button>
        )}
        {live && (
          <button className="button" type="button" disabled={disabled} onClick={() => void unpublish()}>
            {text.unpublish}
          </button>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="schedule-at">
          {text.scheduleAt}
        </label>
        <div className="catalogue-card__row">
          <input
            id="schedule-at"
            className="field__input"
            type="datetime-local"
            value={at}
            onChange={(event) => setAt(event.target.value)}
          />
          <button className="button" type="button" disabled={disabled} onClick={schedule}>
            {text.schedule}
          </button>
        </div>
      </div>
      {dirty && <p className="field__hint">{text.unsavedFirst}</p>}
      {(localError ?? error) && (
        <p className="catalogue-error" role="alert">
          {localError ?? error}
        </p>
      )}
    </div>
  );
}

/**
 * 删除影片, the editor's danger zone: for a title visitors cannot see (草稿 or 已下架) a button that
 * asks in the console's dialog and, once the server deleted it, goes back to the list with a notice;
 * a published or scheduled one says to take it down first. The server's refusal (bought by someone,
 * an episode transcoding) shows in the dialog. Only an operator of every site sees it (titles are
 * shared; the server answers 403 to the others).
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { AdminMovie } from '../../../contract/admin/catalogue.ts';
import { ConsoleDialog } from '../../components/console-dialog.tsx';
import { messageOf } from '../../components/use-load.ts';
import { deleteMovie } from './catalogue-calls.ts';
import { catalogueMessages } from './catalogue-messages.ts';
import { leaveDeletedNotice } from './deleted-notice.ts';

const text = catalogueMessages.remove;

export function DeleteCard({ movie }: { movie: AdminMovie }) {
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = movie.status === 'published';

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await deleteMovie(movie.id);
      leaveDeletedNotice(text.done(movie.title));
      navigate('/');
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <div className="catalogue-card catalogue-card--danger" aria-label={text.heading}>
      <h2 className="catalogue-card__title">{text.heading}</h2>
      <p className="catalogue__muted">{live ? text.live : text.hint}</p>
      <button
        className="button button--danger"
        type="button"
        disabled={live}
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        {text.button}
      </button>
      {asking && (
        <ConsoleDialog
          title={text.question(movie.title)}
          onClose={() => setAsking(false)}
          onSubmit={() => void remove()}
          busy={busy}
          error={error}
          submitLabel={text.confirm}
          busyLabel={text.busy}
          tone="danger-solid"
          testId="delete-movie-dialog"
        >
          <p>{text.text(movie.episodes.length)}</p>
        </ConsoleDialog>
      )}
    </div>
  );
}

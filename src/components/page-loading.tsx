import { shellMessages } from '../shell-messages.ts';

/** Shown while a screen's code or data loads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{shellMessages.app.loading}</span>
    </div>
  );
}

/** A visible failure with a retry button (a whole screen's content, or compact under a list). */
import '../styles/content.css';
import { useFirstPaintHandover } from './page/first-paint.ts';
import { messages } from '../messages.ts';

export function ErrorState({
  error,
  onRetry,
  compact = false,
}: {
  error: Error | null;
  onRetry: () => void;
  compact?: boolean;
}) {
  useFirstPaintHandover(); // the server's first paint must not hide a failure
  return (
    <div className={compact ? 'error-state error-state--compact' : 'error-state'} role="alert">
      <p className="error-state__title">{messages.content.loadFailed}</p>
      {error?.message && <p className="error-state__detail">{error.message}</p>}
      <button type="button" className="button button--ghost error-state__retry" onClick={onRetry}>
        {messages.content.retry}
      </button>
    </div>
  );
}

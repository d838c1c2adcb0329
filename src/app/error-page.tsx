/**
 * The error page of docs/spec.md section 2: a 404 says the page does not exist, anything else that
 * something went wrong; both prompt to return home with a button to "/". The technical message is
 * shown small. Crawlers (docs/spec.md section 8) get the plain message without the page.
 */
import { navigate } from 'wouter/use-browser-location';
import { isBot } from '../lib/platform.ts';
import { shellMessages } from '../shell-messages.ts';
import { NotFoundError } from '../components/page/not-found-error.ts';
import { paths } from '../lib/route-paths.ts';
import { isChunkLoadError } from './chunk-reload.ts';

const technicalMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function ErrorPage({ error, onHome }: { error: unknown; onHome?: () => void }) {
  const message = technicalMessage(error);
  if (typeof navigator !== 'undefined' && isBot(navigator.userAgent)) {
    return <p className="error-plain">{message}</p>;
  }
  const notFound = error instanceof NotFoundError;
  const goHome = onHome ?? (() => navigate(paths.home()));
  if (isChunkLoadError(error)) {
    // The screen's code did not arrive (offline on a screen not opened before, or a build file gone).
    return (
      <main className="error-page">
        <div className="error-page__art" aria-hidden="true">
          !
        </div>
        <h1 className="error-page__title">{shellMessages.errors.loadFailedTitle}</h1>
        <p className="error-page__prompt">{shellMessages.errors.loadFailedPrompt}</p>
        <button type="button" className="button button--primary error-page__button" onClick={() => location.reload()}>
          {shellMessages.errors.retry}
        </button>
        <button type="button" className="button error-page__button" onClick={goHome}>
          {shellMessages.errors.backHome}
        </button>
      </main>
    );
  }
  return (
    <main className="error-page">
      <div className="error-page__art" aria-hidden="true">
        {notFound ? '404' : '!'}
      </div>
      <h1 className="error-page__title">
        {notFound ? shellMessages.errors.notFoundTitle : shellMessages.errors.genericTitle}
      </h1>
      <p className="error-page__prompt">{shellMessages.errors.backHomePrompt}</p>
      <button type="button" className="button button--primary error-page__button" onClick={goHome}>
        {shellMessages.errors.backHome}
      </button>
      <p className="error-page__detail">{message}</p>
    </main>
  );
}

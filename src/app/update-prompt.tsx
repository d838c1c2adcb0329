/**
 * The "发现新版本" prompt: shown while a new build's worker waits (app/sw-registration.ts).
 * 立即更新 activates it and the page reloads into the new build, after a playing video stops;
 * 稍后 hides it until the next page load.
 */
import { useSnapshot } from 'valtio/react';
import { Svg } from '../components/icons.tsx';
import { pwaMessages } from './pwa-messages.ts';
import { acceptUpdate, postponeUpdate, updateState } from './sw-registration.ts';

const t = pwaMessages.update;

export function UpdatePrompt() {
  const { ready, accepted, waitingForVideo } = useSnapshot(updateState);
  if (!ready && !accepted) return null;
  return (
    <section className="pwa-card" role="alertdialog" aria-labelledby="update-title" data-testid="update-prompt">
      <Svg className="pwa-card__icon">
        <path d="M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5" />
        <path d="M5 17v1.5A2.5 2.5 0 0 0 7.5 21h9a2.5 2.5 0 0 0 2.5-2.5V17" />
      </Svg>
      <div className="pwa-card__body">
        <h2 id="update-title" className="pwa-card__title">
          {t.title}
        </h2>
        <p className="pwa-card__text">{waitingForVideo ? t.afterVideo : t.text}</p>
      </div>
      {!accepted && (
        <div className="pwa-card__actions">
          <button type="button" className="button button--ghost pwa-card__button" onClick={postponeUpdate}>
            {t.later}
          </button>
          <button
            type="button"
            className="button button--primary pwa-card__button"
            onClick={acceptUpdate}
            data-testid="update-now"
          >
            {t.now}
          </button>
        </div>
      )}
    </section>
  );
}

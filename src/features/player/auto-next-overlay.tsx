/**
 * The overlay at the end of a series' episode when there is a next one: 即将播放 第N集, a 5 s
 * countdown, 取消 (stays on the ended episode) and 立即播放. At 0 the next episode plays.
 */
import './series-overlays.css';
import type { EpisodeBrief } from '../../../contract/calls/content.ts';
import { episodeMessages } from '../movies/episode-messages.ts';
import { seriesMessages as t } from './series-messages.ts';
import { AUTO_NEXT_SECONDS, useCountdown } from './use-auto-next.ts';

interface AutoNextOverlayProps {
  next: EpisodeBrief;
  onPlay: () => void;
  onCancel: () => void;
}

export function AutoNextOverlay({ next, onPlay, onCancel }: AutoNextOverlayProps) {
  const left = useCountdown(AUTO_NEXT_SECONDS, onPlay);
  return (
    <div
      className="play-overlay play-overlay--next"
      role="dialog"
      aria-label={t.upNext(episodeMessages.label(next.number, next.title))}
      data-testid="auto-next"
      onClick={(event) => event.stopPropagation()}
    >
      <p className="play-overlay__title">{t.upNext(episodeMessages.label(next.number, next.title))}</p>
      <p className="play-overlay__hint" data-testid="auto-next-countdown">
        {t.countdown(Math.max(0, left))}
      </p>
      <div className="play-overlay__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} data-testid="auto-next-cancel">
          {t.cancel}
        </button>
        <button type="button" className="button button--primary" onClick={onPlay} data-testid="auto-next-play">
          {t.playNow}
        </button>
      </div>
    </div>
  );
}

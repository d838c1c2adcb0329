/**
 * The overlay at the end of a trial: what unlocks the full film, with a link to the film's page
 * beside it (one row: a phone's player has about 80 px between its title bar and control bar, and
 * the overlay leaves the control bar in sight, series-overlays.css). A VIP film offers 开通 VIP; a
 * coin film offers its purchase (N 金币购买, the purchases feature's confirm and call), since VIP
 * does not open a priced film (server/db/access.ts). After a purchase `onPurchased` lets the page
 * fetch the full stream, which plays on from where the trial ended.
 */
import './series-overlays.css';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import type { MovieDetail } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { messages } from '../../messages.ts';
import { shellMessages } from '../../shell-messages.ts';
import { purchaseMessages } from '../purchases/purchase-messages.ts';
import { seriesMessages } from './series-messages.ts';
import { loadChunk } from '../../lib/load-chunk.ts';

const PurchaseButton = lazy(() => loadChunk(() => import('../purchases/purchase-button.tsx')));
const p = messages.play;

interface TrialEndOverlayProps {
  movie: Pick<MovieDetail, 'id' | 'title' | 'access' | 'priceCoins'>;
  onPurchased: () => void;
}

export function TrialEndOverlay({ movie, onPurchased }: TrialEndOverlayProps) {
  const coins = movie.access === 'coins';
  const buy = purchaseMessages.purchase.buy(movie.priceCoins);
  return (
    <div
      className="play-overlay"
      role="dialog"
      aria-label={p.trialEnded}
      data-testid="trial-ended"
      onClick={(event) => event.stopPropagation()}
    >
      <p className="play-overlay__title">{p.trialEnded}</p>
      <p className="play-overlay__hint">{coins ? seriesMessages.trialEndedCoins : p.trialEndedHint}</p>
      <div className="play-overlay__actions">
        {coins ? (
          <Suspense fallback={<span className="button button--primary is-disabled">{buy}</span>}>
            <PurchaseButton
              kind="movie"
              id={movie.id}
              price={movie.priceCoins}
              title={movie.title}
              label={buy}
              onPurchased={onPurchased}
            />
          </Suspense>
        ) : (
          <Link href={paths.mineVip()} className="button button--primary">
            {p.openVip}
          </Link>
        )}
        <Link href={paths.movie(movie.id)} className="play-overlay__link">
          {shellMessages.titles.movieDetail}
        </Link>
      </div>
    </div>
  );
}

/**
 * What the viewer may do with a movie: play it (free, VIP viewer, purchased; the button says
 * 继续观看 or 重新播放 where the watch history has the viewer in it: play-offer.ts), or, when they may
 * not, a trial (VIP movies: "VIP 专享 · 可试看 N 秒" and a link to /mine/vip) or "N 金币购买"
 * (coins movies: src/features/purchases/purchase-button.tsx, loaded only here and only then; a purchase opens
 * the gate at once). The server enforces all of it; this only explains.
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import type { MovieDetail } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { messages } from '../../messages.ts';
import { IconFilm } from '../../components/icons.tsx';
import { IconLock } from '../../components/post-icons.tsx';
import { loadChunk } from '../../lib/load-chunk.ts';
import { formatClock } from '../../lib/format.ts';
import { episodeMessages } from './episode-messages.ts';
import type { PlayOffer } from './play-offer.ts';

const PurchaseButton = lazy(() => loadChunk(() => import('../purchases/purchase-button.tsx')));

type GateMovie = Pick<MovieDetail, 'id' | 'title' | 'access' | 'canPlay' | 'trialSeconds' | 'priceCoins'>;

/** The play button's words and address for an offer; a series names its episode. */
function offered(movieId: number, offer: PlayOffer, series: boolean): { label: string; href: string } {
  const d = messages.movieDetail;
  const e = episodeMessages;
  const at = (episode: number) => (series ? paths.moviePlay(movieId, episode) : paths.moviePlay(movieId));
  switch (offer.kind) {
    case 'start':
      return { label: d.play, href: paths.moviePlay(movieId) };
    case 'resume':
      return {
        label: series ? e.resume(offer.episode, formatClock(offer.position)) : d.resume(formatClock(offer.position)),
        href: at(offer.episode),
      };
    case 'next':
      return { label: e.resumeNext(offer.episode), href: at(offer.episode) };
    case 'replay':
      return { label: d.replay, href: at(offer.episode) };
  }
}

interface MovieGateProps {
  movie: GateMovie;
  /** Where the viewer is in the title (none: 立即播放). */
  offer?: PlayOffer;
  /** A series names the episode it offers. */
  series?: boolean;
}

export function MovieGate({ movie, offer = { kind: 'start' }, series = false }: MovieGateProps) {
  const d = messages.movieDetail;
  const [bought, setBought] = useState(false);
  const canPlay = movie.canPlay || bought;
  const trial = !canPlay && movie.trialSeconds > 0;
  const playable = canPlay || trial;
  // A trial always starts at the beginning: the offer is the full film's.
  const play = offered(movie.id, canPlay ? offer : { kind: 'start' }, series);
  return (
    <div className="movie-gate" data-testid="movie-gate">
      {playable ? (
        <Link href={play.href} className="button button--primary movie-gate__play" data-testid="play-button">
          <IconFilm className="movie-gate__play-icon" />
          {trial ? d.playTrial : play.label}
        </Link>
      ) : (
        <span className="button button--primary movie-gate__play is-disabled" aria-disabled="true">
          <IconLock className="movie-gate__play-icon" />
          {d.play}
        </span>
      )}

      {!canPlay && movie.access === 'vip' && (
        <p className="movie-gate__note">
          <span className="media-badge media-badge--vip">{d.vipOnly}</span>
          {movie.trialSeconds > 0 && <span>{d.trialNote(movie.trialSeconds)}</span>}
          <Link href={paths.mineVip()} className="movie-gate__link">
            {d.openVip}
          </Link>
        </p>
      )}
      {!canPlay && movie.access === 'coins' && (
        <div className="movie-gate__buy">
          <Suspense
            fallback={<span className="button button--ghost is-disabled">{d.buyWithCoins(movie.priceCoins)}</span>}
          >
            <PurchaseButton
              kind="movie"
              id={movie.id}
              price={movie.priceCoins}
              title={movie.title}
              label={d.buyWithCoins(movie.priceCoins)}
              onPurchased={() => setBought(true)}
              className="button button--ghost"
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}

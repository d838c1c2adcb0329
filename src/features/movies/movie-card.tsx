/**
 * A movie in a grid: the 2:3 poster (small file, large for wide cells) with the duration (a
 * series: 全N集, or 更新至第N集 while it is being released) and an access badge (VIP, or the price
 * in coins), the title on at most two lines and the view count.
 */
import '../../styles/content.css';
import { Link } from 'wouter';
import type { MovieCard as MovieCardData } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { formatCount, formatDuration } from '../../lib/format.ts';
import { messages } from '../../messages.ts';
import { AccessBadge } from './access-badge.tsx';
import { episodeMessages } from './episode-messages.ts';
import { MediaImage } from '../../components/media-image.tsx';
import { HighlightedText } from '../search/highlighted-text.tsx';

/**
 * The narrowest card of a grid: three posters across a 360-430 px phone, as the big video apps
 * show them (content.css gives the grids without a measured width three columns there too).
 */
export const MOVIE_CARD_MIN_WIDTH = 96;

/**
 * Grid cells: a third of the phone width less the page padding and two gaps (16 + 16 + 12 + 12
 * px), about 200 px on wider screens. Exact, so a 1.75x phone takes the 360 px poster, not the 720
 * px one.
 */
const GRID_POSTER_SIZES = '(min-width: 768px) 200px, calc(33.3vw - 19px)';

/**
 * The poster's corner: the operator's 备注 when set (更新至第12集, HD), else a series' 全N集 or
 * 更新至第N集 (one still being released, even at episode 1), a film's duration (none when it is not
 * known).
 */
function cornerOf({ episodeCount, durationS, finished, remarks }: MovieCardData): string | null {
  if (remarks) return remarks;
  if (episodeCount > 1 || (finished === false && episodeCount > 0))
    return episodeMessages.count(episodeCount, finished);
  return durationS > 0 ? formatDuration(durationS) : null;
}

/** `sizes` for a card that is not a grid cell (e.g. home's scrolling row: '32vw'). */
export function MovieCard({
  movie,
  priority = false,
  sizes = GRID_POSTER_SIZES,
  highlight,
}: {
  movie: MovieCardData;
  priority?: boolean;
  sizes?: string;
  /** A search answer's terms, marked in the title. */
  highlight?: readonly string[];
}) {
  const corner = cornerOf(movie);
  return (
    <Link href={paths.movie(movie.id)} className="movie-card" data-testid="movie-card">
      <div className="movie-card__poster">
        <MediaImage
          mediaKey={movie.poster.small}
          largeKey={movie.poster.large}
          sizes={sizes}
          alt={movie.title}
          ratio="2/3"
          priority={priority}
        />
        <AccessBadge access={movie.access} priceCoins={movie.priceCoins} className="movie-card__access" />
        {corner && <span className="movie-card__duration">{corner}</span>}
      </div>
      <h3 className="movie-card__title">
        <HighlightedText text={movie.title} terms={highlight} />
      </h3>
      <p className="movie-card__meta">
        <span>{messages.content.views(formatCount(movie.views))}</span>
        {movie.year > 0 && <span>{movie.year}</span>}
      </p>
    </Link>
  );
}

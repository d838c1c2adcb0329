/**
 * 相关推荐 of the play page (routes/movie-play.tsx): the movie's related titles as compact list
 * cards (a small poster with the duration and access badge, the title on two lines, views and
 * year). Beside the player on a desktop (a column of rows), under the player's facts on a phone (a
 * row that scrolls sideways, so the comments stay near). A card opens that movie's detail page.
 */
import './related-list.css';
import { Link } from 'wouter';
import type { MovieCard } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { formatCount, formatDuration } from '../../lib/format.ts';
import { messages } from '../../messages.ts';
import { MediaImage } from '../../components/media-image.tsx';
import { AccessBadge } from './access-badge.tsx';

/** The poster is 108 px wide on a phone and 64 px on a desktop: the 360 px file either way. */
const POSTER_SIZES = '108px';

function RelatedCard({ movie }: { movie: MovieCard }) {
  const meta = [messages.content.views(formatCount(movie.views)), movie.year > 0 ? String(movie.year) : null];
  return (
    <li>
      <Link href={paths.movie(movie.id)} className="related-card" data-testid="related-card">
        <div className="related-card__poster">
          <MediaImage mediaKey={movie.poster.small} sizes={POSTER_SIZES} alt="" ratio="2/3" />
          <span className="related-card__duration">{formatDuration(movie.durationS)}</span>
        </div>
        <div className="related-card__text">
          <h3 className="related-card__title">{movie.title}</h3>
          <p className="related-card__meta">{meta.filter(Boolean).join(' · ')}</p>
          <AccessBadge access={movie.access} priceCoins={movie.priceCoins} className="related-card__access" />
        </div>
      </Link>
    </li>
  );
}

export function RelatedList({ movies }: { movies: readonly MovieCard[] }) {
  if (movies.length === 0) return null;
  return (
    <aside className="related-list" aria-labelledby="play-related" data-testid="related-list">
      <h2 className="related-list__title" id="play-related">
        {messages.movieDetail.related}
      </h2>
      <ul className="related-list__items">
        {movies.map((movie) => (
          <RelatedCard key={movie.id} movie={movie} />
        ))}
      </ul>
    </aside>
  );
}

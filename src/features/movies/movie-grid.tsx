/** A paged call of movies as an infinite grid of MovieCards (category, tag, search, featured, type pages). */
import type { MovieCard as MovieCardData } from '../../../contract/calls/content.ts';
import type { FetchPage } from '../../components/hooks/use-infinite-list.ts';
import { MOVIE_CARD_MIN_WIDTH, MovieCard } from './movie-card.tsx';
import { PagedList } from '../../components/paged-list.tsx';

/** Four rows of six on desktop; a list that reads the same cacheKey elsewhere must use it too. */
export const MOVIE_PAGE_SIZE = 24;

interface MovieGridProps {
  cacheKey: string;
  fetchPage: FetchPage<MovieCardData>;
  empty: string;
  /** A search answer's terms, marked in each title. */
  highlight?: readonly string[];
}

export function MovieGrid({ cacheKey, fetchPage, empty, highlight }: MovieGridProps) {
  return (
    <PagedList
      cacheKey={cacheKey}
      fetchPage={fetchPage}
      keyOf={(movie) => movie.id}
      render={(movie, index) => <MovieCard movie={movie} priority={index < 2} highlight={highlight} />}
      layout="grid"
      minCard={MOVIE_CARD_MIN_WIDTH}
      pageSize={MOVIE_PAGE_SIZE}
      skeleton={{ ratio: '2/3', count: 6 }}
      empty={<p className="empty-state">{empty}</p>}
    />
  );
}

/** A paged call of movies as an infinite grid of MovieCards (category, tag, search, featured, type pages). */
import type { MovieCard as MovieCardData, Page } from '../../../contract/calls/content.ts';
import { MovieCard } from './movie-card.tsx';
import { PagedList } from '../../components/paged-list.tsx';

/** Four rows of six on desktop; a list that reads the same cacheKey elsewhere must use it too. */
export const MOVIE_PAGE_SIZE = 24;

interface MovieGridProps {
  cacheKey: string;
  fetchPage: (page: number, pageSize: number) => Promise<Page<MovieCardData>>;
  empty: string;
}

export function MovieGrid({ cacheKey, fetchPage, empty }: MovieGridProps) {
  return (
    <PagedList
      cacheKey={cacheKey}
      fetchPage={fetchPage}
      keyOf={(movie) => movie.id}
      render={(movie, index) => <MovieCard movie={movie} priority={index < 2} />}
      layout="grid"
      pageSize={MOVIE_PAGE_SIZE}
      skeleton={{ ratio: '2/3', count: 6 }}
      empty={<p className="empty-state">{empty}</p>}
    />
  );
}

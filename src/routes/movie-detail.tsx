/** One movie (/movie/{id}): its detail (features/movies/movie-detail-view.tsx) from one call. */
import { ErrorState } from '../components/error-state.tsx';
import { useResource } from '../components/hooks/use-resource.ts';
import type { ScreenParams, ScreenProps } from '../components/page/screen.ts';
import { getMovieDetail } from '../features/movies/movie-calls.ts';
import { MovieDetailSkeleton, MovieDetailView } from '../features/movies/movie-detail-view.tsx';
import { idParam } from '../lib/route-params.ts';

/** The first call, sent before the first render when this is the first screen (app/first-screen.ts). */
export function prefetch(params: ScreenParams): Promise<unknown> | undefined {
  const id = idParam(params.id);
  return id === null ? undefined : getMovieDetail(id, { toast: false }).catch(() => undefined);
}

export default function MovieDetailScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  const movie = useResource(`movie:${id}`, () => getMovieDetail(id, { toast: false }));
  if (movie.error) return <ErrorState error={movie.error} onRetry={movie.retry} />;
  if (!movie.data) return <MovieDetailSkeleton />;
  return <MovieDetailView movie={movie.data} />;
}

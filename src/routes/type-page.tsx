/**
 * The single-segment catch-all /{type} (docs/spec.md section 2): a page of movies by content type, the
 * dictionary's contentType keys (vip, free, hot, new, coins). /content/typeInfo names it; a type
 * the site does not have (code 6) is the app's 404, thrown to the page's error boundary. The
 * movies load alongside the label.
 */
import { usePage, usePageTitle } from '../components/page/page-context.tsx';
import { NotFoundError } from '../components/page/not-found-error.ts';
import type { ScreenProps } from '../components/page/screen.ts';
import { getContentTypePage, getTypeInfo } from '../features/movies/content-type-calls.ts';
import { ErrorState } from '../components/error-state.tsx';
import { MovieGrid } from '../features/movies/movie-grid.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { keyParam } from '../lib/route-params.ts';
import { useRouteResource } from '../components/hooks/use-resource.ts';
import { messages } from '../messages.ts';

export default function TypePageScreen({ params }: ScreenProps) {
  const { pathname } = usePage();
  const type = keyParam(params.type);
  const info = useRouteResource('type', type || null, (value) => getTypeInfo(value, { toast: false }));
  usePageTitle(info.data?.label);
  if (info.notFound) throw new NotFoundError(pathname);
  if (info.error) return <ErrorState error={info.error} onRetry={info.retry} />;
  return (
    <div className="type-screen">
      {info.data ? (
        <h1 className="screen-title">{info.data.label}</h1>
      ) : (
        <Skeleton className="screen-title type-screen__title-skeleton" />
      )}
      <MovieGrid
        cacheKey={`movies:type:${type}`}
        fetchPage={(page, size, cursor) => getContentTypePage(type, page, size, cursor, { toast: false })}
        empty={messages.typeScreen.empty}
      />
    </div>
  );
}

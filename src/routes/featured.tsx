/** A featured collection (/featured/{id}): the cover header and description, its movies and its posts. */
import '../styles/directory.css';
import type { FeaturedDetail } from '../../contract/calls/content.ts';
import { getFeatured } from '../features/featured/featured-calls.ts';
import type { ScreenProps } from '../components/page/screen.ts';
import { ErrorState } from '../components/error-state.tsx';
import { MediaImage } from '../components/media-image.tsx';
import { MissingState } from '../components/missing-state.tsx';
import { MovieCard } from '../features/movies/movie-card.tsx';
import { PostCard } from '../features/posts/post-card.tsx';
import { SectionHeader } from '../components/section-header.tsx';
import { Skeleton, SkeletonList } from '../components/skeleton.tsx';
import { idParam } from '../lib/route-params.ts';
import { useRouteResource } from '../components/hooks/use-resource.ts';
import { messages } from '../messages.ts';

export default function FeaturedScreen({ params }: ScreenProps) {
  const featured = useRouteResource('featured', idParam(params.id), (id) => getFeatured(id, { toast: false }));
  if (featured.notFound) return <MissingState />;
  if (featured.error) return <ErrorState error={featured.error} onRetry={featured.retry} />;
  if (!featured.data) {
    return (
      <>
        <Skeleton className="skeleton--media featured-head__cover" style={{ aspectRatio: '16/9' }} />
        <SkeletonList count={6} />
      </>
    );
  }
  return <FeaturedContent featured={featured.data} />;
}

function FeaturedContent({ featured }: { featured: FeaturedDetail }) {
  return (
    <>
      <header className="featured-head" data-testid="featured-head">
        <MediaImage
          mediaKey={featured.cover}
          alt={featured.title}
          ratio="16/9"
          className="featured-head__cover"
          priority
        />
        <div className="featured-head__text">
          <h2 className="featured-head__title">{featured.title}</h2>
          <p className="featured-head__count">{messages.featured.items(featured.itemCount)}</p>
        </div>
      </header>
      {featured.description && <p className="featured-desc">{featured.description}</p>}
      {featured.movies.length === 0 && featured.posts.length === 0 && (
        <p className="empty-state">{messages.featured.empty}</p>
      )}
      {featured.movies.length > 0 && (
        <section aria-label={messages.featured.movies}>
          <SectionHeader title={messages.featured.movies} />
          <div className="card-grid">
            {featured.movies.map((movie) => (
              <MovieCard key={movie.id} movie={movie} />
            ))}
          </div>
        </section>
      )}
      {featured.posts.length > 0 && (
        <section aria-label={messages.featured.posts}>
          <SectionHeader title={messages.featured.posts} />
          <div className="post-stack">
            {featured.posts.map((post) => (
              <PostCard key={post.id} post={post} showGroup />
            ))}
          </div>
        </section>
      )}
    </>
  );
}

/**
 * One category (/category/{categoryId}): breadcrumbs from the root, its children as chips, and its
 * content: a movie grid for the /movie tree, posts of the section's kind for the others (the
 * server says which in CategoryDetail.contentType).
 */
import '../styles/directory.css';
import { Link } from 'wouter';
import type { CategoryDetail } from '../../contract/calls/content.ts';
import { getCategoryDetail } from '../features/categories/category-calls.ts';
import { getMoviePage } from '../features/movies/movie-calls.ts';
import { usePageTitle } from '../components/page/page-context.tsx';
import { paths } from '../lib/route-paths.ts';
import type { ScreenProps } from '../components/page/screen.ts';
import { ErrorState } from '../components/error-state.tsx';
import { MissingState } from '../components/missing-state.tsx';
import { MovieGrid } from '../features/movies/movie-grid.tsx';
import { PostFeed } from '../features/posts/post-feed.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { idParam } from '../lib/route-params.ts';
import { useRouteResource } from '../components/hooks/use-resource.ts';
import { messages } from '../messages.ts';

export default function CategoryPageScreen({ params }: ScreenProps) {
  const category = useRouteResource('category', idParam(params.id), (id) => getCategoryDetail(id, { toast: false }));
  usePageTitle(category.data?.node.name);
  if (category.notFound) return <MissingState />;
  if (category.error) return <ErrorState error={category.error} onRetry={category.retry} />;
  if (!category.data) return <Skeleton className="category-head--skeleton" />;
  return <CategoryContent detail={category.data} />;
}

function CategoryContent({ detail }: { detail: CategoryDetail }) {
  const { node, path, contentType } = detail;
  return (
    <>
      <nav className="breadcrumbs" aria-label={messages.categories.breadcrumbs}>
        <ol>
          <li>
            <Link href={paths.categoryList()}>{messages.categories.heading}</Link>
          </li>
          {path.map((step) => (
            <li key={step.categoryId}>
              {step.categoryId === node.categoryId ? (
                <span aria-current="page">{step.name}</span>
              ) : (
                <Link href={paths.category(step.categoryId)}>{step.name}</Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {node.description && <p className="category-head__desc">{node.description}</p>}
      {node.childList.length > 0 && (
        <ul className="category-leaves category-head__children" aria-label={messages.categories.children}>
          {node.childList.map((child) => (
            <li key={child.categoryId}>
              <Link href={paths.category(child.categoryId)} className="chip" data-testid="category-child">
                {child.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {contentType === 'movie' ? (
        <MovieGrid
          cacheKey={`movies:category:${node.categoryId}`}
          fetchPage={(page, size, cursor) => getMoviePage({ categoryId: node.categoryId }, page, size, cursor)}
          empty={messages.categories.emptyMovies}
        />
      ) : (
        <PostFeed
          kind={contentType}
          query={{ categoryId: node.categoryId }}
          showGroup={node.childList.length > 0}
          empty={messages.categories.emptyPosts}
        />
      )}
    </>
  );
}

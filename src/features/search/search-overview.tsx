/**
 * The 综合 tab: the matched tags as chips, then the best few movies, posts and users, each section
 * titled with its kind's total and a 查看全部 link to its tab. Sections without hits are left out.
 */
import type { ReactNode } from 'react';
import type { SearchOverview as Overview } from '../../../contract/calls/search.ts';
import type { SearchKind } from './search-calls.ts';
import { MovieCard } from '../movies/movie-card.tsx';
import { PostCard } from '../posts/post-card.tsx';
import { TagChips } from '../tags/tag-chips.tsx';
import { UserCard } from '../users/user-card.tsx';
import { SectionHeader } from '../../components/section-header.tsx';
import { useFirstPaintHandover } from '../../components/page/first-paint.ts';
import { messages } from '../../messages.ts';

/** The overview's grid: a third of a phone's width less padding and gaps, a sixth of the page from 1000 px. */
const OVERVIEW_POSTER_SIZES = '(min-width: 1000px) 180px, calc(33vw - 18px)';

interface SearchOverviewProps {
  overview: Overview;
  /** The tab's label with its total, per kind. */
  labels: Record<SearchKind, string>;
  /** Where each kind's tab is. */
  tabHref: (kind: SearchKind) => string;
}

/** The content the server's first paint of a search hands over to. */
export function SearchOverview({ overview, labels, tabHref }: SearchOverviewProps) {
  useFirstPaintHandover();
  const m = messages.searchResults;
  const { terms } = overview;
  const section = (kind: SearchKind, count: number, body: ReactNode) =>
    count > 0 && (
      <section className={`search-section search-section--${kind}`} aria-labelledby={`search-section-${kind}`}>
        <SectionHeader id={`search-section-${kind}`} title={labels[kind]} href={tabHref(kind)} moreLabel={m.viewAll} />
        {body}
      </section>
    );
  return (
    <div className="search-overview" data-testid="search-overview">
      {overview.tags.length > 0 && (
        <section className="search-section search-section--tags" aria-label={m.tags}>
          <TagChips tags={overview.tags} label={m.tags} />
        </section>
      )}
      {section(
        'movies',
        overview.movies.length,
        <div className="card-grid search-overview__movies">
          {overview.movies.map((movie, index) => (
            <MovieCard
              key={movie.id}
              movie={movie}
              priority={index < 3}
              sizes={OVERVIEW_POSTER_SIZES}
              highlight={terms}
            />
          ))}
        </div>,
      )}
      {section(
        'posts',
        overview.posts.length,
        <div className="search-overview__list">
          {overview.posts.map((post) => (
            <PostCard key={post.id} post={post} showGroup highlight={terms} excerpt={post.excerpt} />
          ))}
        </div>,
      )}
      {section(
        'users',
        overview.users.length,
        <div className="search-overview__list search-overview__users">
          {overview.users.map((user) => (
            <UserCard key={user.id} user={user} highlight={terms} />
          ))}
        </div>,
      )}
    </div>
  );
}

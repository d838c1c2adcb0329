/**
 * Search (/search/{key}, page-search layout; the bar above records the term and navigates).
 * With a keyword: the recent terms, then the results in two tabs, 电影 and 帖子, each an infinite
 * list with its empty state. Without one (idle): the search history with 清空, and 热门搜索: the
 * site's hot search words (set in the console), or the hot tags while it has none.
 * Tapping a recent term or a hot word searches it, which records it like a submitted term.
 */
import '../features/search/search.css';
import { useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { useLocation } from 'wouter';
import { searchMovies, searchPosts } from '../features/search/search-calls.ts';
import { paths } from '../lib/route-paths.ts';
import type { ScreenProps } from '../components/page/screen.ts';
import { MOVIE_PAGE_SIZE, MovieGrid } from '../features/movies/movie-grid.tsx';
import { PagedList } from '../components/paged-list.tsx';
import { PostCard } from '../features/posts/post-card.tsx';
import { SegmentTabs } from '../components/segment-tabs.tsx';
import { keyParam } from '../lib/route-params.ts';
import { useInfiniteList } from '../components/hooks/use-infinite-list.ts';
import { messages } from '../messages.ts';
import { useAppInit } from '../stores/app-init.ts';
import { addSearchTerm, clearSearchHistory, userState } from '../stores/user.ts';

type ResultTab = 'movies' | 'posts';
const TABS = (['movies', 'posts'] as const).map((value) => ({ value, label: messages.searchResults.tabs[value] }));

export default function SearchScreen({ params }: ScreenProps) {
  const key = keyParam(params.key);
  return (
    <div className="search-screen">
      <SearchHistory current={key} compact={key !== ''} />
      {key ? <SearchResults keyword={key} /> : <HotTerms />}
    </div>
  );
}

function useSearchTerm(): (term: string) => void {
  const [, navigate] = useLocation();
  return (term) => {
    addSearchTerm(term);
    navigate(paths.search(term));
  };
}

function SearchHistory({ current, compact }: { current: string; compact: boolean }) {
  const { searchHistory } = useSnapshot(userState);
  const search = useSearchTerm();
  if (compact && searchHistory.length === 0) return null;
  return (
    <section
      className={`search-history${compact ? ' search-history--compact' : ''}`}
      aria-labelledby="search-history-title"
    >
      <div className="search-history__head">
        <h2 className="search-history__title" id="search-history-title">
          {messages.search.history}
        </h2>
        {searchHistory.length > 0 && (
          <button type="button" className="link-button" onClick={clearSearchHistory}>
            {messages.search.clearHistory}
          </button>
        )}
      </div>
      {searchHistory.length === 0 ? (
        <p className="muted search-history__none">{messages.search.noHistory}</p>
      ) : (
        <ul className={compact ? 'chip-row' : 'search-terms'} data-testid="search-history">
          {searchHistory.map((term) => (
            <li key={term}>
              <button
                type="button"
                className={term === current ? 'chip is-active' : 'chip'}
                onClick={() => search(term)}
              >
                {term}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HotTerms() {
  const { hotTags, hotWords } = useAppInit();
  const search = useSearchTerm();
  // A persisted copy from before hot words has none.
  const terms = hotWords?.length ? hotWords : hotTags.map((tag) => tag.name);
  return (
    <section className="search-hot" aria-labelledby="search-hot-title">
      <h2 className="search-history__title" id="search-hot-title">
        {messages.searchResults.hotTags}
      </h2>
      {terms.length === 0 ? (
        <p className="muted">{messages.searchResults.idleHint}</p>
      ) : (
        <ol className="search-hot__list" data-testid="search-hot">
          {terms.map((term, index) => (
            <li key={term}>
              <button type="button" className="search-hot__item" onClick={() => search(term)}>
                <span className={`search-hot__rank${index < 3 ? ' is-top' : ''}`}>{index + 1}</span>
                <span className="search-hot__name">{term}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function SearchResults({ keyword }: { keyword: string }) {
  // The same lists (same keys and page sizes) the tabs render: both first pages load at once, so
  // the tabs can show their totals and open on the one that found something.
  const lists = {
    movies: {
      cacheKey: `search:movies:${keyword}`,
      fetchPage: (page: number, size: number) => searchMovies(keyword, page, size),
    },
    posts: {
      cacheKey: `search:posts:${keyword}`,
      fetchPage: (page: number, size: number) => searchPosts(keyword, page, size),
    },
  };
  const movies = useInfiniteList(lists.movies.cacheKey, lists.movies.fetchPage, { pageSize: MOVIE_PAGE_SIZE });
  const posts = useInfiniteList(lists.posts.cacheKey, lists.posts.fetchPage);
  const [chosen, setChosen] = useState<ResultTab | null>(null);
  const tab: ResultTab =
    chosen ?? (movies.done && movies.items.length === 0 && posts.items.length > 0 ? 'posts' : 'movies');
  const tabs = TABS.map(({ value, label }) => {
    const list = value === 'movies' ? movies : posts;
    return { value, label: list.page > 0 ? messages.searchResults.tabCount(label, list.total) : label };
  });

  return (
    <section className="search-results" aria-label={messages.search.resultsFor(keyword)}>
      <SegmentTabs tabs={tabs} value={tab} onChange={setChosen} label={messages.search.resultsFor(keyword)} />
      {tab === 'movies' ? (
        <MovieGrid {...lists.movies} empty={messages.searchResults.emptyMovies(keyword)} />
      ) : (
        <PagedList
          {...lists.posts}
          keyOf={(post) => post.id}
          render={(post) => <PostCard post={post} showGroup />}
          empty={<p className="empty-state">{messages.searchResults.emptyPosts(keyword)}</p>}
        />
      )}
    </section>
  );
}

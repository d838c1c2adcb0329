/**
 * 热门搜索: the site's hot searches (/search/hot: the operators' pinned words, then the last 24
 * hours' most searched), ranked; the site's hot tags while it answers none. The search screen and
 * the search box's focus panel show the same list.
 * A zero-hit answer brings its own (`hot`), shown by HotSearchList without another call.
 */
import { useId } from 'react';
import { messages } from '../../messages.ts';
import { useResource } from '../../components/hooks/use-resource.ts';
import { useAppInit } from '../../stores/app-init.ts';
import { hotSearches } from './search-calls.ts';
import { useSearchTerm } from './use-search-term.ts';

interface HotSearchProps {
  title?: string;
  /** Searches a tapped word (by default: recorded, then opened). */
  onSearch?: (term: string) => void;
}

export function HotSearches({ title, onSearch }: HotSearchProps) {
  const hot = useResource('search-hot', hotSearches);
  const { hotTags, hotWords } = useAppInit();
  if (hot.loading) return null;
  // Failed (offline without a copy): the pinned words of /system/init; none at all: the hot tags.
  const fallback = hot.error && hotWords?.length ? hotWords : hotTags.map((tag) => tag.name);
  return <HotSearchList title={title} terms={hot.data?.length ? hot.data : fallback} onSearch={onSearch} />;
}

export function HotSearchList({
  terms,
  title = messages.searchResults.hotTags,
  onSearch,
}: HotSearchProps & { terms: readonly string[] }) {
  const searchTerm = useSearchTerm();
  const search = onSearch ?? searchTerm;
  const titleId = useId();
  return (
    <section className="search-hot" aria-labelledby={titleId}>
      <h2 className="search-history__title" id={titleId}>
        {title}
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

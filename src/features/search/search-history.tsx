/**
 * The search history (stores/user.ts): chips that search their term again, and 清空. Full on the
 * idle screen (saying when there is none); compact above the results and in the search box's focus
 * panel, both hidden while it is empty.
 */
import { useId } from 'react';
import { useSnapshot } from 'valtio/react';
import { messages } from '../../messages.ts';
import { clearSearchHistory, userState } from '../../stores/user.ts';
import { useSearchTerm } from './use-search-term.ts';

export type HistoryLayout = 'idle' | 'compact' | 'panel';

interface SearchHistoryProps {
  layout: HistoryLayout;
  /** The term searched now, marked among the chips. */
  current?: string;
  /** Searches a chip's term (by default: recorded, then opened). */
  onSearch?: (term: string) => void;
}

export function SearchHistory({ layout, current = '', onSearch }: SearchHistoryProps) {
  const { searchHistory } = useSnapshot(userState);
  const searchTerm = useSearchTerm();
  const search = onSearch ?? searchTerm;
  const titleId = useId();
  if (layout !== 'idle' && searchHistory.length === 0) return null;
  const compact = layout === 'compact';
  return (
    <section className={`search-history search-history--${layout}`} aria-labelledby={titleId}>
      <div className="search-history__head">
        <h2 className="search-history__title" id={titleId}>
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

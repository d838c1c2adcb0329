/**
 * The search history (stores/user.ts): chips that search their term again, and 清空. Compact above
 * the results (hidden when empty), full on the idle screen.
 */
import { useSnapshot } from 'valtio/react';
import { messages } from '../../messages.ts';
import { clearSearchHistory, userState } from '../../stores/user.ts';
import { useSearchTerm } from './use-search-term.ts';

export function SearchHistory({ current, compact }: { current: string; compact: boolean }) {
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

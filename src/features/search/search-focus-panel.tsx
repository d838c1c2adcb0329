/**
 * What the site's search box shows while it has the focus and is empty (search-form.tsx): the
 * search history with 清空, then 热门搜索, the list the search screen shows. A term tapped is
 * searched. Loaded on the first focus, as it calls the API; a press inside it keeps the focus in
 * the field, so the panel stays open until the field is left.
 */
import './search.css';
import { messages } from '../../messages.ts';
import { HotSearches } from './hot-searches.tsx';
import { SearchHistory } from './search-history.tsx';

export default function SearchFocusPanel({ onSearch }: { onSearch: (term: string) => void }) {
  return (
    <div
      className="search-panel"
      role="group"
      aria-label={messages.search.focusPanel}
      data-testid="search-focus-panel"
      onMouseDown={(event) => event.preventDefault()}
    >
      <SearchHistory layout="panel" onSearch={onSearch} />
      <HotSearches onSearch={onSearch} />
    </div>
  );
}

/**
 * The search screen's frame (src/routes/search.tsx; also rendered by the server's first paint,
 * src/entry-server.tsx): the page's one level-one heading (the search bar says it to the eye:
 * 搜索 海), the recent terms (compact above results), then `children` (the results, or 热门搜索).
 */
import './search.css';
import type { ReactNode } from 'react';
import { shellMessages } from '../../shell-messages.ts';
import { SearchHistory } from './search-history.tsx';

export function SearchView({ keyword, children }: { keyword: string; children: ReactNode }) {
  return (
    <div className="search-screen">
      <h1 className="visually-hidden">
        {keyword ? `${shellMessages.titles.search} ${keyword}` : shellMessages.titles.search}
      </h1>
      <SearchHistory current={keyword} layout={keyword ? 'compact' : 'idle'} />
      {children}
    </div>
  );
}

/**
 * Search (/search/{key}, page-search layout; the bar above suggests as the user types, records
 * the term and navigates). With a keyword: the recent terms, then the results (features/search/
 * search-results.tsx: tabs 综合 / 影片 / 帖子 / 用户). Without one (idle): the search history with
 * 清空, and 热门搜索. Tapping a recent term or a hot word searches it, recorded like a submitted term.
 */
import '../features/search/search.css';
import type { ScreenProps } from '../components/page/screen.ts';
import { HotSearches } from '../features/search/hot-searches.tsx';
import { SearchHistory } from '../features/search/search-history.tsx';
import { SearchResults } from '../features/search/search-results.tsx';
import { keyParam } from '../lib/route-params.ts';
import { messages } from '../messages.ts';

export default function SearchScreen({ params }: ScreenProps) {
  const key = keyParam(params.key);
  return (
    <div className="search-screen">
      {/* The page's one level-one heading (the search bar says it to the eye): 搜索 海. */}
      <h1 className="visually-hidden">{key ? `${messages.titles.search} ${key}` : messages.titles.search}</h1>
      <SearchHistory current={key} compact={key !== ''} />
      {key ? <SearchResults keyword={key} /> : <HotSearches />}
    </div>
  );
}

/**
 * Search (/search/{key}, page-search layout; the bar above suggests as the user types, records
 * the term and navigates). With a keyword: the recent terms, then the results (features/search/
 * search-results.tsx: tabs 综合 / 影片 / 帖子 / 用户). Without one (idle): the search history with
 * 清空, and 热门搜索. Tapping a recent term or a hot word searches it, recorded like a submitted term.
 */
import type { ScreenProps } from '../components/page/screen.ts';
import { HotSearches } from '../features/search/hot-searches.tsx';
import { SearchResults } from '../features/search/search-results.tsx';
import { SearchView } from '../features/search/search-view.tsx';
import { keyParam } from '../lib/route-params.ts';
import { useHeadTitle } from '../components/page/page-context.tsx';

export default function SearchScreen({ params }: ScreenProps) {
  const key = keyParam(params.key);
  useHeadTitle(key);
  return <SearchView keyword={key}>{key ? <SearchResults keyword={key} /> : <HotSearches />}</SearchView>;
}

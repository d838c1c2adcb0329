/**
 * The results of one keyword: the tabs 综合 / 影片 / 帖子 / 用户 (the tab in the query, ?tab=,
 * so it survives back and refresh), labelled with the totals of /search/all (1万+ when capped).
 * 综合 shows that answer; a kind's tab its own infinite list. The answer's terms are marked in every
 * hit (the keyword itself until the answer came). Nothing found at all: 没有找到… and the hot
 * searches to try instead.
 */
import './search.css';
import type { ReactNode } from 'react';
import type { SearchOverview as Overview } from '../../../contract/calls/search.ts';
import { searchOverview, type SearchKind } from './search-calls.ts';
import { SearchOverview } from './search-overview.tsx';
import { SearchKindList } from './search-lists.tsx';
import { HotSearches, HotSearchList } from './hot-searches.tsx';
import { useResource } from '../../components/hooks/use-resource.ts';
import { usePageQuery } from '../../components/page/use-page-query.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { useFirstPaintHandover } from '../../components/page/first-paint.ts';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { SkeletonList } from '../../components/skeleton.tsx';
import { formatTotal } from '../../lib/format.ts';
import { paths } from '../../lib/route-paths.ts';
import { messages } from '../../messages.ts';

export type ResultTab = 'all' | SearchKind;
const KINDS: readonly SearchKind[] = ['movies', 'posts', 'users'];
const TABS: readonly ResultTab[] = ['all', ...KINDS];

const tabOf = (value: string | null): ResultTab => TABS.find((tab) => tab === value) ?? 'all';

/** Nothing of any kind, nor a tag. */
const foundNothing = (overview: Overview): boolean =>
  overview.hot !== undefined ||
  (overview.totals.movies === 0 && overview.totals.posts === 0 && overview.totals.users === 0 && !overview.tags.length);

/** The results as the 综合 answer draws them; `overview` undefined until it came. */
interface SearchResultsViewProps {
  keyword: string;
  tab: ResultTab;
  onTab: (tab: ResultTab) => void;
  overview: Overview | null | undefined;
  /** What 综合 shows without its answer: skeletons, or the failure. */
  pending?: ReactNode;
}

/** Also rendered by the server's first paint (src/entry-server.tsx) with the answer it carries. */
export function SearchResultsView({ keyword, tab, onTab, overview: data, pending = null }: SearchResultsViewProps) {
  const m = messages.searchResults;
  const terms = data?.terms.length ? data.terms : [keyword];

  if (data && foundNothing(data)) return <NothingFound keyword={keyword} hot={data.hot ?? []} />;

  const labels = Object.fromEntries(
    KINDS.map((kind) => [
      kind,
      data ? m.tabCount(m.tabs[kind], formatTotal(data.totals[kind], data.totals.capped.includes(kind))) : m.tabs[kind],
    ]),
  ) as Record<SearchKind, string>;
  const tabs = TABS.map((value) => ({ value, label: value === 'all' ? m.tabs.all : labels[value] }));
  const tabHref = (kind: SearchKind) => `${paths.search(keyword)}?tab=${kind}`;

  return (
    <section className="search-results" aria-label={messages.search.resultsFor(keyword)}>
      <SegmentTabs tabs={tabs} value={tab} onChange={onTab} label={messages.search.resultsFor(keyword)} />
      {tab !== 'all' ? (
        <SearchKindList key={tab} kind={tab} keyword={keyword} terms={terms} />
      ) : data ? (
        <SearchOverview overview={data} labels={labels} tabHref={tabHref} />
      ) : (
        pending
      )}
    </section>
  );
}

export function SearchResults({ keyword }: { keyword: string }) {
  const [query, setQuery] = usePageQuery();
  const overview = useResource(`search-all:${keyword}`, () => searchOverview(keyword));
  return (
    <SearchResultsView
      keyword={keyword}
      tab={tabOf(query.get('tab'))}
      onTab={(next) => setQuery({ tab: next === 'all' ? null : next })}
      overview={overview.data}
      pending={
        overview.error ? (
          <ErrorState error={overview.error} onRetry={overview.retry} />
        ) : (
          <SkeletonList layout="grid" count={6} />
        )
      }
    />
  );
}

function NothingFound({ keyword, hot }: { keyword: string; hot: readonly string[] }) {
  useFirstPaintHandover();
  const m = messages.searchResults;
  return (
    <section className="search-nothing" data-testid="search-nothing">
      <p className="search-nothing__title">{m.nothingFound(keyword)}</p>
      <p className="muted search-nothing__hint">{m.emptyHint}</p>
      {hot.length > 0 ? <HotSearchList terms={hot} title={m.tryHot} /> : <HotSearches title={m.tryHot} />}
    </section>
  );
}

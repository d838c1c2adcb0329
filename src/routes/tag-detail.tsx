/**
 * One tag (/tag/{key}): its name, count and hot mark, then what carries it, by tabs: movies, and
 * posts of each kind (topics, chigua, articles), each labelled with its count. The page opens on the
 * first tab that has something (a tag of topics only never opens on an empty 电影). Each tab keeps
 * its own list.
 */
import '../styles/directory.css';
import { useState } from 'react';
import type { TagDetail } from '../../contract/calls/content.ts';
import { POST_KINDS, type PostKind } from '../../contract/enums.ts';
import { getMoviePage } from '../features/movies/movie-calls.ts';
import { getTag } from '../features/tags/tag-calls.ts';
import type { ScreenProps } from '../components/page/screen.ts';
import { ErrorState } from '../components/error-state.tsx';
import { MissingState } from '../components/missing-state.tsx';
import { MovieGrid } from '../features/movies/movie-grid.tsx';
import { PostFeed } from '../features/posts/post-feed.tsx';
import { SegmentTabs } from '../components/segment-tabs.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { firstTabWithContent } from '../lib/first-tab.ts';
import { formatCount } from '../lib/format.ts';
import { keyParam } from '../lib/route-params.ts';
import { useRouteResource } from '../components/hooks/use-resource.ts';
import { useHeadTitle } from '../components/page/page-context.tsx';
import { messages } from '../messages.ts';

type TagTab = 'movie' | PostKind;
const TAB_KINDS: readonly TagTab[] = ['movie', ...POST_KINDS];

export default function TagDetailScreen({ params }: ScreenProps) {
  const tag = useRouteResource('tag', keyParam(params.key) || null, (key) => getTag(key, { toast: false }));
  useHeadTitle(tag.data?.name);
  if (tag.notFound) return <MissingState />;
  if (tag.error) return <ErrorState error={tag.error} onRetry={tag.retry} />;
  if (!tag.data) return <Skeleton className="tag-head tag-head--skeleton" />;
  return <TagContent tag={tag.data} />;
}

function TagContent({ tag }: { tag: TagDetail }) {
  // An answer kept offline from before the counts has none.
  const counts = tag.counts as TagDetail['counts'] | undefined;
  const [tab, setTab] = useState<TagTab>(() => firstTabWithContent(TAB_KINDS, (kind) => counts?.[kind]));
  const tabs = TAB_KINDS.map((value) => ({
    value,
    label: counts
      ? messages.tags.tabLabel(messages.tags.tabs[value], formatCount(counts[value]))
      : messages.tags.tabs[value],
  }));
  return (
    <>
      <header className="tag-head" data-testid="tag-head">
        <h2 className="tag-head__name">
          <span className="tag-chip__hash">#</span>
          {tag.name}
          {tag.hot && <span className="tag-chip__hot">{messages.tags.hot}</span>}
        </h2>
        <p className="tag-head__count">{messages.tags.count(tag.count)}</p>
      </header>
      <SegmentTabs tabs={tabs} value={tab} onChange={setTab} label={tag.name} />
      {tab === 'movie' ? (
        <MovieGrid
          cacheKey={`movies:tag:${tag.key}`}
          fetchPage={(page, size, cursor) => getMoviePage({ tag: tag.key }, page, size, cursor)}
          empty={messages.tags.emptyMovies}
        />
      ) : (
        <PostFeed
          key={tab}
          kind={tab}
          query={{ tag: tag.key }}
          sortable={false}
          showGroup
          empty={messages.tags.emptyPosts}
        />
      )}
    </>
  );
}

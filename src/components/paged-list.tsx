/**
 * A paged call shown as an infinite list: useInfiniteList's state (kept by `cacheKey`) wired to
 * InfiniteList's scrolling, skeleton, empty and error states. Every list of the content screens
 * goes through here; `cacheKey` must name the call and its filters.
 */
import type { ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE, useInfiniteList, type FetchPage } from './hooks/use-infinite-list.ts';
import { useRevalidateOnShow } from './hooks/use-revalidate-on-show.ts';
import { InfiniteList } from './infinite-list.tsx';
import { SkeletonList } from './skeleton.tsx';
import type { MediaRatio } from './media-image.tsx';

interface PagedListProps<T> {
  cacheKey: string;
  fetchPage: FetchPage<T>;
  render: (item: T, index: number) => ReactNode;
  keyOf: (item: T) => string | number;
  layout?: 'grid' | 'list';
  pageSize?: number;
  /** The skeleton's shape: its media ratio and count. */
  skeleton?: { ratio?: MediaRatio; count?: number };
  empty?: ReactNode;
  /** Check the first page again each time the list is shown (lists that change elsewhere). */
  revalidate?: boolean;
  /** A grid's narrowest card in px (InfiniteList's). */
  minCard?: number;
}

export function PagedList<T>({
  cacheKey,
  fetchPage,
  render,
  keyOf,
  layout = 'list',
  pageSize,
  skeleton,
  empty,
  revalidate = false,
  minCard,
}: PagedListProps<T>) {
  const list = useInfiniteList<T>(cacheKey, fetchPage, { pageSize });
  useRevalidateOnShow(list, fetchPage, pageSize ?? DEFAULT_PAGE_SIZE, revalidate);
  return (
    <InfiniteList
      layout={layout}
      items={list.items}
      loading={list.loading}
      done={list.done}
      error={list.error}
      onMore={list.loadMore}
      keyOf={keyOf}
      render={render}
      skeleton={
        <SkeletonList layout={layout} count={skeleton?.count ?? (layout === 'grid' ? 6 : 4)} ratio={skeleton?.ratio} />
      }
      empty={empty}
      virtualKey={cacheKey}
      minCard={minCard}
    />
  );
}

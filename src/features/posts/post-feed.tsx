/**
 * A sorted, paged list of posts of one kind with the sort tabs 最新 / 最热 / 最多回复 above it:
 * all topics, a forum group's topics, a category's posts, a user's posts of a kind. Each sort keeps its
 * own list (and scroll) by key, so switching back shows what was loaded.
 */
import './posts.css';
import { useState } from 'react';
import { POST_SORTS, type PostKind, type PostSort } from '../../../contract/enums.ts';
import { getPostPage, type PostQuery } from './post-calls.ts';
import { messages } from '../../messages.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { PostCard } from './post-card.tsx';
import { SegmentTabs, type SegmentTab } from '../../components/segment-tabs.tsx';

const SORTS: readonly SegmentTab<PostSort>[] = POST_SORTS.map((value) => ({
  value,
  label: messages.posts.sorts[value],
}));

/** The key and the call of one sorted list of the feed (a screen may load its first page before showing it). */
export const postFeedList = (kind: PostKind, query: Omit<PostQuery, 'sort'> = {}, sort: PostSort = 'new') => ({
  cacheKey: `posts:${kind}:${JSON.stringify(query)}:${sort}`,
  fetchPage: (page: number, size: number, cursor?: string) => getPostPage(kind, { ...query, sort }, page, size, cursor),
});

interface PostFeedProps {
  kind: PostKind;
  query?: Omit<PostQuery, 'sort'>;
  /** Show each post's group (lists that mix groups). */
  showGroup?: boolean;
  /** Off for one user's posts. */
  showAuthor?: boolean;
  /** Without tabs the list is sorted newest first (pinned first within a forum group). */
  sortable?: boolean;
  look?: 'compact' | 'cover';
  empty?: string;
}

export function PostFeed({
  kind,
  query = {},
  showGroup = false,
  showAuthor = true,
  sortable = true,
  look = 'compact',
  empty = messages.posts.emptyList,
}: PostFeedProps) {
  const [sort, setSort] = useState<PostSort>('new');
  const { cacheKey, fetchPage } = postFeedList(kind, query, sort);
  return (
    <div className="post-feed">
      {sortable && <SegmentTabs tabs={SORTS} value={sort} onChange={setSort} label={messages.posts.sortLabel} />}
      <PagedList
        key={cacheKey}
        cacheKey={cacheKey}
        fetchPage={fetchPage}
        keyOf={(post) => post.id}
        render={(post, index) => (
          <PostCard
            post={post}
            look={look}
            showGroup={showGroup}
            showAuthor={showAuthor}
            priority={index === 0 && look === 'cover'}
          />
        )}
        layout="list"
        skeleton={{ ratio: look === 'cover' ? '16/9' : undefined, count: 4 }}
        empty={<p className="empty-state">{empty}</p>}
      />
    </div>
  );
}

/**
 * One result kind's tab: its infinite list, paged by number as deep as the server serves
 * (search-calls.ts), each hit with the answer's terms marked. Movies as the poster grid, posts with
 * the excerpt around their match, users as cards.
 */
import { searchKind, type SearchKind } from './search-calls.ts';
import { MovieGrid } from '../movies/movie-grid.tsx';
import { PostCard } from '../posts/post-card.tsx';
import { UserCard } from '../users/user-card.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { messages } from '../../messages.ts';

interface KindListProps {
  kind: SearchKind;
  keyword: string;
  terms: readonly string[];
}

export function SearchKindList({ kind, keyword, terms }: KindListProps) {
  const m = messages.searchResults;
  const cacheKey = `search:${kind}:${keyword}`;
  if (kind === 'movies')
    return (
      <MovieGrid
        cacheKey={cacheKey}
        fetchPage={(page, size) => searchKind('movies', keyword, page, size)}
        empty={m.emptyMovies(keyword)}
        highlight={terms}
      />
    );
  if (kind === 'posts')
    return (
      <PagedList
        cacheKey={cacheKey}
        fetchPage={(page, size) => searchKind('posts', keyword, page, size)}
        keyOf={(post) => post.id}
        render={(post) => <PostCard post={post} showGroup highlight={terms} excerpt={post.excerpt} />}
        empty={<p className="empty-state">{m.emptyPosts(keyword)}</p>}
      />
    );
  return (
    <PagedList
      cacheKey={cacheKey}
      fetchPage={(page, size) => searchKind('users', keyword, page, size)}
      keyOf={(user) => user.id}
      render={(user) => <UserCard user={user} highlight={terms} />}
      skeleton={{ count: 6 }}
      empty={<p className="empty-state">{m.emptyUsers(keyword)}</p>}
    />
  );
}

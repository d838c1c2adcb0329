/**
 * Purchases (/mine/buy): tabs 影片 (/long/buy/getPage, a MovieCard grid) and 文章 (/buyPage,
 * PostCards), each with what was paid and when; the lists check for new purchases when shown.
 */
import '../styles/member.css';
import { useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { getArticlePurchases, getMoviePurchases } from '../features/purchases/purchase-calls.ts';
import { MovieCard } from '../features/movies/movie-card.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { PagedList } from '../components/paged-list.tsx';
import { PostCard } from '../features/posts/post-card.tsx';
import { SegmentTabs, type SegmentTab } from '../components/segment-tabs.tsx';
import { formatDate } from '../lib/format.ts';
import { purchaseMessages } from '../features/purchases/purchase-messages.ts';
import { userState } from '../stores/user.ts';

type Kind = 'movie' | 'post';
const t = purchaseMessages.buy;
const TABS: readonly SegmentTab<Kind>[] = (['movie', 'post'] as const).map((value) => ({
  value,
  label: t.tabs[value],
}));

const Paid = ({ coins, at }: { coins: number; at: number }) => (
  <p className="bought__paid">{t.paid(coins, formatDate(at))}</p>
);

export default function MineBuyScreen() {
  const { info } = useSnapshot(userState);
  const [kind, setKind] = useState<Kind>('movie');
  if (!info) return <PageLoading />;
  const cacheKey = `member:${info.id}:bought:${kind}`;
  return (
    <div className="member-list-page">
      <SegmentTabs tabs={TABS} value={kind} onChange={setKind} label={t.label} />
      {kind === 'movie' ? (
        <PagedList
          key={cacheKey}
          cacheKey={cacheKey}
          fetchPage={(page, size) => getMoviePurchases(page, size, { toast: false })}
          keyOf={(movie) => movie.id}
          render={(movie) => (
            <div className="bought">
              <MovieCard movie={movie} />
              <Paid coins={movie.paidCoins} at={movie.purchasedAt} />
            </div>
          )}
          layout="grid"
          skeleton={{ ratio: '2/3', count: 6 }}
          empty={<p className="empty-state">{t.emptyMovies}</p>}
          revalidate
        />
      ) : (
        <PagedList
          key={cacheKey}
          cacheKey={cacheKey}
          fetchPage={(page, size) => getArticlePurchases(page, size, { toast: false })}
          keyOf={(post) => post.id}
          render={(post) => (
            <div className="bought bought--post">
              <PostCard post={post} showGroup />
              <Paid coins={post.paidCoins} at={post.purchasedAt} />
            </div>
          )}
          skeleton={{ count: 4 }}
          empty={<p className="empty-state">{t.emptyPosts}</p>}
          revalidate
        />
      )}
    </div>
  );
}

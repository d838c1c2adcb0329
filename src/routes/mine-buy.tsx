/**
 * Purchases (/mine/buy): tabs 影片 (/long/buy/getPage, a MovieCard grid) and 文章 (/buyPage,
 * PostCards), each with what was paid and when; the lists check for new purchases when shown. It
 * opens on the first tab with a purchase.
 */
import '../styles/member.css';
import { useSnapshot } from 'valtio/react';
import { getArticlePurchases, getMoviePurchases } from '../features/purchases/purchase-calls.ts';
import { MovieCard } from '../features/movies/movie-card.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { SkeletonList } from '../components/skeleton.tsx';
import { useFirstListWithContent } from '../components/hooks/use-first-list-with-content.ts';
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

const fetchers = {
  movie: (page: number, size: number) => getMoviePurchases(page, size, { toast: false }),
  post: (page: number, size: number) => getArticlePurchases(page, size, { toast: false }),
};
const cacheKeyOf = (memberId: number, kind: Kind) => `member:${memberId}:bought:${kind}`;

export default function MineBuyScreen() {
  const { info } = useSnapshot(userState);
  const lists = info
    ? TABS.map(({ value }) => ({ tab: value, cacheKey: cacheKeyOf(info.id, value), fetchPage: fetchers[value] }))
    : null;
  const { tab: kind, setTab: setKind } = useFirstListWithContent(lists);
  if (!info) return <PageLoading />;
  const cacheKey = cacheKeyOf(info.id, kind ?? 'movie');
  return (
    <div className="member-list-page">
      <SegmentTabs tabs={TABS} value={kind ?? 'movie'} onChange={setKind} label={t.label} />
      {!kind ? (
        <SkeletonList layout="grid" count={6} ratio="2/3" />
      ) : kind === 'movie' ? (
        <PagedList
          key={cacheKey}
          cacheKey={cacheKey}
          fetchPage={fetchers.movie}
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
          fetchPage={fetchers.post}
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

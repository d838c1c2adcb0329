/**
 * What the member saved (/mine/like): tabs 收藏 (/article/favorPage) and 喜欢 (/like/getPage),
 * each filtered to 影片 (a MovieCard grid) or 帖子 (PostCards). Both lists change elsewhere (a
 * favourite on a detail page), so they check for changes when shown. Offline (the offline bar says
 * so), the lists come from what the device keeps of them (features/saved/saved-store.ts). It opens
 * on the first list with something in it, in the order of the tabs (收藏 影片, 收藏 帖子, 喜欢 …).
 */
import '../styles/member.css';
import { useSnapshot } from 'valtio/react';
import { Link } from 'wouter';
import { savedPage, type SavedList, type SavedType } from '../features/saved/saved-calls.ts';
import { paths } from '../lib/route-paths.ts';
import { MovieCard } from '../features/movies/movie-card.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { SkeletonList } from '../components/skeleton.tsx';
import { useFirstListWithContent } from '../components/hooks/use-first-list-with-content.ts';
import { PagedList } from '../components/paged-list.tsx';
import { PostCard } from '../features/posts/post-card.tsx';
import { SegmentTabs, type SegmentTab } from '../components/segment-tabs.tsx';
import { savedMessages } from '../features/saved/saved-messages.ts';
import { userState } from '../stores/user.ts';

const t = savedMessages.like;
const LISTS: readonly SegmentTab<SavedList>[] = (['favourites', 'likes'] as const).map((value) => ({
  value,
  label: t.lists[value],
}));
const TYPES: readonly SegmentTab<SavedType>[] = (['movie', 'post'] as const).map((value) => ({
  value,
  label: t.types[value],
}));

function Empty({ list, type }: { list: SavedList; type: SavedType }) {
  return (
    <div className="empty-state member-empty">
      <p className="member-empty__title">{t.empty[list]}</p>
      <p className="member-empty__hint">{t.emptyHint}</p>
      <Link href={type === 'movie' ? paths.movieList() : paths.forumList()} className="button button--ghost">
        {t.browse}
      </Link>
    </div>
  );
}

type Shown = `${SavedList}:${SavedType}`;
const SHOWN = LISTS.flatMap(({ value: list }) => TYPES.map(({ value: type }) => ({ list, type })));
const cacheKeyOf = (memberId: number, list: SavedList, type: SavedType) => `member:${memberId}:${list}:${type}`;
const fetcherOf = (memberId: number, list: SavedList, type: SavedType) => (page: number, size: number) =>
  savedPage(memberId, list, type, page, size, { toast: false });

export default function MineLikeScreen() {
  const { info } = useSnapshot(userState);
  const lists = info
    ? SHOWN.map(({ list, type }) => ({
        tab: `${list}:${type}` as Shown,
        cacheKey: cacheKeyOf(info.id, list, type),
        fetchPage: fetcherOf(info.id, list, type),
      }))
    : null;
  const { tab, setTab } = useFirstListWithContent(lists);
  if (!info) return <PageLoading />;
  const [list, type] = (tab ?? 'favourites:movie').split(':') as [SavedList, SavedType];
  const cacheKey = cacheKeyOf(info.id, list, type);
  return (
    <div className="member-list-page">
      <SegmentTabs tabs={LISTS} value={list} onChange={(next) => setTab(`${next}:${type}`)} label={t.listLabel} />
      <SegmentTabs
        tabs={TYPES}
        value={type}
        onChange={(next) => setTab(`${list}:${next}`)}
        label={t.typeLabel}
        look="pills"
      />
      {tab ? (
        <PagedList
          key={cacheKey}
          cacheKey={cacheKey}
          fetchPage={fetcherOf(info.id, list, type)}
          keyOf={(item) => `${item.type}:${item.id}`}
          render={(item) =>
            item.type === 'movie' ? <MovieCard movie={item.movie} /> : <PostCard post={item.post} showGroup />
          }
          layout={type === 'movie' ? 'grid' : 'list'}
          skeleton={{ ratio: type === 'movie' ? '2/3' : undefined, count: type === 'movie' ? 6 : 4 }}
          empty={<Empty list={list} type={type} />}
          revalidate
        />
      ) : (
        <SkeletonList layout="grid" count={6} ratio="2/3" />
      )}
    </div>
  );
}

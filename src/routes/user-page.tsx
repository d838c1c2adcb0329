/**
 * A user's page (/user/{id}): the profile header, then their posts by kind in tabs (话题 / 吃瓜 /
 * 文章, each with its count), opening on the first kind they posted.
 */
import '../styles/directory.css';
import type { UserProfile } from '../../contract/calls/content.ts';
import { getUserProfile } from '../features/users/user-calls.ts';
import type { ScreenProps } from '../components/page/screen.ts';
import { ErrorState } from '../components/error-state.tsx';
import { MissingState } from '../components/missing-state.tsx';
import { PostFeed, postFeedList } from '../features/posts/post-feed.tsx';
import { SegmentTabs } from '../components/segment-tabs.tsx';
import { SkeletonList } from '../components/skeleton.tsx';
import { useFirstListWithContent } from '../components/hooks/use-first-list-with-content.ts';
import { POST_KINDS } from '../../contract/enums.ts';
import { Skeleton } from '../components/skeleton.tsx';
import { UserAvatar } from '../features/users/user-avatar.tsx';
import { formatCount, formatDate } from '../lib/format.ts';
import { idParam } from '../lib/route-params.ts';
import { useRouteResource } from '../components/hooks/use-resource.ts';
import { useHeadTitle } from '../components/page/page-context.tsx';
import { messages } from '../messages.ts';

export default function UserPageScreen({ params }: ScreenProps) {
  const user = useRouteResource('user', idParam(params.id), (id) => getUserProfile(id, { toast: false }));
  useHeadTitle(user.data?.nickname);
  if (user.notFound) return <MissingState />;
  if (user.error) return <ErrorState error={user.error} onRetry={user.retry} />;
  if (!user.data) return <Skeleton className="profile-head profile-head--skeleton" />;
  return (
    <>
      <ProfileHeader user={user.data} />
      <UserPosts user={user.data} />
    </>
  );
}

function UserPosts({ user }: { user: UserProfile }) {
  const query = { authorId: user.id };
  const { tab, setTab, totals } = useFirstListWithContent(
    POST_KINDS.map((kind) => ({ tab: kind, ...postFeedList(kind, query) })),
  );
  const tabs = POST_KINDS.map((value) => {
    const total = totals[value];
    const label = messages.tags.tabs[value];
    return { value, label: total === undefined ? label : messages.tags.tabLabel(label, formatCount(total)) };
  });
  return (
    <>
      <SegmentTabs tabs={tabs} value={tab ?? POST_KINDS[0]} onChange={setTab} label={messages.users.theirPosts} />
      {tab ? (
        <PostFeed
          key={tab}
          kind={tab}
          query={query}
          showGroup
          showAuthor={false}
          empty={messages.users.emptyPosts[tab]}
        />
      ) : (
        <SkeletonList layout="list" count={4} />
      )}
    </>
  );
}

function ProfileHeader({ user }: { user: UserProfile }) {
  return (
    <header className="profile-head card" data-testid="profile-head">
      <UserAvatar user={user} size={72} />
      <div className="profile-head__text">
        <h2 className="profile-head__name">{user.nickname}</h2>
        <p className="profile-head__bio">{user.bio || messages.users.noBio}</p>
        <p className="profile-head__stats">
          <span>
            <strong>{formatCount(user.postCount)}</strong> {messages.users.postsLabel}
          </span>
          <span>
            <strong>{formatCount(user.likesReceived)}</strong> {messages.users.likesLabel}
          </span>
          <span className="profile-head__joined">{messages.users.joined(formatDate(user.createdAt))}</span>
        </p>
      </div>
    </header>
  );
}

/** One forum group (/forum/{topicId}): its header with 发帖 (into this group), then its topics, pinned first. */
import '../styles/directory.css';
import type { ForumGroup } from '../../contract/calls/content.ts';
import { getForumGroup } from '../features/forum/forum-calls.ts';
import { ForumGroupCounts } from '../features/forum/forum-view.tsx';
import { ComposeLink } from '../features/forum/compose-link.tsx';
import type { ScreenProps } from '../components/page/screen.ts';
import { DataIcon } from '../components/data-icon.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { MissingState } from '../components/missing-state.tsx';
import { PostFeed } from '../features/posts/post-feed.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { idParam } from '../lib/route-params.ts';
import { useRouteResource } from '../components/hooks/use-resource.ts';
import { messages } from '../messages.ts';

export default function ForumPageScreen({ params }: ScreenProps) {
  const topicId = idParam(params.id);
  const group = useRouteResource('forum', topicId, (id) => getForumGroup(id, { toast: false }));
  if (topicId === null || group.notFound) return <MissingState />;
  if (group.error) return <ErrorState error={group.error} onRetry={group.retry} />;
  return (
    <>
      {group.data ? <GroupHeader group={group.data} /> : <Skeleton className="group-header group-header--skeleton" />}
      <PostFeed kind="topic" query={{ topicId }} empty={messages.forum.emptyGroup} />
    </>
  );
}

function GroupHeader({ group }: { group: ForumGroup }) {
  return (
    <header className="group-header card" data-testid="group-header">
      <span className="forum-group__icon group-header__icon">
        <DataIcon name={group.icon} size={32} />
      </span>
      <div className="group-header__text">
        <h2 className="group-header__name">{group.name}</h2>
        <p className="group-header__desc">{group.description}</p>
        <ForumGroupCounts group={group} as="p" />
      </div>
      <ComposeLink groupId={group.topicId} />
    </header>
  );
}

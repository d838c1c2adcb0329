/**
 * The forum (/forum): its groups (the children of the '/forum' category, from /forum/getList),
 * each with its icon, description, topic count and today's new topics, and a way to all topics.
 */
import '../styles/directory.css';
import { Link } from 'wouter';
import type { ForumGroup } from '../../contract/calls/content.ts';
import { getForumGroups } from '../features/forum/forum-calls.ts';
import { paths } from '../lib/route-paths.ts';
import { DataIcon } from '../components/data-icon.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { IconChevron, IconForum } from '../components/icons.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { formatCount } from '../lib/format.ts';
import { useResource } from '../components/hooks/use-resource.ts';
import { messages } from '../messages.ts';

export default function ForumListScreen() {
  const groups = useResource('forum-groups', () => getForumGroups({ toast: false }));
  return (
    <div className="forum-screen">
      <header className="screen-head">
        <h1 className="screen-title">{messages.forum.heading}</h1>
        <p className="screen-lead">{messages.forum.lead}</p>
      </header>
      <Link href={paths.topicList()} className="forum-all card">
        <IconForum className="forum-all__icon" />
        <span className="forum-all__text">
          <span className="forum-all__title">{messages.forum.allTopics}</span>
          <span className="forum-all__hint">{messages.forum.allTopicsHint}</span>
        </span>
        <IconChevron className="forum-all__chevron" />
      </Link>
      {groups.error ? (
        <ErrorState error={groups.error} onRetry={groups.retry} />
      ) : (
        <ul className="forum-groups">
          {groups.data ? (
            groups.data.map((group) => <ForumGroupItem key={group.topicId} group={group} />)
          ) : (
            <GroupSkeletons />
          )}
        </ul>
      )}
    </div>
  );
}

function ForumGroupItem({ group }: { group: ForumGroup }) {
  return (
    <li>
      <Link href={paths.forum(group.topicId)} className="forum-group card" data-testid="forum-group">
        <span className="forum-group__icon">
          <DataIcon name={group.icon} size={26} />
        </span>
        <span className="forum-group__text">
          <span className="forum-group__name">{group.name}</span>
          <span className="forum-group__desc">{group.description}</span>
          <span className="forum-group__counts">
            <span>{messages.forum.topicCount(formatCount(group.topicCount))}</span>
            <span className={group.todayCount > 0 ? 'forum-group__today is-active' : 'forum-group__today'}>
              {messages.forum.todayCount(group.todayCount)}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

function GroupSkeletons() {
  return Array.from({ length: 6 }, (_, i) => (
    <li key={i} className="forum-group card" aria-hidden="true">
      <Skeleton className="forum-group__icon" />
      <span className="forum-group__text">
        <Skeleton className="skeleton--line skeleton--short" />
        <Skeleton className="skeleton--line" />
      </span>
    </li>
  ));
}

/**
 * The forum's screen (src/routes/forum-list.tsx; also rendered by the server's first paint,
 * src/entry-server.tsx): the heading and its lead with 发帖, the way to all topics, and the groups (the
 * children of the '/forum' category), each with its icon, description, topic count and today's
 * new topics. ForumFrame draws what shows before the groups came (skeletons, an error).
 */
import '../../styles/directory.css';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ForumGroup } from '../../../contract/calls/content.ts';
import { DataIcon } from '../../components/data-icon.tsx';
import { IconChevron, IconForum } from '../../components/icons.tsx';
import { useFirstPaintHandover } from '../../components/page/first-paint.ts';
import { Skeleton } from '../../components/skeleton.tsx';
import { formatCount } from '../../lib/format.ts';
import { paths } from '../../lib/route-paths.ts';
import { messages } from '../../messages.ts';
import { ComposeLink } from './compose-link.tsx';

/** The heading, the lead and 全部帖子 above what `children` lists. */
export function ForumFrame({ children }: { children: ReactNode }) {
  return (
    <div className="forum-screen">
      <header className="screen-head compose-row">
        <div>
          <h1 className="screen-title">{messages.forum.heading}</h1>
          <p className="screen-lead">{messages.forum.lead}</p>
        </div>
        <ComposeLink />
      </header>
      <Link href={paths.topicList()} className="forum-all card">
        <IconForum className="forum-all__icon" />
        <span className="forum-all__text">
          <span className="forum-all__title">{messages.forum.allTopics}</span>
          <span className="forum-all__hint">{messages.forum.allTopicsHint}</span>
        </span>
        <IconChevron className="forum-all__chevron" />
      </Link>
      {children}
    </div>
  );
}

/** The screen with its groups: the content the first paint hands over to. */
export function ForumView({ groups }: { groups: readonly ForumGroup[] }) {
  useFirstPaintHandover();
  return (
    <ForumFrame>
      <ul className="forum-groups">
        {groups.map((group) => (
          <ForumGroupItem key={group.topicId} group={group} />
        ))}
      </ul>
    </ForumFrame>
  );
}

export function ForumGroupSkeletons() {
  return (
    <ul className="forum-groups">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="forum-group card" aria-hidden="true">
          <Skeleton className="forum-group__icon" />
          <span className="forum-group__text">
            <Skeleton className="skeleton--line skeleton--short" />
            <Skeleton className="skeleton--line" />
          </span>
        </li>
      ))}
    </ul>
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
          <ForumGroupCounts group={group} />
        </span>
      </Link>
    </li>
  );
}

/** A group's topic count and today's new topics (the forum list and a group's header). */
export function ForumGroupCounts({ group, as: Tag = 'span' }: { group: ForumGroup; as?: 'span' | 'p' }) {
  return (
    <Tag className="forum-group__counts">
      <span>{messages.forum.topicCount(formatCount(group.topicCount))}</span>
      <span className={group.todayCount > 0 ? 'forum-group__today is-active' : 'forum-group__today'}>
        {messages.forum.todayCount(group.todayCount)}
      </span>
    </Tag>
  );
}

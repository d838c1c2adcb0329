/**
 * One notice of the inbox: who (avatar and nickname, or 系统消息), what happened, the reply's
 * excerpt, the post's or movie's title and when. A tap opens its link (the reply's floor) and marks
 * it read; an unread one carries a dot until the list is fetched again.
 */
import type { MouseEvent } from 'react';
import { Link } from 'wouter';
import type { Notice } from '../../../contract/calls/community.ts';
import { formatRelativeTime } from '../../lib/format.ts';
import { UserAvatar } from '../users/user-avatar.tsx';
import { IconBell } from './notice-icons.tsx';
import { notificationsMessages } from './notifications-messages.ts';

const t = notificationsMessages;

/** What the actor did: an @ reads by where it was written, a reply to a post or a movie's comment. */
const actionOf = ({ type, targetType }: Notice): string =>
  type === 'mention' && targetType === 'post' ? t.mentionInReply : t.actions[type];

export function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen: (notice: Notice) => void }) {
  const { actor, type } = notice;
  const body = (
    <>
      {actor ? (
        <UserAvatar user={actor} size={44} className="notice__avatar" />
      ) : (
        <span className="notice__avatar notice__avatar--system" aria-hidden="true">
          <IconBell />
        </span>
      )}
      <span className="notice__main">
        <span className="notice__head">
          <span className="notice__actor" data-testid="notice-actor">
            {actor?.nickname ?? t.systemActor}
          </span>
          {actor && <span className="notice__action">{actionOf(notice)}</span>}
        </span>
        {notice.excerpt && (
          <span className="notice__excerpt" data-testid="notice-excerpt">
            {notice.excerpt}
          </span>
        )}
        <span className="notice__meta">
          {notice.targetTitle && <span className="notice__target">{notice.targetTitle}</span>}
          {notice.floor !== null && <span className="notice__floor">{t.floor(notice.floor)}</span>}
          <time className="notice__time" dateTime={new Date(notice.createdAt).toISOString()}>
            {formatRelativeTime(notice.createdAt)}
          </time>
        </span>
      </span>
      {!notice.read && <span className="notice__dot" aria-label={t.unread(1)} />}
    </>
  );
  const className = notice.read ? 'notice' : 'notice is-unread';
  if (!notice.link) {
    return (
      <div className={className} data-testid="notice" data-type={type}>
        {body}
      </div>
    );
  }
  return (
    <Link
      href={notice.link}
      className={className}
      data-testid="notice"
      data-type={type}
      onClick={(event: MouseEvent) => {
        if (!event.defaultPrevented) onOpen(notice);
      }}
    >
      {body}
    </Link>
  );
}

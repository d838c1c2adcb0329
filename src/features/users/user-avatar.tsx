/**
 * A user's round avatar from a media key (joined to the CDN line, with fail-over, by MediaImage);
 * the first character of the nickname when there is none. Fixed size: no layout shift.
 */
import '../posts/posts.css';
import type { CSSProperties } from 'react';
import type { UserBrief } from '../../../contract/calls/content.ts';
import { messages } from '../../messages.ts';
import { MediaImage } from '../../components/media-image.tsx';

export function UserAvatar({
  user,
  size = 32,
  className,
}: {
  user: UserBrief | null;
  size?: number;
  className?: string;
}) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) } as CSSProperties;
  const name = user?.nickname ?? messages.posts.anonymous;
  return (
    <span className={`user-avatar${className ? ` ${className}` : ''}`} style={style} aria-hidden="true">
      {user?.avatar ? <MediaImage mediaKey={user.avatar} alt="" ratio="1/1" /> : name.slice(0, 1)}
    </span>
  );
}

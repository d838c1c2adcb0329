/** A user in a list: avatar, nickname, bio on two lines, posts and likes received; links to their page. */
import '../../styles/directory.css';
import { Link } from 'wouter';
import type { UserCard as UserCardData } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { formatCount } from '../../lib/format.ts';
import { messages } from '../../messages.ts';
import { UserAvatar } from './user-avatar.tsx';
import { HighlightedText } from '../search/highlighted-text.tsx';

/** `highlight`: a search answer's terms, marked in the nickname. */
export function UserCard({ user, highlight }: { user: UserCardData; highlight?: readonly string[] }) {
  return (
    <Link href={paths.user(user.id)} className="user-card" data-testid="user-card">
      <UserAvatar user={user} size={52} />
      <span className="user-card__text">
        <span className="user-card__name">
          <HighlightedText text={user.nickname} terms={highlight} />
        </span>
        <span className="user-card__bio">{user.bio || messages.users.noBio}</span>
        <span className="user-card__stats">
          <span>{messages.users.postCount(formatCount(user.postCount))}</span>
          <span>{messages.users.likesReceived(formatCount(user.likesReceived))}</span>
        </span>
      </span>
    </Link>
  );
}

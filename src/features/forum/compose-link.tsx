/**
 * 发帖: the way to /release from the forum, a forum group (which it preselects there) and /mine's
 * heading. On a phone it floats at the bottom right above the tab bar, where the thumb is; from
 * 768 px it sits in the heading's row as a button.
 */
import './forum.css';
import { Link } from 'wouter';
import { IconEdit } from '../../components/post-icons.tsx';
import { paths } from '../../lib/route-paths.ts';
import { messages } from '../../messages.ts';

export function ComposeLink({ groupId }: { groupId?: number }) {
  return (
    <Link href={paths.release(groupId)} className="button button--primary compose-link" data-testid="compose-link">
      <IconEdit className="compose-link__icon" />
      <span className="compose-link__label">{messages.forum.compose}</span>
    </Link>
  );
}

/** What a detail screen shows for a post, user, tag or collection that does not exist (code 6). */
import { Link } from 'wouter';
import { paths } from '../lib/route-paths.ts';
import { messages } from '../messages.ts';
import { shellMessages } from '../shell-messages.ts';

export function MissingState({ text = messages.posts.notFound }: { text?: string }) {
  return (
    <div className="empty-state" data-testid="missing-state">
      <p>{text}</p>
      <Link href={paths.home()} className="button button--ghost missing-state__home">
        {shellMessages.errors.backHome}
      </Link>
    </div>
  );
}

/**
 * The forum (/forum): its groups from /forum/getList (features/forum/forum-view.tsx, which the
 * server's first paint draws too) and a way to all topics.
 */
import { getForumGroups } from '../features/forum/forum-calls.ts';
import { ForumFrame, ForumGroupSkeletons, ForumView } from '../features/forum/forum-view.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { useResource } from '../components/hooks/use-resource.ts';

export default function ForumListScreen() {
  const groups = useResource('forum-groups', () => getForumGroups({ toast: false }));
  if (groups.data) return <ForumView groups={groups.data} />;
  return (
    <ForumFrame>
      {groups.error ? <ErrorState error={groups.error} onRetry={groups.retry} /> : <ForumGroupSkeletons />}
    </ForumFrame>
  );
}

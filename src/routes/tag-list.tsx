/** All tags (/tag) with how many items carry each; the hot ones are highlighted. */
import '../styles/directory.css';
import { getAllTags } from '../features/tags/tag-calls.ts';
import { ErrorState } from '../components/error-state.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { TagChips } from '../features/tags/tag-chips.tsx';
import { useResource } from '../components/hooks/use-resource.ts';
import { messages } from '../messages.ts';
import { shellMessages } from '../shell-messages.ts';

export default function TagListScreen() {
  const tags = useResource('tags', () => getAllTags({ toast: false }));
  if (tags.error) return <ErrorState error={tags.error} onRetry={tags.retry} />;
  if (!tags.data) {
    return (
      <div className="tag-chips" role="status" aria-live="polite">
        <span className="visually-hidden">{shellMessages.app.loading}</span>
        {Array.from({ length: 24 }, (_, i) => (
          <Skeleton key={i} className="tag-chip tag-chip--skeleton" style={{ width: 64 + ((i * 37) % 48) }} />
        ))}
      </div>
    );
  }
  if (tags.data.length === 0) return <p className="empty-state">{messages.content.empty}</p>;
  return <TagChips tags={tags.data} showCount label={messages.tags.heading} />;
}

/** An archive article (/archives/{id}); a priced one not unlocked shows its summary and price. */
import type { ScreenProps } from '../components/page/screen.ts';
import { PostDetailView } from '../features/posts/post-detail-view.tsx';

export default function ArchivesScreen({ params }: ScreenProps) {
  return <PostDetailView kind="article" id={params.id} />;
}

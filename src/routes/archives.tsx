/** An archive article (/archives/{id}); a priced one not unlocked shows its summary and price. */
import type { ScreenProps } from '../app/screen.ts';
import { PostDetailView } from '../components/post-detail-view.tsx';

export default function ArchivesScreen({ params }: ScreenProps) {
  return <PostDetailView kind="article" id={params.id} />;
}

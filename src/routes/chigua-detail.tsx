/** A chigua (gossip) post (/chigua/{id}) with its replies. */
import type { ScreenProps } from '../components/page/screen.ts';
import { PostDetailView } from '../features/posts/post-detail-view.tsx';

export default function ChiguaDetailScreen({ params }: ScreenProps) {
  return <PostDetailView kind="chigua" id={params.id} />;
}

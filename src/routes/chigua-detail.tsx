/** A chigua (gossip) post (/chigua/{id}) with its replies. */
import type { ScreenProps } from '../app/screen.ts';
import { PostDetailView } from '../components/post-detail-view.tsx';

export default function ChiguaDetailScreen({ params }: ScreenProps) {
  return <PostDetailView kind="chigua" id={params.id} />;
}

/** A forum topic (/topic/{id}) with its replies. */
import { getPostDetail } from '../features/posts/post-calls.ts';
import type { ScreenParams, ScreenProps } from '../components/page/screen.ts';
import { PostDetailView } from '../features/posts/post-detail-view.tsx';
import { idParam } from '../lib/route-params.ts';

/** The first call, sent before the first render when this is the first screen (app/first-screen.ts). */
export function prefetch(params: ScreenParams): Promise<unknown> | undefined {
  const id = idParam(params.id);
  return id === null ? undefined : getPostDetail('topic', id, { toast: false }).catch(() => undefined);
}

export default function TopicDetailScreen({ params }: ScreenProps) {
  return <PostDetailView kind="topic" id={params.id} />;
}

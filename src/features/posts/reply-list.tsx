/** The replies of a post (topic, chigua, article): the reply engine (features/replies/) for this post. */
import type { PostDetail } from '../../../contract/calls/content.ts';
import { RepliesAtFloor } from '../replies/replies-at-floor.tsx';

export function PostReplies({ post }: { post: Pick<PostDetail, 'id' | 'replyCount'> }) {
  return <RepliesAtFloor target={{ type: 'post', id: post.id }} count={post.replyCount} />;
}

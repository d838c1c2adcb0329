/** All forum topics (/topic), sorted 最新 / 最热 / 最多回复, by infinite scroll. */
import { PostFeed } from '../features/posts/post-feed.tsx';

export default function TopicListScreen() {
  return <PostFeed kind="topic" showGroup />;
}

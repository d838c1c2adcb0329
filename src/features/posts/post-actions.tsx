/**
 * Like and favourite of a post, optimistic: the button and the count change at once, the call
 * confirms (the server's count wins) or the change is rolled back with a toast. A second tap while
 * a call runs is ignored. Both are kept in the device's copy of 我的喜欢 at once
 * (features/saved/saved-store.ts).
 */
import { useRef, useState } from 'react';
import type { PostCard, PostDetail } from '../../../contract/calls/content.ts';
import { favouritePost, likePost } from './post-calls.ts';
import { keptOnDevice } from '../saved/saved-store.ts';
import { formatCount } from '../../lib/format.ts';
import { toggledLike, type LikeState } from './post-view.ts';
import { messages } from '../../messages.ts';
import { showToast } from '../../stores/toast.ts';
import { IconHeart, IconStar } from '../../components/post-icons.tsx';

export function PostActions({ post }: { post: PostCard & Pick<PostDetail, 'liked' | 'favorited'> }) {
  const [like, setLike] = useState<LikeState>({ liked: post.liked, likes: post.likes });
  const [favorited, setFavourited] = useState(post.favorited);
  const busy = useRef({ like: false, favourite: false });

  const fail = () => showToast(messages.posts.actionFailed, { kind: 'error' });

  const toggleLike = async () => {
    if (busy.current.like) return;
    busy.current.like = true;
    const before = like;
    const next = toggledLike(before);
    setLike(next);
    try {
      setLike(await keptOnDevice('likes', { type: 'post', post }, next.liked, () => likePost(post.id, next)));
    } catch {
      setLike(before);
      fail();
    } finally {
      busy.current.like = false;
    }
  };

  const toggleFavourite = async () => {
    if (busy.current.favourite) return;
    busy.current.favourite = true;
    const before = favorited;
    setFavourited(!before);
    try {
      const answer = await keptOnDevice('favourites', { type: 'post', post }, !before, () =>
        favouritePost(post.id, !before),
      );
      setFavourited(answer.favorited);
    } catch {
      setFavourited(before);
      fail();
    } finally {
      busy.current.favourite = false;
    }
  };

  return (
    <div className="post-actions">
      <button
        type="button"
        className={`post-action${like.liked ? ' is-on' : ''}`}
        aria-pressed={like.liked}
        onClick={toggleLike}
        data-testid="like-button"
      >
        <IconHeart filled={like.liked} className="post-action__icon" />
        <span>{messages.posts.like}</span>
        <span className="post-action__count" data-testid="like-count">
          {formatCount(like.likes)}
        </span>
      </button>
      <button
        type="button"
        className={`post-action${favorited ? ' is-on' : ''}`}
        aria-pressed={favorited}
        onClick={toggleFavourite}
        data-testid="favourite-button"
      >
        <IconStar filled={favorited} className="post-action__icon" />
        <span>{favorited ? messages.posts.favorited : messages.posts.favourite}</span>
      </button>
    </div>
  );
}

/**
 * Like and favourite of a movie, each applied at once and rolled back when the server refuses
 * (src/components/hooks/use-optimistic-toggle.ts). The like count moves with the like. Both are
 * kept in the device's copy of 我的喜欢 at once (features/saved/saved-store.ts). MovieActionBar adds
 * 分享: the row of the detail page and of the play page.
 */
import { useCallback } from 'react';
import type { MovieCard, MovieDetail } from '../../../contract/calls/content.ts';
import { likeMovie, toggleMovieFavourite } from './movie-calls.ts';
import { keptOnDevice } from '../saved/saved-store.ts';
import { formatCount } from '../../lib/format.ts';
import { useOptimisticToggle } from '../../components/hooks/use-optimistic-toggle.ts';
import { messages } from '../../messages.ts';
import { IconHeart, IconStar } from '../../components/post-icons.tsx';
import { ShareButton } from '../../components/share-button.tsx';

type Like = { liked: boolean; likes: number };
const flipLike = (like: Like): Like => ({ liked: !like.liked, likes: Math.max(0, like.likes + (like.liked ? -1 : 1)) });
const flipFavourite = (favorited: boolean) => !favorited;

export function MovieActions({ movie }: { movie: MovieCard & Pick<MovieDetail, 'liked' | 'favorited'> }) {
  const sendLike = useCallback(
    (next: Like) => keptOnDevice('likes', { type: 'movie', movie }, next.liked, () => likeMovie(movie.id, next)),
    [movie],
  );
  const sendFavourite = useCallback(
    async (next: boolean) =>
      (await keptOnDevice('favourites', { type: 'movie', movie }, next, () => toggleMovieFavourite(movie.id, next)))
        .favorited,
    [movie],
  );
  const [like, toggleLike] = useOptimisticToggle<Like>({ liked: movie.liked, likes: movie.likes }, sendLike, flipLike);
  const [favorited, toggleFavourite] = useOptimisticToggle(movie.favorited, sendFavourite, flipFavourite);
  const d = messages.movieDetail;
  return (
    <div className="movie-actions">
      <button
        type="button"
        className={like.liked ? 'movie-action is-on' : 'movie-action'}
        aria-pressed={like.liked}
        onClick={toggleLike}
        data-testid="like-button"
      >
        <IconHeart className="movie-action__icon" filled={like.liked} />
        <span>{like.liked ? d.liked : d.like}</span>
        <span className="movie-action__count" data-testid="like-count">
          {formatCount(like.likes)}
        </span>
      </button>
      <button
        type="button"
        className={favorited ? 'movie-action is-on' : 'movie-action'}
        aria-pressed={favorited}
        onClick={toggleFavourite}
        data-testid="favourite-button"
      >
        <IconStar className="movie-action__icon" filled={favorited} />
        <span>{favorited ? d.favorited : d.favourite}</span>
      </button>
    </div>
  );
}

/** 点赞, 收藏 and 分享 in one row. */
export function MovieActionBar({
  movie,
  className,
}: {
  movie: MovieCard & Pick<MovieDetail, 'liked' | 'favorited'>;
  className: string;
}) {
  return (
    <div className={`detail-actions ${className}`}>
      <MovieActions key={movie.id} movie={movie} />
      <ShareButton title={movie.title} className="movie-action share-action" iconClassName="movie-action__icon" />
    </div>
  );
}

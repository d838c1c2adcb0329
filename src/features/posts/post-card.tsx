/**
 * A post (topic, chigua or article) in a list. Two looks from one card: "compact" (title, two
 * lines of summary, up to three 1:1 thumbnails or the 16:9 cover) for topic lists, and "cover"
 * (a big 16:9 cover above the text) for the chigua feed. The body links to the post; the author
 * links to their page (no link inside a link). Counts go through formatCount.
 */
import './posts.css';
import { Link } from 'wouter';
import type { PostCard as PostCardData } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { formatCount, formatRelativeTime } from '../../lib/format.ts';
import { cardMedia, postHref } from './post-view.ts';
import { messages } from '../../messages.ts';
import { IconEye } from '../../components/icons.tsx';
import { MediaImage } from '../../components/media-image.tsx';
import { IconComment, IconHeart } from '../../components/post-icons.tsx';
import { UserAvatar } from '../users/user-avatar.tsx';
import { useLikeCount } from '../../stores/like-counts.ts';
import { HighlightedText } from '../search/highlighted-text.tsx';

interface PostCardProps {
  post: PostCardData;
  look?: 'compact' | 'cover';
  /** Show the forum group or category it belongs to (mixed lists: all topics, search). */
  showGroup?: boolean;
  /** Show who wrote it (off where every post is by the same user). */
  showAuthor?: boolean;
  priority?: boolean;
  /** A search answer's terms, marked in the title and the text under it. */
  highlight?: readonly string[];
  /** The part of the body around a search match, shown instead of the summary when not empty. */
  excerpt?: string;
}

export function PostCard({
  post,
  look: wanted = 'compact',
  showGroup = false,
  showAuthor = true,
  priority = false,
  highlight,
  excerpt,
}: PostCardProps) {
  const text = excerpt || post.summary;
  const media = wanted === 'cover' && post.cover ? ({ kind: 'cover', key: post.cover } as const) : cardMedia(post);
  const look = wanted === 'cover' && media?.kind === 'cover' ? 'cover' : 'compact'; // no cover, no cover look
  const cover = media?.kind === 'cover' && (
    <MediaImage
      mediaKey={media.key}
      alt={look === 'cover' ? post.title : ''}
      ratio="16/9"
      className={`post-card__${look}-image`}
      priority={priority}
    />
  );
  return (
    <article className={`post-card post-card--${look}`} data-testid="post-card">
      <Link href={postHref(post)} className="post-card__link">
        {look === 'cover' && cover}
        {showGroup && <span className="post-card__group">{post.category.name}</span>}
        <h3 className="post-card__title">
          {post.pinned && <span className="post-badge post-badge--pinned">{messages.posts.pinned}</span>}
          {post.hidden && (
            <span className="post-badge post-badge--hidden" title={messages.posts.hiddenHint} data-testid="post-hidden">
              {messages.posts.hidden}
            </span>
          )}
          {post.priceCoins > 0 && (
            <span className="post-badge post-badge--priced">{messages.posts.priced(post.priceCoins)}</span>
          )}
          <HighlightedText text={post.title} terms={highlight} />
        </h3>
        {text && (
          <p className="post-card__summary">
            <HighlightedText text={text} terms={highlight} />
          </p>
        )}
        {look === 'compact' && cover}
        {media?.kind === 'thumbs' && (
          <div className="post-card__thumbs">
            {media.keys.map((key) => (
              <MediaImage key={key} mediaKey={key} alt="" ratio="1/1" />
            ))}
          </div>
        )}
      </Link>
      <footer className="post-card__foot">
        <PostAuthor post={post} showAuthor={showAuthor} />
        <PostStats post={post} />
      </footer>
    </article>
  );
}

/** Views, replies and likes, compact (formatCount), with the exact numbers as tooltips. */
/** Views, replies and likes; the likes as last set in this tab (a like on its page shows at once). */
export function PostStats({ post }: { post: Pick<PostCardData, 'id' | 'views' | 'replyCount' | 'likes'> }) {
  const likes = useLikeCount(`post:${post.id}`, post.likes);
  const stats = [
    { Icon: IconEye, value: post.views, label: messages.posts.views },
    { Icon: IconComment, value: post.replyCount, label: messages.posts.replies },
    { Icon: IconHeart, value: likes, label: messages.posts.likes },
  ];
  return (
    <span className="post-stats">
      {stats.map(({ Icon, value, label }) => (
        <span key={label(String(0))} className="post-stat" title={label(String(value))}>
          <Icon className="post-stat__icon" />
          {formatCount(value)}
        </span>
      ))}
    </span>
  );
}

/** Avatar, nickname (a link to their page) and the relative time; only the time without `showAuthor`. */
export function PostAuthor({
  post,
  size = 22,
  showAuthor = true,
}: {
  post: Pick<PostCardData, 'author' | 'createdAt'>;
  size?: number;
  showAuthor?: boolean;
}) {
  const name = post.author?.nickname ?? messages.posts.anonymous;
  const time = (
    <time className="post-author__time" dateTime={new Date(post.createdAt).toISOString()}>
      {formatRelativeTime(post.createdAt)}
    </time>
  );
  if (!showAuthor) return <span className="post-author">{time}</span>;
  return (
    <span className="post-author">
      {post.author ? (
        <Link href={paths.user(post.author.id)} className="post-author__who">
          <UserAvatar user={post.author} size={size} />
          <span className="post-author__name">{name}</span>
        </Link>
      ) : (
        <span className="post-author__who">
          <UserAvatar user={null} size={size} />
          <span className="post-author__name">{name}</span>
        </span>
      )}
      {time}
    </span>
  );
}

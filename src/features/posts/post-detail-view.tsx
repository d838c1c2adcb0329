/**
 * The detail screen of a post of any kind (/topic/{id}, /chigua/{id}, /archives/{id}): its group,
 * title, author and time, counts, a member topic's video (topic-video.tsx), the body as text with
 * its images, tags, like and favourite, and the replies (features/replies/, with the composer). A priced post not unlocked shows its
 * summary and "N 金币解锁全文" (src/features/purchases/purchase-button.tsx, loaded only then); after the
 * purchase the detail loads again, unlocked. Opening a post records it in the read history. From
 * 1280 px a side column beside it lists related posts (related-posts.tsx).
 */
import './posts.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { PostDetail } from '../../../contract/calls/content.ts';
import type { PostKind } from '../../../contract/enums.ts';
import { getPostDetail } from './post-calls.ts';
import { useFirstPaintHandover } from '../../components/page/first-paint.ts';
import { useHeadTitle } from '../../components/page/page-context.tsx';
import { paths } from '../../lib/route-paths.ts';
import { postCardOf } from './post-view.ts';
import { idParam } from '../../lib/route-params.ts';
import { useRouteResource } from '../../components/hooks/use-resource.ts';
import { messages } from '../../messages.ts';
import { shellMessages } from '../../shell-messages.ts';
import { recordRead } from '../history/history-store.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { MissingState } from '../../components/missing-state.tsx';
import { PostActions } from './post-actions.tsx';
import { ShareButton } from '../../components/share-button.tsx';
import { PostBody } from './post-body.tsx';
import { PostAuthor, PostStats } from './post-card.tsx';
import { IconLock } from '../../components/post-icons.tsx';
import { PostReplies } from './reply-list.tsx';
import { RelatedPosts } from './related-posts.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { TagChips } from '../tags/tag-chips.tsx';
import { loadChunk } from '../../lib/load-chunk.ts';

const PurchaseButton = lazy(() => loadChunk(() => import('../purchases/purchase-button.tsx')));
/** Only members' topics have a video: its player loads with such a topic only. */
const TopicVideo = lazy(() => loadChunk(() => import('./topic-video.tsx')));

export function PostDetailView({ kind, id }: { kind: PostKind; id: string | undefined }) {
  const postId = idParam(id);
  const post = useRouteResource(kind, postId, (value) => getPostDetail(kind, value, { toast: false }));
  // The detail as loaded again after a purchase (unlocked), replacing the first answer in place.
  const [reloaded, setReloaded] = useState<PostDetail | null>(null);
  const data = reloaded && reloaded.id === post.data?.id ? reloaded : post.data;
  useHeadTitle(data?.title);
  const unlock = (postToReload: number) =>
    getPostDetail(kind, postToReload, { toast: false }).then(setReloaded, post.retry);
  if (data)
    return (
      <div className="post-layout">
        <div className="post-layout__content" data-testid="detail-content">
          <PostArticle post={data} onPurchased={() => void unlock(data.id)} />
        </div>
        <RelatedPosts post={data} />
      </div>
    );
  if (post.notFound) return <MissingState />;
  if (post.error) return <ErrorState error={post.error} onRetry={post.retry} />;
  return <PostSkeleton />;
}

/** Exported for the server's first paint (server/first-paint/). */
export function PostArticle({ post, onPurchased }: { post: PostDetail; onPurchased: () => void }) {
  useEffect(() => recordRead({ post: postCardOf(post) }), [post]);
  useFirstPaintHandover();
  const groupHref =
    post.category.topicId !== null ? paths.forum(post.category.topicId) : paths.category(post.category.categoryId);
  return (
    <>
      <article className="post-detail" data-testid="post-detail">
        <Link href={groupHref} className="post-detail__group">
          {post.category.name}
        </Link>
        <h1 className="post-detail__title">
          {post.pinned && <span className="post-badge post-badge--pinned">{messages.posts.pinned}</span>}
          {post.hidden && (
            <span className="post-badge post-badge--hidden" title={messages.posts.hiddenHint} data-testid="post-hidden">
              {messages.posts.hidden}
            </span>
          )}
          {post.title}
        </h1>
        <div className="post-detail__meta">
          <PostAuthor post={post} size={36} />
          <PostStats post={post} />
        </div>
        {post.video && (
          <Suspense fallback={<div className="topic-video" />}>
            <TopicVideo postId={post.id} video={post.video} title={post.title} />
          </Suspense>
        )}
        <PostBody body={post.body} images={post.allImages} title={post.title} />
        {!post.unlocked && (
          <div className="post-locked" data-testid="post-locked">
            <IconLock className="post-locked__icon" />
            <p className="post-locked__price">{messages.posts.locked(post.priceCoins)}</p>
            <p className="post-locked__hint">{messages.posts.lockedHint}</p>
            <Suspense
              fallback={
                <span className="button button--primary post-locked__buy is-disabled">{messages.posts.unlockNow}</span>
              }
            >
              <PurchaseButton
                kind="post"
                id={post.id}
                price={post.priceCoins}
                title={post.title}
                label={messages.posts.unlockNow}
                onPurchased={onPurchased}
                className="button button--primary post-locked__buy"
              />
            </Suspense>
          </div>
        )}
        {post.tags.length > 0 && <TagChips tags={post.tags} label={messages.posts.tags} />}
        <div className="detail-actions detail-actions--post">
          <PostActions key={post.id} post={post} />
          <ShareButton title={post.title} className="post-action share-action" iconClassName="post-action__icon" />
        </div>
      </article>
      <PostReplies post={post} />
    </>
  );
}

function PostSkeleton() {
  return (
    <div className="post-detail" role="status" aria-live="polite">
      <span className="visually-hidden">{shellMessages.app.loading}</span>
      <Skeleton className="skeleton--line skeleton--short" />
      <Skeleton className="post-skeleton__title" />
      <Skeleton className="skeleton--line skeleton--short" />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="skeleton--line" />
      ))}
      <Skeleton className="skeleton--media post-skeleton__media" style={{ aspectRatio: '16/9' }} />
    </div>
  );
}

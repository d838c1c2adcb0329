/**
 * One floor of a reply list: avatar and nickname (links to the author's page), 楼主, a movie
 * comment's stars, "N楼", the quoted floor in a grey box ("回复 3楼 @昵称：…"), the text with its
 * @mentions, the images, the relative time, 回复 (quote this floor in the composer), the like
 * (optimistic: shown at once, the server's count wins, rolled back on refusal; queued offline) and
 * 删除 for one's own floor or 举报 for another's. A deleted floor keeps its number and says
 * 该回复已删除; a hidden one (shown to its author only) is marked 审核中.
 */
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Reply } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { formatCount, formatRelativeTime } from '../../lib/format.ts';
import { showToast } from '../../stores/toast.ts';
import { IconHeart } from '../../components/post-icons.tsx';
import { UserAvatar } from '../users/user-avatar.tsx';
import { likeReply, type ReplyTargetRef } from './reply-calls.ts';
import { patchReply } from './reply-list-store.ts';
import { ReplyImages } from './reply-images.tsx';
import { ReplyText } from './reply-text.tsx';
import { StarsShown } from './rating-stars.tsx';
import { replyMessages as t } from './reply-messages.ts';

export interface FloorActions {
  onReply: (reply: Reply) => void;
  onDelete: (reply: Reply) => void;
  onReport: (reply: Reply) => void;
}

interface ReplyFloorProps extends FloorActions {
  reply: Reply;
  target: ReplyTargetRef;
  highlighted?: boolean;
}

function LikeButton({ reply, target }: { reply: Reply; target: ReplyTargetRef }) {
  const busy = useRef(false);
  const [shown, setShown] = useState<{ liked: boolean; likes: number } | null>(null);
  const state = shown ?? { liked: reply.liked, likes: reply.likes };
  const toggle = async () => {
    if (busy.current) return;
    busy.current = true;
    const next = { liked: !state.liked, likes: Math.max(0, state.likes + (state.liked ? -1 : 1)) };
    setShown(next);
    try {
      const answer = await likeReply(reply.id, next);
      patchReply(target, reply.id, answer);
    } catch {
      showToast(t.likeFailed, { kind: 'error' });
    } finally {
      setShown(null);
      busy.current = false;
    }
  };
  return (
    <button
      type="button"
      className={`reply-action reply-action--like${state.liked ? ' is-on' : ''}`}
      aria-pressed={state.liked}
      aria-label={`${t.like} ${t.likeCount(String(state.likes))}`}
      onClick={toggle}
      data-testid="reply-like"
    >
      <IconHeart filled={state.liked} className="reply-action__icon" />
      <span data-testid="reply-like-count">{state.likes > 0 ? formatCount(state.likes) : t.like}</span>
    </button>
  );
}

function QuoteBox({ quote }: { quote: NonNullable<Reply['quote']> }) {
  return (
    <blockquote className="reply-quote" data-testid="reply-quote">
      <span className="reply-quote__who">
        {t.quote(quote.floor)}
        {quote.author && <> @{quote.author.nickname}</>}：
      </span>
      {quote.deleted || !quote.body ? (
        <span className="reply-quote__gone">{quote.deleted ? t.quoteDeleted : t.quoteHidden}</span>
      ) : (
        quote.body
      )}
    </blockquote>
  );
}

export function ReplyFloor({ reply, target, highlighted = false, onReply, onDelete, onReport }: ReplyFloorProps) {
  const name = reply.author?.nickname ?? t.anonymous;
  const classes = [
    'reply',
    highlighted && 'is-highlighted',
    reply.deleted && 'is-deleted',
    reply.hidden && 'is-hidden',
  ];
  return (
    <article
      className={classes.filter(Boolean).join(' ')}
      data-testid="reply"
      data-floor={reply.floor}
      id={`floor-${reply.floor}`}
    >
      {reply.author ? (
        <Link href={paths.user(reply.author.id)} className="reply__avatar" aria-label={name} tabIndex={-1}>
          <UserAvatar user={reply.author} size={36} />
        </Link>
      ) : (
        <UserAvatar user={null} size={36} className="reply__avatar" />
      )}
      <div className="reply__main">
        <header className="reply__head">
          {reply.author ? (
            <Link href={paths.user(reply.author.id)} className="reply__name">
              {name}
            </Link>
          ) : (
            <span className="reply__name">{name}</span>
          )}
          {reply.byPostAuthor && <span className="post-badge post-badge--poster">{t.poster}</span>}
          {reply.hidden && (
            <span className="reply-badge reply-badge--hidden" title={t.hiddenHint} data-testid="reply-hidden">
              {t.hidden}
            </span>
          )}
          <span className="reply__floor">{t.floor(reply.floor)}</span>
        </header>
        {reply.rating !== null && !reply.deleted && <StarsShown value={reply.rating} size={12} />}
        {reply.deleted ? (
          <p className="reply__deleted" data-testid="reply-deleted">
            {t.deleted}
          </p>
        ) : (
          <>
            {reply.quote && <QuoteBox quote={reply.quote} />}
            <div className="reply__body">
              <ReplyText body={reply.body} mentions={reply.mentions} />
            </div>
            <ReplyImages images={reply.images} />
          </>
        )}
        <footer className="reply__foot">
          <time dateTime={new Date(reply.createdAt).toISOString()}>{formatRelativeTime(reply.createdAt)}</time>
          {!reply.deleted && (
            <span className="reply__actions">
              <button
                type="button"
                className="reply-action"
                onClick={() => onReply(reply)}
                data-testid="reply-quote-button"
              >
                {t.reply}
              </button>
              <LikeButton reply={reply} target={target} />
              {reply.mine ? (
                <button
                  type="button"
                  className="reply-action"
                  onClick={() => onDelete(reply)}
                  data-testid="reply-delete"
                >
                  {t.delete}
                </button>
              ) : (
                <button
                  type="button"
                  className="reply-action"
                  onClick={() => onReport(reply)}
                  data-testid="reply-report"
                >
                  {t.report}
                </button>
              )}
            </span>
          )}
        </footer>
      </div>
    </article>
  );
}

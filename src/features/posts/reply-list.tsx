/**
 * The replies of a post, paged by infinite scroll, each with its floor ("3楼"), the author (marked
 * 楼主 when it is the post's author), the relative time, the text as paragraphs and its likes.
 * The list's state is kept by post id, so leaving and coming back finds the replies loaded.
 */
import './posts.css';
import { Link } from 'wouter';
import type { Reply } from '../../../contract/calls/content.ts';
import { getReplies } from './post-calls.ts';
import { paths } from '../../lib/route-paths.ts';
import { formatCount, formatRelativeTime } from '../../lib/format.ts';
import { toParagraphs } from './post-view.ts';
import { messages } from '../../messages.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { IconHeart } from '../../components/post-icons.tsx';
import { UserAvatar } from '../users/user-avatar.tsx';

interface ReplyListProps {
  postId: number;
  /** The post's author, whose replies are marked 楼主. */
  posterId: number | null;
  replyCount: number;
}

export function ReplyList({ postId, posterId, replyCount }: ReplyListProps) {
  const cacheKey = `replies:${postId}`;
  return (
    <section className="replies" aria-labelledby={`${cacheKey}-title`}>
      <h2 className="replies__title" id={`${cacheKey}-title`}>
        {messages.posts.repliesTitle(replyCount)}
      </h2>
      <PagedList
        cacheKey={cacheKey}
        fetchPage={(page, size) => getReplies(postId, page, size, { toast: false })}
        keyOf={(reply) => reply.id}
        render={(reply) => <ReplyItem reply={reply} byPoster={reply.author !== null && reply.author.id === posterId} />}
        skeleton={{ count: 3 }}
        empty={<p className="empty-state replies__empty">{messages.posts.noReplies}</p>}
      />
    </section>
  );
}

function ReplyItem({ reply, byPoster }: { reply: Reply; byPoster: boolean }) {
  const name = reply.author?.nickname ?? messages.posts.anonymous;
  return (
    <article className="reply" data-testid="reply">
      {reply.author ? (
        <Link href={paths.user(reply.author.id)} className="reply__avatar" aria-label={name}>
          <UserAvatar user={reply.author} size={36} />
        </Link>
      ) : (
        <UserAvatar user={null} size={36} className="reply__avatar" />
      )}
      <div className="reply__main">
        <header className="reply__head">
          <span className="reply__name">{name}</span>
          {byPoster && <span className="post-badge post-badge--poster">{messages.posts.poster}</span>}
          <span className="reply__floor">{messages.posts.floor(reply.floor)}</span>
        </header>
        <div className="reply__body">
          {toParagraphs(reply.body).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        <footer className="reply__foot">
          <time dateTime={new Date(reply.createdAt).toISOString()}>{formatRelativeTime(reply.createdAt)}</time>
          <span className="reply__likes" title={messages.posts.likes(String(reply.likes))}>
            <IconHeart className="post-stat__icon" />
            {formatCount(reply.likes)}
          </span>
        </footer>
      </div>
    </article>
  );
}

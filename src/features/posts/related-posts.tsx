/**
 * The side column of a post's detail page on a desktop (from 1280 px; none on a phone, so no call
 * there): a forum topic lists the hot topics of its group, a 吃瓜 post or an article the hot posts of
 * its section, from the list call that exists (getPostPage, cached), without the post itself.
 */
import { Link } from 'wouter';
import type { PostDetail } from '../../../contract/calls/content.ts';
import { useMediaQuery } from '../../components/hooks/use-media-query.ts';
import { useResource } from '../../components/hooks/use-resource.ts';
import { formatCount } from '../../lib/format.ts';
import { messages } from '../../messages.ts';
import { getPostPage, type PostQuery } from './post-calls.ts';
import { postHref } from './post-view.ts';

export const SIDE_COLUMN = '(min-width: 1280px)';
const SHOWN = 8;

function SideList({ post }: { post: PostDetail }) {
  const group = post.kind === 'topic' ? post.category.topicId : null;
  const query: PostQuery = group !== null ? { topicId: group, sort: 'hot' } : { sort: 'hot' };
  const list = useResource(`related-posts:${post.kind}:${group ?? ''}`, () =>
    getPostPage(post.kind, query, 1, SHOWN + 1, undefined, { toast: false }),
  );
  const items = (list.data?.list ?? []).filter((item) => item.id !== post.id).slice(0, SHOWN);
  const title = group !== null ? messages.posts.groupHot(post.category.name) : messages.posts.sectionHot;
  return (
    <aside className="post-side card" aria-labelledby="post-side-title" data-testid="detail-side">
      <h2 className="post-side__title" id="post-side-title">
        {title}
      </h2>
      {list.data && items.length === 0 && <p className="post-side__empty muted">{messages.posts.emptyList}</p>}
      <ol className="post-side__list">
        {items.map((item, index) => (
          <li key={item.id}>
            <Link href={postHref(item)} className="post-side__item">
              <span className={index < 3 ? 'post-side__rank is-top' : 'post-side__rank'}>{index + 1}</span>
              <span className="post-side__text">
                <span className="post-side__name">{item.title}</span>
                <span className="post-side__meta">
                  {messages.posts.replies(formatCount(item.replyCount))} ·{' '}
                  {messages.posts.views(formatCount(item.views))}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </aside>
  );
}

export function RelatedPosts({ post }: { post: PostDetail }) {
  const wide = useMediaQuery(SIDE_COLUMN);
  return wide ? <SideList post={post} /> : null;
}

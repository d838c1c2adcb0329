/**
 * Pure helpers over posts: where a post of each kind opens, the card kept in the read history
 * (a detail answer carries the whole body), and a body's paragraphs. Bodies are plain text with
 * blank lines between paragraphs (contract/calls/content.ts); they are rendered as text, never as HTML.
 */
import type { PostCard, PostDetail } from '../../../contract/calls/content.ts';
import type { PostKind } from '../../../contract/enums.ts';
import { paths } from '../../lib/route-paths.ts';

const HREF_OF_KIND: Record<PostKind, (id: number) => string> = {
  topic: paths.topic,
  chigua: paths.chigua,
  article: paths.archives,
};

export const postHref = (post: Pick<PostCard, 'kind' | 'id'>): string => HREF_OF_KIND[post.kind](post.id);

/** Only the card's own fields of a detail, for the read history. */
export const postCardOf = (post: PostDetail | PostCard): PostCard => ({
  id: post.id,
  kind: post.kind,
  title: post.title,
  summary: post.summary,
  cover: post.cover,
  images: post.images.slice(0, 3),
  author: post.author ? { id: post.author.id, nickname: post.author.nickname, avatar: post.author.avatar } : null,
  views: post.views,
  likes: post.likes,
  replyCount: post.replyCount,
  priceCoins: post.priceCoins,
  pinned: post.pinned,
  createdAt: post.createdAt,
  category: { categoryId: post.category.categoryId, name: post.category.name, topicId: post.category.topicId },
  ...(post.hidden ? { hidden: post.hidden } : {}),
});

/**
 * The paragraphs of a plain-text body: split at blank lines (whitespace-only lines count as
 * blank), each trimmed, empty ones dropped; single line breaks stay inside their paragraph.
 * Windows line ends are accepted.
 */
export function toParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

export type CardMedia = { kind: 'thumbs'; keys: string[] } | { kind: 'cover'; key: string } | null;

/** What a list card shows of a post's images: up to three thumbnails, else its cover, else nothing. */
export function cardMedia(post: Pick<PostCard, 'images' | 'cover'>): CardMedia {
  if (post.images.length > 0) return { kind: 'thumbs', keys: post.images.slice(0, 3) };
  return post.cover ? { kind: 'cover', key: post.cover } : null;
}

export interface LikeState {
  liked: boolean;
  likes: number;
}

/** The optimistic state after tapping like: flipped, the count moved by one (never below zero). */
export const toggledLike = ({ liked, likes }: LikeState): LikeState => ({
  liked: !liked,
  likes: Math.max(0, likes + (liked ? -1 : 1)),
});

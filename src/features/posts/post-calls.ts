/**
 * Post calls (docs/api.md). Forum topics, chigua posts and archive articles are one kind of
 * thing listed by three sections: one page call and one detail call, chosen by kind. Replies,
 * likes and favourites apply to posts of every kind (under /topic/...).
 *
 * Reads are cached for 60 s, mutations never; likes and favourites made offline are queued
 * (src/api/offline-queue.ts). Because a cached detail would still show the viewer's like or favourite
 * from before a toggle, the answers of the toggles are remembered here and laid over every detail
 * answer of that post for the rest of the session.
 */
import { sendOrQueue } from '../../api/offline-queue.ts';
import { call, type CallOptions } from '../../api/client.ts';
import type { Page, PostCard, PostDetail } from '../../../contract/calls/content.ts';
import type { PostKind, PostSort } from '../../../contract/enums.ts';
import { API } from '../../../contract/calls/paths.ts';
import { setLikeCount } from '../../stores/like-counts.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export interface PostQuery {
  topicId?: number;
  categoryId?: number;
  tag?: string;
  authorId?: number;
  sort?: PostSort;
}

const SECTION_PATHS = {
  topic: { page: API.topicPage, detail: API.topicDetail },
  chigua: { page: API.chiguaPage, detail: API.chiguaDetail },
  article: { page: API.archivesPage, detail: API.archivesDetail },
} as const satisfies Record<PostKind, { page: string; detail: string }>;

type Reactions = Partial<Pick<PostDetail, 'liked' | 'likes' | 'favorited'>>;
const reactions = new Map<number, Reactions>();

const remember = (id: number, change: Reactions): void => {
  reactions.set(id, { ...reactions.get(id), ...change });
};

export const getPostPage = (
  kind: PostKind,
  query: PostQuery,
  page: number,
  pageSize: number,
  cursor?: string,
  options?: ToastOption,
): Promise<Page<PostCard>> =>
  call(SECTION_PATHS[kind].page, { ...query, page, pageSize, cursor }, { ...options, cache: true });

/** Rejects with code 6 when no post of this kind has the id. */
export async function getPostDetail(kind: PostKind, id: number, options?: ToastOption): Promise<PostDetail> {
  const detail = await call(SECTION_PATHS[kind].detail, { id }, { ...options, cache: true });
  return { ...detail, ...reactions.get(id) };
}

/**
 * Sets or clears the viewer's like to what the screen shows (`next`); answers the server's state and
 * count, or `next` when it was queued offline (src/api/offline-queue.ts). No toast: the screen rolls back.
 * The count shows everywhere at once (stores/like-counts.ts: the page's stats, its cards).
 */
export async function likePost(
  id: number,
  next: { liked: boolean; likes: number },
): Promise<{ liked: boolean; likes: number }> {
  const putBack = setLikeCount(`post:${id}`, next.likes);
  try {
    const answer = await sendOrQueue(API.topicLike, { id, like: next.liked }, next);
    remember(id, answer);
    setLikeCount(`post:${id}`, answer.likes);
    return answer;
  } catch (error) {
    putBack();
    throw error;
  }
}

/** Sets or clears the viewer's favourite; answers the new state (queued offline like a like). */
export async function favouritePost(id: number, favourite: boolean): Promise<{ favorited: boolean }> {
  const answer = await sendOrQueue(API.topicFavourite, { id, like: favourite }, { favorited: favourite });
  remember(id, answer);
  return answer;
}

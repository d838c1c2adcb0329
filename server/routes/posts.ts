/**
 * Posts: the three sections that list them (forum topics, chigua, archive articles) share one
 * implementation parametrised by kind; replies, likes and favourites apply to posts of any kind
 * (under /topic/...); /topic/replyPage pages the reply engine's floors by number (server/db/replies.ts).
 * A detail counts a view; a priced post not yet unlocked for the viewer answers its summary as the
 * body and only the card's images.
 */
import {
  idSchema,
  likeSchema,
  postPageSchema,
  replyPageSchema,
  type PostDetail,
} from '../../contract/calls/content.ts';
import type { PostKind } from '../../contract/enums.ts';
import { API } from '../../contract/calls/paths.ts';
import { canReadInFull } from '../db/access.ts';
import { onceByKey } from '../db/call-keys.ts';
import { recordRead } from '../db/activity.ts';
import { countPostView } from '../db/daily-stats.ts';
import { postVideo } from '../db/chunk-uploads.ts';
import type { Queryable } from '../db/db.ts';
import { findPost, pagePosts, postExists, toPostCard } from '../db/posts.ts';
import { findTarget, pageTopicReplies } from '../db/replies.ts';
import { siteDay } from '../db/site-day.ts';
import { tagsOf } from '../db/tags.ts';
import { setFavourite, viewerFlags } from '../db/user-items.ts';
import type { User } from '../db/users.ts';
import type { ViewCounts } from '../db/view-counts.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { likeCall } from './like-call.ts';
import { found, notFound, postScope, tagScope } from './lookups.ts';

interface Section {
  kind: PostKind;
  page: typeof API.topicPage | typeof API.chiguaPage | typeof API.archivesPage;
  detail: typeof API.topicDetail | typeof API.chiguaDetail | typeof API.archivesDetail;
  /** Code 6 message of an unknown id. */
  missing: string;
}

const SECTIONS: readonly Section[] = [
  { kind: 'topic', page: API.topicPage, detail: API.topicDetail, missing: '帖子不存在' },
  { kind: 'chigua', page: API.chiguaPage, detail: API.chiguaDetail, missing: '吃瓜内容不存在' },
  { kind: 'article', page: API.archivesPage, detail: API.archivesDetail, missing: '文章不存在' },
];

const postNotFound = (id: number): string => `内容不存在：${id}`;

/** A topic as a visitor without a session sees it, without counting a view (the server's first paint). */
export const previewTopicDetail = (q: Queryable, id: number, now: number): Promise<PostDetail> =>
  postDetail(q, SECTIONS[0]!, id, null, now);

/** A 吃瓜 post as a visitor without a session sees it, without counting a view (the server's first paint's head). */
export const previewChiguaDetail = (q: Queryable, id: number, now: number): Promise<PostDetail> =>
  postDetail(q, SECTIONS[1]!, id, null, now);

/** An archive's article as a visitor without a session sees it, without counting a view (the server's first paint's head). */
export const previewArticleDetail = (q: Queryable, id: number, now: number): Promise<PostDetail> =>
  postDetail(q, SECTIONS[2]!, id, null, now);

/** A signed-in viewer's open counts for the daily read task (server/db/activity.ts). */
async function postDetail(
  q: Queryable,
  section: Section,
  id: number,
  user: User | null,
  now: number,
  /** Counts the view there (written later, in a batch); absent: not counted. */
  views?: ViewCounts,
): Promise<PostDetail> {
  const row = found(await findPost(q, id, section.kind, user?.id ?? null), `${section.missing}：${id}`);
  const post = views?.count('post', row) ?? row;
  const [tags, flags, unlocked, video] = await Promise.all([
    tagsOf(q, 'post', post.id),
    viewerFlags(q, user?.id ?? null, 'post', post.id),
    canReadInFull(q, user, post),
    postVideo(q, post.id),
    user && recordRead(q, user.id, post.id, siteDay(now)),
  ]);
  const card = toPostCard(post);
  return {
    ...card,
    body: unlocked ? post.body : card.summary,
    allImages: unlocked ? post.images : card.images,
    tags,
    ...flags,
    unlocked,
    video: unlocked ? video : null,
  };
}

const sectionCalls = (section: Section): Call[] => [
  defineCall({
    path: section.page,
    schema: postPageSchema,
    auth: 'none',
    handler: async ({ db, payload }) => {
      const [categoryIds, tagId] = await Promise.all([postScope(db, payload), tagScope(db, payload.tag)]);
      const filters = {
        kind: section.kind,
        categoryIds,
        tagId,
        authorId: payload.authorId,
        sort: payload.sort,
      };
      return pagePosts(db, filters, payload);
    },
  }),
  defineCall({
    path: section.detail,
    schema: idSchema,
    auth: 'optional',
    handler: async ({ db, payload, user, now, site, views }) => {
      const detail = await postDetail(db, section, payload.id, user, now, views);
      await countPostView(db, site.id, siteDay(now), detail.id); // the dashboard's top posts
      return detail;
    },
  }),
];

export const postCalls: readonly Call[] = [
  ...SECTIONS.flatMap(sectionCalls),
  defineCall({
    path: API.topicReplies,
    schema: replyPageSchema,
    auth: 'optional',
    handler: async ({ db, payload, user }) => {
      const target = found(await findTarget(db, 'post', payload.id, user?.id ?? null), postNotFound(payload.id));
      return pageTopicReplies(db, target, payload, user?.id ?? null);
    },
  }),
  likeCall(API.topicLike, 'post', postNotFound),
  defineCall({
    path: API.topicFavourite,
    schema: likeSchema,
    auth: 'user',
    handler: ({ db, payload, user }) =>
      db.tx((q) =>
        onceByKey(q, user.id, API.topicFavourite, payload.idempotencyKey, async () => {
          if (!(await postExists(q, payload.id))) throw notFound(postNotFound(payload.id));
          await setFavourite(q, user.id, 'post', payload.id, payload.like);
          return { favorited: payload.like };
        }),
      ),
  }),
];

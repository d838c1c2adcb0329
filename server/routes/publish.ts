/**
 * Publishing: the chunk calls (unsigned, token required; server/uploads/chunks/upload-service.ts
 * does the work), cancelling an upload, publishing a forum topic, and a topic's video state.
 *
 * A topic goes to a forum group (topicId) or to a category of the forum tree below the root; its
 * images are urls answered by /shard/memberUploadImg (or by a merged image upload), its tags keys
 * of existing tags, its video a merged video upload of the same user. It counts for the daily
 * publish task at once (server/db/activity.ts counts topics by author and day).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../contract/calls/content.ts';
import {
  chunkCheckSchema,
  chunkUploadFieldsSchema,
  fileIdSchema,
  publishSchema,
  type PublishResult,
} from '../../contract/calls/publish.ts';
import { CHUNK_MAX_BYTES, MAX_TOPICS_PER_DAY } from '../../contract/calls/publish-limits.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { categoryIdOfTopic, subtreeIds } from '../db/categories.ts';
import { findUpload, posterOf, postVideo, videoOf } from '../db/chunk-uploads.ts';
import type { Queryable } from '../db/db.ts';
import { postExists } from '../db/posts.ts';
import { categoryRoot, insertTopic, tagIdsOf, topicsPublishedOn } from '../db/publish.ts';
import { siteDay } from '../db/site-day.ts';
import { ApiError, invalidParams } from '../api-error.ts';
import { holdFirstPost } from '../moderation/first-post-review.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import type { UploadedFile } from '../protocol/multipart-input.ts';
import { isStoredImage } from '../uploads/images/image-upload.ts';
import type { UploadService } from '../uploads/chunks/upload-service.ts';
import { found, notFound } from './lookups.ts';

const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as { data?: unknown }).data);

const chunkSchema = chunkUploadFieldsSchema.extend({
  chunk: z.custom<UploadedFile>(isUploadedFile, {
    message: '缺少 chunk：请以 multipart/form-data 的 chunk 字段上传分片',
  }),
});

/** The forum category of a topic: the group of topicId, or categoryId inside the forum (and inside that group). */
async function forumCategory(
  q: Queryable,
  topicId: number | undefined,
  categoryId: number | undefined,
): Promise<number> {
  const group =
    topicId === undefined ? undefined : found(await categoryIdOfTopic(q, topicId), `版块不存在：${topicId}`);
  if (categoryId === undefined) return group!;
  const root = found(await categoryRoot(q, categoryId), `分类不存在：${categoryId}`);
  if (root.route !== '/forum' || root.depth < 2) throw invalidParams('categoryId 必须是论坛下的版块');
  if (group !== undefined && !(await subtreeIds(q, group)).includes(categoryId))
    throw invalidParams('categoryId 不在 topicId 的版块内');
  return categoryId;
}

/** The app's upload service (server/app.ts decorates the instance with it). */
const uploadsOf = (req: FastifyRequest): UploadService => req.server.uploads;

export const publishCalls: readonly Call[] = [
  defineCall({
    path: API.chunkCheck,
    schema: chunkCheckSchema,
    auth: 'user',
    handler: ({ payload, user, req }) => uploadsOf(req).check(user.id, payload),
  }),
  defineCall({
    path: API.chunkUpload,
    schema: chunkSchema,
    auth: 'user',
    upload: { maxBytes: CHUNK_MAX_BYTES },
    handler: ({ payload, user, req }) =>
      uploadsOf(req).receive(user.id, payload.fileId, payload.index, payload.chunk.data),
  }),
  defineCall({
    path: API.chunkMerge,
    schema: fileIdSchema,
    auth: 'user',
    handler: ({ payload, user, req }) => uploadsOf(req).merge(user.id, payload.fileId),
  }),
  defineCall({
    path: API.chunkCancel,
    schema: fileIdSchema,
    auth: 'user',
    handler: ({ payload, user, req }) => uploadsOf(req).cancel(user.id, payload.fileId),
  }),
  defineCall({
    path: API.topicPublish,
    schema: publishSchema,
    auth: 'user',
    handler: async ({ db, payload, user, config, now }): Promise<PublishResult> => {
      const categoryId = await forumCategory(db, payload.topicId, payload.categoryId);
      const tags = await tagIdsOf(db, [...new Set(payload.tags)]);
      if (tags.unknown.length > 0) throw notFound(`标签不存在：${tags.unknown.join('、')}`);
      const images = [...new Set(payload.images)];
      for (const url of images) {
        if (!(await isStoredImage(url, config.UPLOAD_DIR)))
          throw invalidParams(`images 中的图片不存在：${url.slice(0, 80)}`);
      }
      const video = payload.videoFileId === undefined ? undefined : await findUpload(db, user.id, payload.videoFileId);
      if (payload.videoFileId !== undefined && (video?.state !== 'merged' || video.kind !== 'video')) {
        throw notFound('视频不存在：请先上传完成（/file/chunk/merge）再发布');
      }
      if (video?.videoState === 'failed') throw invalidParams('视频无法转码，请换一个视频文件');
      if ((await topicsPublishedOn(db, user.id, siteDay(now))) >= MAX_TOPICS_PER_DAY) {
        throw new ApiError(Code.RateLimited, `今天发布的话题已达 ${MAX_TOPICS_PER_DAY} 个，请明天再来`);
      }
      const poster = video?.videoState === 'ready' && video.url ? posterOf(video.url) : null;
      const id = await db.tx(async (q) => {
        const postId = await insertTopic(q, {
          authorId: user.id,
          categoryId,
          title: payload.title,
          body: payload.body,
          images,
          cover: images[0] ?? poster,
          tagIds: tags.ids,
          videoUploadId: video?.id ?? null,
          now,
        });
        // A new account's first post may wait for a moderator (moderation/first-post-review.ts).
        await holdFirstPost(q, {
          postId,
          authorId: user.id,
          siteId: user.siteId,
          authorCreatedAt: user.createdAt,
          now,
        });
        return postId;
      });
      return { id, video: video ? videoOf(video) : null };
    },
  }),
  defineCall({
    path: API.topicVideo,
    schema: idSchema,
    auth: 'none',
    handler: async ({ db, payload }) => {
      if (!(await postExists(db, payload.id))) throw notFound(`内容不存在：${payload.id}`);
      return postVideo(db, payload.id);
    },
  }),
];

/**
 * Publishing calls (contract/calls/publish.ts): the chunk calls of a resumable upload (unsigned; the
 * chunk goes as multipart form-data, api/client.ts), cancelling an upload, an image of a topic
 * through /shard/memberUploadImg, publishing a topic, and a topic's video state. None is cached
 * and none toasts: the release page shows its own errors and retries.
 */
import { call, clearResponseCache } from '../../api/client.ts';
import type { UploadedImage } from '../../../contract/calls/member.ts';
import { API } from '../../../contract/calls/paths.ts';
import type { ChunkCheckResult, PublishResult, TopicVideo, UploadedFileInfo } from '../../../contract/calls/publish.ts';
import type { UploadMime } from '../../../contract/calls/publish-limits.ts';

const quiet = { cache: false, toast: false } as const;

export interface ChunkLayout {
  fileId: string;
  fileName: string;
  fileSize: number;
  chunkSize: number;
  chunkCount: number;
  mime: UploadMime;
}

export const checkChunks = (layout: ChunkLayout): Promise<ChunkCheckResult> => call(API.chunkCheck, layout, quiet);

export const uploadChunk = (fileId: string, index: number, chunk: Blob): Promise<{ index: number; received: number }> =>
  call(API.chunkUpload, { fileId, index, chunk }, quiet);

export const mergeChunks = (fileId: string): Promise<UploadedFileInfo> => call(API.chunkMerge, { fileId }, quiet);

export const cancelUpload = (fileId: string): Promise<{ cancelled: boolean }> =>
  call(API.chunkCancel, { fileId }, quiet);

/** A topic image: the server keeps a WebP of at most 1600 px. */
export const uploadPostImage = (file: Blob): Promise<UploadedImage> =>
  call(API.uploadImage, { file, purpose: 'post' }, quiet);

export interface TopicDraft {
  title: string;
  body: string;
  topicId?: number;
  categoryId?: number;
  tags: string[];
  images: string[];
  videoFileId?: string;
}

/** Publishes; the cached lists are dropped so the new topic shows in them at once. */
export async function publishTopic(draft: TopicDraft): Promise<PublishResult> {
  const result = await call(API.topicPublish, draft, quiet);
  clearResponseCache();
  return result;
}

export const getTopicVideo = (id: number): Promise<TopicVideo | null> => call(API.topicVideo, { id }, quiet);

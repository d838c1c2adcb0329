/**
 * The publishing calls' contract: the three chunk calls of a resumable upload (unsigned,
 * plain JSON or multipart, the token still required), cancelling an upload, publishing a forum
 * topic, and the state of a topic's video. Zod schemas for the server; the client imports the types
 * only.
 *
 * A file is named by its MD5 (fileId, 32 lowercase hex): the client hashes it, asks /file/chunk/check
 * which chunks the server holds, sends the others to /file/chunk/upload (any order, in parallel,
 * idempotent per chunk) and then /file/chunk/merge, which checks every chunk, the total size, the
 * MD5 and the type by the file's first bytes. Uploads are per user: another user's file id is
 * unknown to this one. Codes: 2 bad input (msg names the field or the check that failed), 6 unknown
 * upload, forum group, tag or video, 8 too many open uploads or topics today.
 */
import { z } from 'zod';
import {
  BODY_MAX,
  CHUNK_MAX_BYTES,
  CHUNK_MIN_BYTES,
  FILE_ID_PATTERN,
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  IMAGES_MAX,
  isSingleLineText,
  isStorableText,
  kindOfMime,
  MAX_BYTES,
  MAX_CHUNKS,
  TAGS_MAX,
  textLength,
  TITLE_MAX,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
} from './publish-limits.ts';
import type { UploadKind } from './publish-limits.ts';
import { cleanFileName, isSafeFileName } from '../file-name.ts';

const id = z
  .number({ message: '必须是数字' })
  .int('必须是整数')
  .positive('必须是正整数')
  .max(2_147_483_647, '超出范围');
const fileId = z.string().regex(FILE_ID_PATTERN, 'fileId 必须是文件 MD5 的 32 位小写十六进制');
const int = (name: string, min: number, max: number) =>
  z
    .number({ message: `${name} 必须是数字` })
    .int(`${name} 必须是整数`)
    .min(min, `${name} 不能小于 ${min}`)
    .max(max, `${name} 不能大于 ${max}`);

/** User text is stored exactly as written, so it must be storable; blank text does not count. */
/** Text a member writes: not blank, at most `max` code points, storable. */
export const userText = (name: string, max: number) =>
  z
    .string({ message: `${name} 必须是字符串` })
    .refine((text) => text.trim() !== '', `${name} 不能为空`)
    .refine((text) => textLength(text) <= max, `${name} 长度不能超过 ${max} 个字符`)
    .refine(isStorableText, `${name} 含有无法保存的字符`);

/**
 * An upload's original name, as kept (contract/file-name.ts): its invisible format characters (bidi
 * controls and the like) dropped, then refused with a path, "..", a control character, or nothing left.
 */
export const fileNameSchema = z
  .string({ message: 'fileName 必须是字符串' })
  .max(200, 'fileName 长度不能超过 200 个字符')
  .transform(cleanFileName)
  .refine((name) => name !== '', 'fileName 不能为空')
  .refine((name) => name === '' || isSafeFileName(name), 'fileName 不能包含路径、".." 或控制字符');

export const chunkCheckSchema = z
  .object({
    fileId,
    fileName: fileNameSchema,
    fileSize: int('fileSize', 1, Number.MAX_SAFE_INTEGER),
    chunkSize: int('chunkSize', CHUNK_MIN_BYTES, CHUNK_MAX_BYTES),
    chunkCount: int('chunkCount', 1, MAX_CHUNKS),
    mime: z.enum([...VIDEO_MIME_TYPES, ...IMAGE_MIME_TYPES], {
      message: 'mime 仅支持 MP4、MOV、WebM、MKV 视频或 JPEG、PNG、WebP、GIF 图片',
    }),
  })
  .refine((value) => value.fileSize <= MAX_BYTES[kindOfMime(value.mime)], {
    message: `文件过大：视频不能超过 ${VIDEO_MAX_BYTES / 1024 ** 3} GiB，图片不能超过 ${IMAGE_MAX_BYTES / 1024 ** 2} MiB`,
    path: ['fileSize'],
  })
  .refine((value) => Math.ceil(value.fileSize / value.chunkSize) === value.chunkCount, {
    message: 'chunkCount 与 fileSize、chunkSize 不符',
    path: ['chunkCount'],
  });

/** multipart/form-data: fields fileId and index, then the chunk's bytes as the file field "chunk". */
export const chunkUploadFieldsSchema = z.object({
  fileId,
  index: z.coerce
    .number({ message: 'index 必须是数字' })
    .int('index 必须是整数')
    .min(0, 'index 不能小于 0')
    .max(MAX_CHUNKS - 1, 'index 超出范围'),
});

export const fileIdSchema = z.object({ fileId });

export type VideoState = 'pending' | 'ready' | 'failed';

/** A topic's video: HLS made from the upload in the background; keys relative to a CDN line. */
export interface TopicVideo {
  state: VideoState;
  /** "clips/<name>/index.m3u8" once ready. */
  playlist: string | null;
  /** A frame of the video ("clips/<name>/poster.jpg") once ready. */
  poster: string | null;
  durationS: number | null;
}

/** A merged upload. url: an image's stored url ("/uploads/….webp"), a video's playlist key. */
export interface UploadedFileInfo {
  fileId: string;
  kind: UploadKind;
  size: number;
  url: string;
  /** Videos only. */
  video: TopicVideo | null;
}

export interface ChunkCheckResult {
  /** Indexes of the chunks the server holds, ascending. */
  uploaded: number[];
  /** Set when this user already uploaded and merged the same file: nothing to send. */
  done: UploadedFileInfo | null;
}

export const publishSchema = z
  .object({
    title: userText('title', TITLE_MAX),
    body: userText('body', BODY_MAX),
    topicId: id.optional(),
    categoryId: id.optional(),
    tags: z
      .array(z.string().min(1).max(40).refine(isSingleLineText, 'tags 不能包含换行、控制字符或无法保存的字符'), {
        message: 'tags 必须是数组',
      })
      .max(TAGS_MAX, `tags 最多 ${TAGS_MAX} 个`)
      .default([]),
    images: z
      .array(z.string().max(200), { message: 'images 必须是数组' })
      .max(IMAGES_MAX, `images 最多 ${IMAGES_MAX} 张`)
      .default([]),
    videoFileId: fileId.optional(),
  })
  .refine((value) => value.topicId !== undefined || value.categoryId !== undefined, {
    message: '需要 topicId 或 categoryId',
    path: ['topicId'],
  });

export interface PublishResult {
  id: number;
  video: TopicVideo | null;
}

type In<S extends z.ZodType> = z.input<S>;

/** Path → payload and data of the publishing calls; merged into Calls in contract/calls/call-map.ts. */
export interface PublishCalls {
  '/file/chunk/check': { payload: In<typeof chunkCheckSchema>; data: ChunkCheckResult };
  /** Unsigned multipart; a chunk already held is accepted again (same answer). */
  '/file/chunk/upload': {
    payload: { fileId: string; index: number; chunk: Blob };
    data: { index: number; received: number };
  };
  '/file/chunk/merge': { payload: In<typeof fileIdSchema>; data: UploadedFileInfo };
  '/file/chunk/cancel': { payload: In<typeof fileIdSchema>; data: { cancelled: boolean } };
  '/topic/publish': { payload: In<typeof publishSchema>; data: PublishResult };
  '/topic/video': { payload: { id: number }; data: TopicVideo | null };
}

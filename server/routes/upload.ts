/**
 * /shard/memberUploadImg: an unsigned multipart call (field "file") that still needs the token
 * header and answers an encrypted envelope like every call. The image is checked, resized and
 * stored by server/uploads/images/image-upload.ts; its url is then usable as the avatar (personal.ts).
 */
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import type { UploadedFile } from '../protocol/multipart-input.ts';
import { MAX_SIDE, POST_IMAGE_MAX_SIDE, storeImage } from '../uploads/images/image-upload.ts';

const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as { data?: unknown }).data);

const uploadSchema = z.object({
  file: z.custom<UploadedFile>(isUploadedFile, { message: '缺少 file：请以 multipart/form-data 的 file 字段上传图片' }),
  /** "post": an image of a topic, kept up to POST_IMAGE_MAX_SIDE px; default an avatar. */
  purpose: z.enum(['avatar', 'post'], { message: 'purpose 必须是 avatar 或 post' }).default('avatar'),
});

export const uploadCalls: readonly Call[] = [
  defineCall({
    path: API.uploadImage,
    schema: uploadSchema,
    auth: 'user',
    upload: { maxBytes: UPLOAD_MAX_BYTES },
    handler: ({ payload, config }) =>
      storeImage(payload.file, config.UPLOAD_DIR, payload.purpose === 'post' ? POST_IMAGE_MAX_SIDE : MAX_SIDE),
  }),
];

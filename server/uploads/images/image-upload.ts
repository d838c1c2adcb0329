/**
 * Members' images (avatars): an upload is accepted only when its declared content type is an
 * allowed image type AND its first bytes are one (magic numbers: JPEG, PNG, GIF, WebP) AND sharp
 * can decode it; it is then re-encoded (EXIF orientation applied, metadata dropped, first frame of
 * an animation) as WebP of at most MAX_SIDE px each side (POST_IMAGE_MAX_SIDE for topic images),
 * and stored content-addressed as <UPLOAD_DIR>/<sha256 prefix>.webp, served at /uploads/<name>
 * (uploads-plugin.ts).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import type { UploadedImage } from '../../../contract/calls/member.ts';
import { invalidParams } from '../../api-error.ts';
import type { UploadedFile } from '../../protocol/multipart-input.ts';
import { exists, writeFileAtomic } from '../../seed/atomic-file.ts';

export const MAX_SIDE = 512;
/** Images of topics are kept larger. */
export const POST_IMAGE_MAX_SIDE = 1600;
/** Decompression-bomb guard: refuse images of more pixels than this before decoding them. */
const MAX_INPUT_PIXELS = 40_000_000;
export const UPLOAD_URL_PREFIX = '/uploads/';
export const UPLOAD_NAME = /^[0-9a-f]{32}\.webp$/;

type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

const DECLARED: Record<string, ImageType> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const ascii = (data: Buffer, start: number, end: number) => data.subarray(start, end).toString('latin1');

/** The image type the bytes start with, or null. */
export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (data.length >= 6 && (ascii(data, 0, 6) === 'GIF87a' || ascii(data, 0, 6) === 'GIF89a')) return 'gif';
  if (data.length >= 12 && ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Checks, resizes and stores the image; code 2 with a clear msg when it is not an accepted image. */
export async function storeImage(
  file: UploadedFile,
  uploadDir: string,
  maxSide: number = MAX_SIDE,
): Promise<UploadedImage> {
  const declared = DECLARED[file.mimetype.toLowerCase().split(';')[0]!.trim()];
  if (!declared)
    throw invalidParams(
      `file 的类型 ${file.mimetype.slice(0, 40) || '未知'} 不受支持，仅支持 JPEG、PNG、WebP、GIF 图片`,
    );
  if (file.data.length === 0) throw invalidParams('file 是空文件');
  if (!sniffImageType(file.data)) throw invalidParams('file 的内容不是 JPEG、PNG、WebP 或 GIF 图片');
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw invalidParams('file 图片已损坏或尺寸过大，无法解析');
  }
  const name = `${createHash('sha256').update(output.data).digest('hex').slice(0, 32)}.webp`;
  const path = join(uploadDir, name);
  if (!(await exists(path))) await writeFileAtomic(path, output.data);
  return { url: UPLOAD_URL_PREFIX + name, width: output.info.width, height: output.info.height };
}

/** Whether url is one storeImage answered and its file is still there. */
export async function isStoredImage(url: string, uploadDir: string): Promise<boolean> {
  const name = url.startsWith(UPLOAD_URL_PREFIX) ? url.slice(UPLOAD_URL_PREFIX.length) : '';
  return UPLOAD_NAME.test(name) && exists(join(uploadDir, name));
}

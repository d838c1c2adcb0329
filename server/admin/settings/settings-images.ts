/**
 * Images the console uploads for settings: the bytes must start as JPEG, PNG, GIF or WebP
 * (sniffImageType, as members' uploads) and decode with sharp; each is re-encoded as WebP without
 * metadata and stored content-addressed in UPLOAD_DIR beside members' images, so the existing
 * /uploads/<hash>.webp route serves it (immutable). Banners are cropped to the home carousel's
 * 1200×480 (12:5), goods to a 400×400 square; a site icon (a square of at least 512 px) becomes the
 * sizes the app's manifest names: 192, 512, a 512 maskable one (the mark inside the 80 % safe zone
 * on the site's colour), the 180 apple-touch icon and a 96 badge.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { ImagePurpose, SiteIcons, StoredImage } from '../../../contract/admin/settings.ts';
import { SIZES } from '../../media/media-layout.ts';
import { exists, writeFileAtomic } from '../../seed/atomic-file.ts';
import { sniffImageType, UPLOAD_URL_PREFIX } from '../../uploads/images/image-upload.ts';
import { badField } from '../admin-errors.ts';
import { settingsMessages as text } from './settings-messages.ts';

const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

const PURPOSE_SIZE: Record<ImagePurpose, { width: number; height: number }> = {
  banner: SIZES.banner,
  goods: { width: 400, height: 400 },
};

function decode(data: Buffer): Sharp {
  if (data.length === 0) throw badField('file', text.imageEmpty);
  if (!sniffImageType(data)) throw badField('file', text.imageType);
  return sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
}

async function store(uploadDir: string, image: Sharp): Promise<StoredImage> {
  let output;
  try {
    output = await image.webp({ quality: 84 }).toBuffer({ resolveWithObject: true });
  } catch {
    throw badField('file', text.imageBroken);
  }
  const name = `${createHash('sha256').update(output.data).digest('hex').slice(0, 32)}.webp`;
  const path = join(uploadDir, name);
  if (!(await exists(path))) await writeFileAtomic(path, output.data);
  return { url: UPLOAD_URL_PREFIX + name, width: output.info.width, height: output.info.height };
}

/** A banner or goods image at its size (cover crop, centred). */
export async function storeSettingsImage(uploadDir: string, data: Buffer, purpose: ImagePurpose): Promise<StoredImage> {
  const { width, height } = PURPOSE_SIZE[purpose];
  return store(uploadDir, decode(data).resize(width, height, { fit: 'cover', position: 'attention' }));
}

/** The site icon's sizes from one square image. */
export async function storeSiteIcons(uploadDir: string, data: Buffer, background: string): Promise<SiteIcons> {
  let meta;
  try {
    meta = await decode(data).metadata();
  } catch (error) {
    if ((error as { status?: number }).status === 400) throw error;
    throw badField('file', text.imageBroken);
  }
  const size = meta.autoOrient?.width ?? meta.width;
  const other = meta.autoOrient?.height ?? meta.height;
  if (!size || size !== other || size < 512) throw badField('file', text.iconSquare);
  const square = (side: number) => decode(data).resize(side, side);
  const inner = await decode(data).resize(410, 410).png().toBuffer();
  const maskable = sharp({ create: { width: 512, height: 512, channels: 4, background } }).composite([
    { input: inner, gravity: 'center' },
  ]);
  const [i192, i512, masked, apple, badge] = await Promise.all([
    store(uploadDir, square(192)),
    store(uploadDir, square(512)),
    store(uploadDir, maskable),
    store(uploadDir, square(180).flatten({ background })),
    store(uploadDir, square(96).greyscale()),
  ]);
  return { '192': i192.url, '512': i512.url, maskable: masked.url, apple: apple.url, badge: badge.url };
}

/**
 * Posters made in the console: the uploaded image (its type sniffed from its first bytes, at most
 * POSTER_MAX_BYTES, decompression bombs refused) is turned by its EXIF orientation, cut to the
 * operator's crop rectangle (source pixels), fitted to 2:3 and written as the two WebP sizes the
 * app already uses (media-layout.ts: <key>-s.webp 360x540, <key>-l.webp 720x1080). Keys are
 * `posters/m<id>-<hash of the image>`, so a new poster is a new URL and CDN caches never serve an
 * old one; `removeUnusedPoster` deletes a replaced console poster once no title uses it (seeded
 * posters and the placeholder are never deleted). New titles show the placeholder until then.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { POSTER_MAX_BYTES, POSTER_MIN_CROP_WIDTH, type CropRect } from '../../../contract/admin/catalogue.ts';
import type { Queryable } from '../../db/db.ts';
import { posterFiles, SIZES } from '../../media/media-layout.ts';
import { exists, writeFileAtomic } from '../../seed/atomic-file.ts';
import { sniffFile } from '../../uploads/sniff-file.ts';
import { badField } from '../admin-errors.ts';
import { catalogueMessages as text } from './catalogue-messages.ts';
import { PLACEHOLDER_POSTER } from './movie-writes.ts';

const MAX_INPUT_PIXELS = 40_000_000;
const WEBP = { quality: 82, effort: 4 } as const;
const CONSOLE_POSTER = /^posters\/m\d+-[0-9a-f]{12}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The image bytes of the call's base64 (a data: URL prefix is allowed), or 400 naming `image`. */
export function decodeImage(image: string): Buffer {
  const body = image.replace(/^data:[\w/+.-]*;base64,/, '');
  if (body.length > Math.ceil(POSTER_MAX_BYTES / 3) * 4) throw badField('image', text.imageSize);
  if (body.length % 4 !== 0 || !BASE64.test(body)) throw badField('image', text.image);
  const data = Buffer.from(body, 'base64');
  if (data.length === 0 || !sniffFile('image', data.subarray(0, 16))) throw badField('image', text.image);
  return data;
}

/**
 * Makes both sizes from the crop (source pixels of the turned image; null: the whole image, as a
 * collected picture is taken) and writes them; answers the new movies.poster key.
 */
export async function writePoster(
  mediaDir: string,
  movieId: number,
  data: Buffer,
  cropAsked: CropRect | null,
): Promise<string> {
  let oriented: { data: Buffer; info: OutputInfo };
  try {
    oriented = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw badField('image', text.imageBroken);
  }
  const { width, height, channels } = oriented.info;
  const crop = cropAsked ?? { x: 0, y: 0, width, height };
  if (crop.x + crop.width > width || crop.y + crop.height > height) throw badField('crop', text.crop);
  if (crop.width < POSTER_MIN_CROP_WIDTH) throw badField('crop', text.cropSmall);

  const cut = await sharp(oriented.data, { raw: { width, height, channels } })
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .toBuffer({ resolveWithObject: true });
  const render = (size: { width: number; height: number }) =>
    sharp(cut.data, { raw: { width: cut.info.width, height: cut.info.height, channels: cut.info.channels } })
      .resize(size.width, size.height, { fit: 'cover', position: 'centre', kernel: 'lanczos3' })
      .webp(WEBP)
      .toBuffer();
  const [small, large] = await Promise.all([render(SIZES.posterSmall), render(SIZES.posterLarge)]);
  const key = `posters/m${movieId}-${createHash('sha256').update(large).digest('hex').slice(0, 12)}`;
  const files = posterFiles(key);
  await writeFileAtomic(join(mediaDir, files.small), small);
  await writeFileAtomic(join(mediaDir, files.large), large);
  return key;
}

/** Deletes a console poster's files when no title uses the key any more. */
export async function removeUnusedPoster(q: Queryable, mediaDir: string, key: string): Promise<void> {
  if (!CONSOLE_POSTER.test(key)) return;
  if (await q.one('SELECT 1 FROM movies WHERE poster = $1 LIMIT 1', [key])) return;
  const files = posterFiles(key);
  await Promise.all([
    rm(join(mediaDir, files.small), { force: true }),
    rm(join(mediaDir, files.large), { force: true }),
  ]);
}

/** A plain dark 2:3 frame with a film mark: what a new title shows until its poster is set. */
const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1080" viewBox="0 0 720 1080">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#374151"/><stop offset="1" stop-color="#111827"/></linearGradient></defs>
  <rect width="720" height="1080" fill="url(#g)"/>
  <g fill="none" stroke="#6b7280" stroke-width="18" stroke-linejoin="round">
    <rect x="230" y="420" width="260" height="200" rx="18"/><path d="M330 470 L410 520 L330 570 Z" fill="#6b7280"/>
  </g></svg>`;

/** Writes the placeholder's two files once. */
export async function ensurePlaceholderPoster(mediaDir: string): Promise<void> {
  const files = posterFiles(PLACEHOLDER_POSTER);
  if ((await exists(join(mediaDir, files.small))) && (await exists(join(mediaDir, files.large)))) return;
  const base = sharp(Buffer.from(PLACEHOLDER_SVG));
  for (const [file, size] of [
    [files.small, SIZES.posterSmall],
    [files.large, SIZES.posterLarge],
  ] as const) {
    await writeFileAtomic(
      join(mediaDir, file),
      await base.clone().resize(size.width, size.height).webp(WEBP).toBuffer(),
    );
  }
}

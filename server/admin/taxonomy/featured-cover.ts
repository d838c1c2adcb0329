/**
 * Featured covers: an uploaded image (a data: URL of JPEG, PNG or WebP, its bytes checked, not its
 * declared type) is cropped to the covers' 800x450 and stored as WebP in MEDIA_DIR/featured/ under
 * a name from its content (u<hash>.webp), so the media plugin serves it under every CDN line like
 * the seeded ones. The chooser lists the covers in that folder and those collections use.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { consoleMediaUrl, type MediaChoice } from '../../../contract/admin/taxonomy.ts';
import type { Queryable } from '../../db/db.ts';
import { SIZES } from '../../media/media-layout.ts';
import { exists, writeFileAtomic } from '../../seed/atomic-file.ts';
import { sniffImageType } from '../../uploads/images/image-upload.ts';
import { badField } from '../admin-errors.ts';
import { taxonomyMessages as m } from './taxonomy-messages.ts';

/** A media key a collection may use as its cover: an image of the public folders. */
export const COVER_KEY = /^(featured|covers|banners)\/[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.(webp|png|jpe?g)$/;

const DATA_URL = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/=\s]+)$/;
const MAX_INPUT_PIXELS = 40_000_000;
const LISTED = 200;

export async function storeCover(mediaDir: string, image: string, maxBytes: number): Promise<MediaChoice> {
  const match = DATA_URL.exec(image);
  if (!match) throw badField('image', m.coverImage);
  const data = Buffer.from(match[2]!, 'base64');
  if (data.length === 0 || data.length > maxBytes) throw badField('image', m.coverImage);
  const sniffed = sniffImageType(data);
  if (sniffed === null || sniffed === 'gif') throw badField('image', m.coverImage);
  let output: Buffer;
  try {
    output = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(SIZES.featured.width, SIZES.featured.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw badField('image', m.coverBroken);
  }
  const key = `featured/u${createHash('sha256').update(output).digest('hex').slice(0, 32)}.webp`;
  const path = join(mediaDir, key);
  if (!(await exists(path))) await writeFileAtomic(path, output);
  return { key, url: consoleMediaUrl(key) };
}

/** Covers to choose from: those in use first, then the folder's files (newest names last). */
export async function coverChoices(q: Queryable, mediaDir: string): Promise<MediaChoice[]> {
  const used = (await q.query<{ cover: string }>('SELECT DISTINCT cover FROM featured ORDER BY cover')).map(
    (row) => row.cover,
  );
  let files: string[] = [];
  try {
    files = (await readdir(join(mediaDir, 'featured')))
      .filter((name) => !name.startsWith('.'))
      .map((name) => `featured/${name}`)
      .filter((key) => COVER_KEY.test(key))
      .sort();
  } catch {
    files = []; // no folder yet
  }
  const keys = [...new Set([...used, ...files])].slice(0, LISTED);
  return keys.map((key) => ({ key, url: consoleMediaUrl(key) }));
}

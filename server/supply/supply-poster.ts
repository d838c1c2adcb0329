/**
 * A collected title's picture (vod_pic), fetched once through the outbound guard and made into the
 * two poster sizes by the console's pipeline (poster-image.ts's writePoster, the whole picture cut to
 * 2:3 at its centre): never hot-linked. An http picture is asked for over https (most image hosts
 * serve both); a picture that fails leaves the placeholder, and the run's log says why.
 */
import { POSTER_MAX_BYTES } from '../../contract/admin/catalogue.ts';
import { removeUnusedPoster, writePoster } from '../admin/catalogue/poster-image.ts';
import { PLACEHOLDER_POSTER } from '../admin/catalogue/movie-writes.ts';
import type { Db } from '../db/db.ts';
import { OutboundError, type Outbound } from '../net/outbound.ts';
import { sniffFile } from '../uploads/sniff-file.ts';

/** The picture's URL as fetched: https (or the loopback test host), else null. */
export function pictureUrl(outbound: Outbound, pic: string): string | null {
  const text = pic.startsWith('//') ? `https:${pic}` : pic;
  if (outbound.check(text, true).url) return text;
  if (/^http:\/\//i.test(text)) {
    const upgraded = `https://${text.slice('http://'.length)}`;
    if (outbound.check(upgraded, true).url) return upgraded;
  }
  return null;
}

/**
 * Fetches the picture and sets it as the title's poster while the title still has the placeholder;
 * answers null when done, else why not (for the run's log).
 */
export async function collectPoster(
  db: Db,
  outbound: Outbound,
  mediaDir: string,
  movieId: number,
  pic: string,
  timeoutMs: number,
): Promise<string | null> {
  const url = pictureUrl(outbound, pic);
  if (!url) return '封面地址无效，保留占位封面';
  let data: Buffer;
  try {
    const answer = await outbound.request(url, {
      httpsOnly: true,
      maxRedirects: 3,
      timeoutMs,
      maxBytes: POSTER_MAX_BYTES,
    });
    if (answer.status !== 200) return `封面获取失败（HTTP ${answer.status}），保留占位封面`;
    data = answer.body;
  } catch (error) {
    if (error instanceof OutboundError) return `封面获取失败（${error.kind}），保留占位封面`;
    throw error;
  }
  if (!sniffFile('image', data.subarray(0, 16))) return '封面不是图片，保留占位封面';
  let key: string;
  try {
    key = await writePoster(mediaDir, movieId, data, null);
  } catch {
    return '封面图片无法使用，保留占位封面';
  }
  await db.tx(async (q) => {
    const set = await q.one(
      'UPDATE movies SET poster = $2, updated_at = now() WHERE id = $1 AND poster = $3 RETURNING id',
      [movieId, key, PLACEHOLDER_POSTER],
    );
    // An operator set a poster meanwhile: theirs stays, ours goes.
    if (!set) await removeUnusedPoster(q, mediaDir, key);
  });
  return null;
}

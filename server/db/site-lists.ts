/**
 * The app-wide lists of docs/spec.md section 3: a site's banners and CDN lines (per site), and the data
 * dictionary (shared by every site), with the click counter of a banner.
 */
import type { Banner, CdnLine, DictEntry, Dictionary } from '../../contract/calls/content.ts';
import type { Queryable } from './db.ts';

/** The banners inside their time window now (starts_at/ends_at, NULL: open on that side). */
export const siteBanners = (q: Queryable, siteId: number): Promise<Banner[]> =>
  q.query<Banner>(
    `SELECT id, title, image, link FROM banners
      WHERE site_id = $1 AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())
      ORDER BY sort, id`,
    [siteId],
  );

/** Counts a click on a banner of the site; undefined when the site has no such banner. */
export async function clickBanner(q: Queryable, siteId: number, bannerId: number): Promise<number | undefined> {
  const row = await q.one<{ clicks: number }>(
    'UPDATE banners SET clicks = clicks + 1 WHERE id = $1 AND site_id = $2 RETURNING clicks',
    [bannerId, siteId],
  );
  return row?.clicks;
}

/** The lines offered to the app: the enabled ones (a disabled line is kept for the console only). */
export const siteCdnLines = (q: Queryable, siteId: number): Promise<CdnLine[]> =>
  q.query<CdnLine>(
    'SELECT id, name, url AS "cdnLine" FROM cdn_lines WHERE site_id = $1 AND enabled ORDER BY sort, id',
    [siteId],
  );

export async function dictionary(q: Queryable): Promise<Dictionary> {
  const rows = await q.query<DictEntry & { type: string }>(
    'SELECT type, key, label FROM dictionary ORDER BY type, sort, key',
  );
  const result: Dictionary = {};
  for (const { type, key, label } of rows) (result[type] ??= []).push({ key, label });
  return result;
}

/** One entry of a dictionary type, e.g. ('contentType', 'vip'). */
export const dictEntry = (q: Queryable, type: string, key: string): Promise<DictEntry | undefined> =>
  q.one<DictEntry>('SELECT key, label FROM dictionary WHERE type = $1 AND key = $2', [type, key]);

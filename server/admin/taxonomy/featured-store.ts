/**
 * Featured collections (专题) as the console edits them: the list in its sort order, one with its
 * items (movies and posts, in their order), create, edit, move, delete, the items replaced as a
 * whole list (add, remove and reorder are one call), and the picker's search of movies and posts
 * by title or id. Items must exist; a movie not visible to visitors (draft, unpublished,
 * scheduled) may be listed and shows once it is published.
 */
import {
  consoleMediaUrl,
  type AdminFeatured,
  type AdminFeaturedDetail,
  type ContentPick,
  type FeaturedItemRef,
  type FeaturedItemType,
} from '../../../contract/admin/taxonomy.ts';
import type { Queryable } from '../../db/db.ts';
import { VISIBLE } from '../../db/movies.ts';
import { badField } from '../admin-errors.ts';
import { notFound, placeAt, writeOrder } from './taxonomy-common.ts';
import { taxonomyMessages as m } from './taxonomy-messages.ts';

const CARD = `SELECT f.id, f.title, f.description, f.cover,
  (SELECT count(*) FROM featured_items i WHERE i.featured_id = f.id)::int AS "itemCount" FROM featured f`;

const withUrl = (row: Omit<AdminFeatured, 'coverUrl'>): AdminFeatured => ({
  ...row,
  coverUrl: consoleMediaUrl(row.cover),
});

export async function listFeatured(q: Queryable): Promise<AdminFeatured[]> {
  return (await q.query<Omit<AdminFeatured, 'coverUrl'>>(`${CARD} ORDER BY f.sort, f.id`)).map(withUrl);
}

const ACCESS_LABEL: Record<string, string> = { free: '免费', vip: 'VIP', coins: '金币' };
const KIND_LABEL: Record<string, string> = { topic: '论坛帖', chigua: '吃瓜', article: '文章' };

interface PickRow {
  type: FeaturedItemType;
  id: number;
  title: string;
  a: string;
  b: string;
  hidden: boolean;
}

const toPick = (row: PickRow): ContentPick => ({
  type: row.type,
  id: row.id,
  title: row.title,
  detail: row.type === 'movie' ? `影片 · ${row.a} · ${ACCESS_LABEL[row.b] ?? row.b}` : `${KIND_LABEL[row.a] ?? row.a}`,
  hidden: row.hidden,
});

const MOVIE_PICK = `SELECT 'movie' AS type, m.id, m.title, m.year::text AS a, m.access AS b, NOT (${VISIBLE}) AS hidden FROM movies m`;
const POST_PICK = `SELECT 'post' AS type, p.id, p.title, p.kind AS a, '' AS b, false AS hidden FROM posts p`;

export async function findFeatured(q: Queryable, id: number, lock = false): Promise<AdminFeaturedDetail> {
  const card = await q.one<Omit<AdminFeatured, 'coverUrl'>>(
    `${CARD} WHERE f.id = $1${lock ? ' FOR UPDATE OF f' : ''}`,
    [id],
  );
  if (!card) throw notFound(m.featuredMissing(id));
  const rows = await q.query<PickRow & { sort: number }>(
    `SELECT x.*, i.sort FROM featured_items i
       JOIN LATERAL (${MOVIE_PICK} WHERE i.item_type = 'movie' AND m.id = i.item_id
                     UNION ALL ${POST_PICK} WHERE i.item_type = 'post' AND p.id = i.item_id) x ON true
      WHERE i.featured_id = $1 ORDER BY i.sort, i.item_type, i.item_id`,
    [id],
  );
  return { ...withUrl(card), items: rows.map(toPick) };
}

export interface FeaturedInput {
  title: string;
  description: string;
  cover: string;
}

export async function createFeatured(q: Queryable, input: FeaturedInput): Promise<AdminFeaturedDetail> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO featured (id, title, description, cover, sort)
     VALUES (nextval('featured_ids'), $1, $2, $3, (SELECT COALESCE(max(sort), 0) + 1 FROM featured)) RETURNING id`,
    [input.title, input.description, input.cover],
  );
  return findFeatured(q, row!.id);
}

export async function changeFeatured(
  q: Queryable,
  id: number,
  change: Partial<FeaturedInput>,
): Promise<{ before: AdminFeaturedDetail; after: AdminFeaturedDetail }> {
  const before = await findFeatured(q, id, true);
  await q.query(
    `UPDATE featured SET title = COALESCE($2, title), description = COALESCE($3, description),
            cover = COALESCE($4, cover) WHERE id = $1`,
    [id, change.title ?? null, change.description ?? null, change.cover ?? null],
  );
  return { before, after: await findFeatured(q, id) };
}

export async function moveFeatured(q: Queryable, id: number, position: number): Promise<AdminFeaturedDetail> {
  await q.query('LOCK TABLE featured IN EXCLUSIVE MODE');
  await findFeatured(q, id);
  const ids = (await q.query<{ id: number }>('SELECT id FROM featured ORDER BY sort, id')).map((row) => row.id);
  await writeOrder(q, 'featured', placeAt(ids, id, position));
  return findFeatured(q, id);
}

export async function deleteFeatured(q: Queryable, id: number): Promise<AdminFeaturedDetail> {
  const gone = await findFeatured(q, id, true);
  await q.query('DELETE FROM featured WHERE id = $1', [id]);
  return gone;
}

export async function replaceItems(
  q: Queryable,
  id: number,
  items: readonly FeaturedItemRef[],
): Promise<{ before: AdminFeaturedDetail; after: AdminFeaturedDetail }> {
  const before = await findFeatured(q, id, true);
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = `${item.type}:${item.id}`;
    if (seen.has(key)) throw badField(`items.${index}`, m.itemTwice(item.type, item.id));
    seen.add(key);
  });
  for (const type of ['movie', 'post'] as const) {
    const wanted = items.filter((item) => item.type === type).map((item) => item.id);
    if (wanted.length === 0) continue;
    const found = new Set(
      (
        await q.query<{ id: number }>(
          `SELECT id FROM ${type === 'movie' ? 'movies' : 'posts'} WHERE id = ANY($1::int[])`,
          [wanted],
        )
      ).map((row) => row.id),
    );
    const missing = items.findIndex((item) => item.type === type && !found.has(item.id));
    if (missing >= 0) throw badField(`items.${missing}`, m.itemMissing(type, items[missing]!.id));
  }
  await q.query('DELETE FROM featured_items WHERE featured_id = $1', [id]);
  if (items.length > 0) {
    await q.query(
      `INSERT INTO featured_items (featured_id, item_type, item_id, sort)
       SELECT $1, t, i, n FROM unnest($2::text[], $3::int[]) WITH ORDINALITY AS x(t, i, n)`,
      [id, items.map((item) => item.type), items.map((item) => item.id)],
    );
  }
  return { before, after: await findFeatured(q, id) };
}

/** Movies and posts whose title holds `text` (or whose id it is), newest first, for the picker. */
export async function searchContent(
  q: Queryable,
  text: string,
  type: FeaturedItemType | undefined,
  limit = 20,
): Promise<ContentPick[]> {
  const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const parts: string[] = [];
  if (type !== 'post')
    parts.push(`(${MOVIE_PICK} WHERE m.id = $1 OR m.title ILIKE $2 ORDER BY m.id = $1 DESC, m.id DESC LIMIT ${limit})`);
  if (type !== 'movie')
    parts.push(`(${POST_PICK} WHERE p.id = $1 OR p.title ILIKE $2 ORDER BY p.id = $1 DESC, p.id DESC LIMIT ${limit})`);
  const rows = await q.query<PickRow>(parts.join(' UNION ALL '), [id, pattern]);
  return rows.map(toPick);
}

/** What an audit row keeps of a collection. */
export const featuredBrief = (featured: AdminFeaturedDetail) => ({
  title: featured.title,
  description: featured.description,
  cover: featured.cover,
  items: featured.items.map((item) => `${item.type}:${item.id}`),
});

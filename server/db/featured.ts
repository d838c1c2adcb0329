/**
 * Featured collections: curated lists of movies and posts (featured_items, in their sort order).
 */
import type { FeaturedCard, FeaturedDetail } from '../../contract/calls/content.ts';
import type { Queryable } from './db.ts';
import { moviesByIds } from './movies.ts';
import { postsByIds } from './posts.ts';

/** Items a collection shows at most of each type. */
const MAX_ITEMS = 100;

const CARD_SELECT = `SELECT f.id, f.title, f.description, f.cover,
  (SELECT count(*) FROM featured_items i WHERE i.featured_id = f.id) AS "itemCount" FROM featured f`;

export const listFeatured = (q: Queryable, limit = MAX_ITEMS): Promise<FeaturedCard[]> =>
  q.query<FeaturedCard>(`${CARD_SELECT} ORDER BY f.sort, f.id LIMIT $1`, [limit]);

export async function findFeatured(q: Queryable, id: number): Promise<FeaturedDetail | undefined> {
  const card = await q.one<FeaturedCard>(`${CARD_SELECT} WHERE f.id = $1`, [id]);
  if (!card) return undefined;
  const items = await q.query<{ type: 'movie' | 'post'; id: number }>(
    `SELECT item_type AS type, item_id AS id FROM featured_items WHERE featured_id = $1 ORDER BY sort, item_type, item_id`,
    [id],
  );
  const idsOf = (type: 'movie' | 'post') =>
    items
      .filter((item) => item.type === type)
      .slice(0, MAX_ITEMS)
      .map((item) => item.id);
  const [movies, posts] = await Promise.all([moviesByIds(q, idsOf('movie')), postsByIds(q, idsOf('post'))]);
  return { ...card, movies, posts };
}

/**
 * The member's lists of favourites and likes: one page of user_favorites or user_likes rows,
 * newest first, each resolved to its movie or post card. Rows whose item is gone are skipped.
 */
import type { Page } from '../../contract/calls/content.ts';
import type { SavedItem } from '../../contract/calls/member.ts';
import type { Queryable } from './db.ts';
import { moviesByIds } from './movies.ts';
import { fetchPage, Filter, type PageRequest } from './paging.ts';
import { postsByIds } from './posts.ts';
import type { ItemType } from './tags.ts';

export type SavedList = 'favourites' | 'likes';

const TABLE: Record<SavedList, string> = { favourites: 'user_favorites s', likes: 'user_likes s' };

interface SavedRow {
  type: ItemType;
  id: number;
  createdAt: Date;
}

export async function savedPage(
  q: Queryable,
  which: SavedList,
  userId: number,
  type: ItemType | undefined,
  request: PageRequest,
): Promise<Page<SavedItem>> {
  const page = await fetchPage<SavedRow, SavedRow>(
    q,
    {
      table: TABLE[which],
      filter: new Filter().add('s.user_id = $?', userId).addIf('s.item_type = $?', type),
      columns: `s.item_type AS type, s.item_id AS id, s.created_at AS "createdAt"`,
      orderBy: 's.created_at DESC, s.item_type, s.item_id DESC',
    },
    request,
    (row) => row,
  );
  const idsOf = (t: ItemType) => page.list.filter((row) => row.type === t).map((row) => row.id);
  const [movies, posts] = await Promise.all([moviesByIds(q, idsOf('movie')), postsByIds(q, idsOf('post'))]);
  const movieById = new Map(movies.map((movie) => [movie.id, movie]));
  const postById = new Map(posts.map((post) => [post.id, post]));
  const items = page.list.flatMap((row): SavedItem[] => {
    const createdAt = row.createdAt.getTime();
    if (row.type === 'movie') {
      const movie = movieById.get(row.id);
      return movie ? [{ type: 'movie', id: row.id, createdAt, movie }] : [];
    }
    const post = postById.get(row.id);
    return post ? [{ type: 'post', id: row.id, createdAt, post }] : [];
  });
  return { ...page, list: items };
}

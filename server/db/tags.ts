/**
 * Tags: the hot list (tags with a hot_rank, in rank order), all tags (most used first), one tag by
 * its route key (with its counts per kind), and the tags of a movie or post. `count` is from the kept counter tags.item_count:
 * the visible titles and posts carrying the tag (server/db/counters.ts).
 */
import type { Tag, TagBrief, TagDetail } from '../../contract/calls/content.ts';
import { POST_KINDS } from '../../contract/enums.ts';
import { TAG_COUNT, TAG_COUNT_JOIN, tagTotal } from './counters.ts';
import type { Queryable } from './db.ts';

export type ItemType = 'movie' | 'post';

const TAG_COLUMNS = `t.id, t.key, t.name, t.hot_rank IS NOT NULL AS hot, ${TAG_COUNT} AS count`;

export const hotTags = (q: Queryable): Promise<Tag[]> =>
  q.query<Tag>(
    `SELECT ${TAG_COLUMNS} FROM tags t ${TAG_COUNT_JOIN} WHERE t.hot_rank IS NOT NULL ORDER BY t.hot_rank, t.id`,
  );

export const allTags = (q: Queryable): Promise<Tag[]> =>
  q.query<Tag>(`SELECT ${TAG_COLUMNS} FROM tags t ${TAG_COUNT_JOIN} ORDER BY t.item_count DESC, t.id`);

export const findTag = (q: Queryable, key: string): Promise<Tag | undefined> =>
  q.one<Tag>(`SELECT ${TAG_COLUMNS} FROM tags t ${TAG_COUNT_JOIN} WHERE t.key = $1`, [key]);

/** A tag with what carries it per kind, from the kept counters (the totals its lists answer). */
export async function findTagDetail(q: Queryable, key: string): Promise<TagDetail | undefined> {
  const tag = await findTag(q, key);
  if (!tag) return undefined;
  const counts = { movie: 0, topic: 0, chigua: 0, article: 0 } satisfies TagDetail['counts'];
  for (const kind of ['movie', ...POST_KINDS] as const) counts[kind] = await tagTotal(q, kind, tag.id);
  return { ...tag, counts };
}

export async function tagIdByKey(q: Queryable, key: string): Promise<number | undefined> {
  return (await q.one<{ id: number }>('SELECT id FROM tags WHERE key = $1', [key]))?.id;
}

const TAGS_OF: Record<ItemType, string> = {
  movie:
    'SELECT t.id, t.key, t.name FROM movie_tags x JOIN tags t ON t.id = x.tag_id WHERE x.movie_id = $1 ORDER BY t.id',
  post: 'SELECT t.id, t.key, t.name FROM post_tags x JOIN tags t ON t.id = x.tag_id WHERE x.post_id = $1 ORDER BY t.id',
};

export const tagsOf = (q: Queryable, type: ItemType, itemId: number): Promise<TagBrief[]> =>
  q.query<TagBrief>(TAGS_OF[type], [itemId]);

/**
 * Tags: the hot list (tags with a hot_rank, in rank order), all tags (most used first), one tag by
 * its route key, and the tags of a movie or post. `count` is counted live from the join tables
 * (index-only lookups on movie_tags_tag and post_tags_tag), so it never drifts from the content.
 */
import type { Tag, TagBrief } from '../../contract/calls/content.ts';
import type { Queryable } from './db.ts';

export type ItemType = 'movie' | 'post';

const TAG_COLUMNS = `t.id, t.key, t.name, t.hot_rank IS NOT NULL AS hot,
  (SELECT count(*) FROM movie_tags mt WHERE mt.tag_id = t.id)
  + (SELECT count(*) FROM post_tags pt WHERE pt.tag_id = t.id) AS count`;

export const hotTags = (q: Queryable): Promise<Tag[]> =>
  q.query<Tag>(`SELECT ${TAG_COLUMNS} FROM tags t WHERE t.hot_rank IS NOT NULL ORDER BY t.hot_rank, t.id`);

export const allTags = (q: Queryable): Promise<Tag[]> =>
  q.query<Tag>(`SELECT * FROM (SELECT ${TAG_COLUMNS} FROM tags t) all_tags ORDER BY count DESC, id`);

export const findTag = (q: Queryable, key: string): Promise<Tag | undefined> =>
  q.one<Tag>(`SELECT ${TAG_COLUMNS} FROM tags t WHERE t.key = $1`, [key]);

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

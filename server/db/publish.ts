/**
 * Members' topics: the forum category a topic goes to, and the insert. Member topics
 * take ids from the member_post_ids sequence (100000 and up), so they never meet the seeded ids.
 * Title and body are stored exactly as written; the summary is the body's plain text. A topic counts
 * for its forum's 今日 in the same transaction.
 */
import { plainText } from '../../contract/rich-text.ts';
import type { Queryable } from './db.ts';
import { countForumWrite } from './forum.ts';
import { dayBounds, siteDay } from './site-day.ts';
import { indexPost } from '../search/index-writes.ts';

const SUMMARY_LENGTH = 80;

/** The route of the category's root ('/forum' for forum groups) and its depth; undefined when unknown. */
export function categoryRoot(
  q: Queryable,
  categoryId: number,
): Promise<{ route: string | null; depth: number } | undefined> {
  return q.one(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id, route, depth, depth AS own_depth FROM categories WHERE id = $1
       UNION ALL SELECT c.id, c.parent_id, c.route, c.depth, up.own_depth FROM categories c JOIN up ON c.id = up.parent_id)
     SELECT route, own_depth AS depth FROM up WHERE parent_id IS NULL`,
    [categoryId],
  );
}

/** Tag ids of the keys, in order; the keys that match no tag are answered in `unknown`. */
export async function tagIdsOf(q: Queryable, keys: readonly string[]): Promise<{ ids: number[]; unknown: string[] }> {
  const rows = await q.query<{ id: number; key: string }>('SELECT id, key FROM tags WHERE key = ANY($1::text[])', [
    keys,
  ]);
  const byKey = new Map(rows.map((row) => [row.key, row.id]));
  return { ids: keys.flatMap((key) => byKey.get(key) ?? []), unknown: keys.filter((key) => !byKey.has(key)) };
}

export async function topicsPublishedOn(q: Queryable, userId: number, day: string): Promise<number> {
  const { start, end } = dayBounds(day);
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM posts WHERE author_id = $1 AND kind = 'topic'
       AND created_at >= $2::timestamptz AND created_at < $3::timestamptz`,
    [userId, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  return row?.n ?? 0;
}

export interface NewTopic {
  authorId: number;
  categoryId: number;
  title: string;
  body: string;
  images: readonly string[];
  cover: string | null;
  tagIds: readonly number[];
  videoUploadId: number | null;
  now: number;
}

/** Inserts the topic with its tags and counts it in its forum's 今日 (forum_days). Run it inside Db.tx. */
export async function insertTopic(q: Queryable, topic: NewTopic): Promise<number> {
  const summary = [...plainText(topic.body)].slice(0, SUMMARY_LENGTH).join('');
  const row = await q.one<{ id: number }>(
    `INSERT INTO posts (id, kind, category_id, author_id, title, summary, body, cover, images, created_at, video_upload_id)
     VALUES (nextval('member_post_ids'), 'topic', $1, $2, $3, $4, $5, $6, $7::jsonb, $8::timestamptz, $9)
     RETURNING id`,
    [
      topic.categoryId,
      topic.authorId,
      topic.title,
      summary,
      topic.body,
      topic.cover,
      JSON.stringify(topic.images),
      new Date(topic.now).toISOString(),
      topic.videoUploadId,
    ],
  );
  const id = row!.id;
  await countForumWrite(q, topic.categoryId, siteDay(topic.now));
  if (topic.tagIds.length > 0) {
    await q.query('INSERT INTO post_tags (post_id, tag_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [
      id,
      topic.tagIds,
    ]);
  }
  await indexPost(q, id);
  return id;
}

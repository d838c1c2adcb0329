/**
 * Forum groups: the categories with a topicId (the children of '/forum'), with the number of their
 * visible topics (in the group and its subgroups, from the kept counters of server/db/counters.ts) and their 今日 count: topics and replies under topics
 * written on the current Asia/Shanghai day, read from the kept counter forum_days (one row per
 * category and day, raised by countForumWrite in the transaction that writes the topic or reply).
 */
import type { ForumGroup } from '../../contract/calls/content.ts';
import type { Queryable } from './db.ts';

const GROUPS_SQL = `
  WITH RECURSIVE scope AS (
    SELECT id AS group_id, id FROM categories WHERE topic_id IS NOT NULL AND ($1::int IS NULL OR topic_id = $1)
    UNION ALL SELECT s.group_id, c.id FROM categories c JOIN scope s ON c.parent_id = s.id)
  SELECT g.topic_id AS "topicId", g.id AS "categoryId", g.name, g.description, g.icon,
    (SELECT coalesce(sum(k.n), 0)::int FROM category_counts k JOIN scope t ON t.id = k.category_id
      WHERE t.group_id = g.id AND k.kind = 'topic') AS "topicCount",
    (SELECT coalesce(sum(d.writes), 0)::int FROM forum_days d JOIN scope t ON t.id = d.category_id
      WHERE t.group_id = g.id AND d.day = $2::date) AS "todayCount"
  FROM categories g WHERE g.topic_id IS NOT NULL AND ($1::int IS NULL OR g.topic_id = $1)
  ORDER BY g.sort, g.id`;

/** Every forum group; `day` is today's Asia/Shanghai date (server/db/site-day.ts). */
export const forumGroups = (q: Queryable, day: string): Promise<ForumGroup[]> =>
  q.query<ForumGroup>(GROUPS_SQL, [null, day]);

export const findForumGroup = (q: Queryable, topicId: number, day: string): Promise<ForumGroup | undefined> =>
  q.one<ForumGroup>(GROUPS_SQL, [topicId, day]);

/** Counts one topic or reply under a topic of the category on the day. Run it inside Db.tx. */
export async function countForumWrite(q: Queryable, categoryId: number, day: string): Promise<void> {
  await q.query(
    `INSERT INTO forum_days (category_id, day, writes) VALUES ($1, $2::date, 1)
     ON CONFLICT (category_id, day) DO UPDATE SET writes = forum_days.writes + 1`,
    [categoryId, day],
  );
}

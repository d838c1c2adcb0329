/**
 * Forum groups: the categories with a topicId (the children of '/forum'), with the number of their
 * topics (in the group and its subgroups) and of those created in the last 24 hours.
 */
import type { ForumGroup } from '../../contract/calls/content.ts';
import type { Queryable } from './db.ts';

const GROUPS_SQL = `
  WITH RECURSIVE scope AS (
    SELECT id AS group_id, id FROM categories WHERE topic_id IS NOT NULL AND ($1::int IS NULL OR topic_id = $1)
    UNION ALL SELECT s.group_id, c.id FROM categories c JOIN scope s ON c.parent_id = s.id)
  SELECT g.topic_id AS "topicId", g.id AS "categoryId", g.name, g.description, g.icon,
    count(p.id) AS "topicCount",
    count(p.id) FILTER (WHERE p.created_at > now() - interval '24 hours') AS "todayCount"
  FROM categories g JOIN scope s ON s.group_id = g.id
  LEFT JOIN posts p ON p.category_id = s.id AND p.kind = 'topic'
  GROUP BY g.id ORDER BY g.sort, g.id`;

export const forumGroups = (q: Queryable): Promise<ForumGroup[]> => q.query<ForumGroup>(GROUPS_SQL, [null]);

export const findForumGroup = (q: Queryable, topicId: number): Promise<ForumGroup | undefined> =>
  q.one<ForumGroup>(GROUPS_SQL, [topicId]);

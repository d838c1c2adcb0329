/**
 * The kept counters of the public lists (migration 021): visible items per category and kind, per
 * tag and kind (and a tag's sum, tags.item_count), each author's visible posts and the likes on
 * them, and each site's authors (migration 024). Row triggers keep them in the transaction that
 * writes the rows; this module reads them (list totals, tag counts) and recounts them from scratch.
 * A scheduled title counts from when it is published; the reads take the (few) scheduled ones off.
 *
 * A bulk fill may run with the triggers off (`SET session_replication_role = replica` on
 * PostgreSQL) and call recountCounters after it.
 */
import type { PostKind } from '../../contract/enums.ts';
import type { Queryable } from './db.ts';

/** What a category or tag counts: movies, or posts of one kind. */
export type CountedKind = 'movie' | PostKind;

/** Sets every counter from a full recount of the rows (in one transaction when q is one). */
export async function recountCounters(q: Queryable): Promise<void> {
  await q.query('DELETE FROM category_counts');
  await q.query(
    `INSERT INTO category_counts (category_id, kind, n)
       SELECT category_id, 'movie', count(*) FROM movies WHERE status = 'published' GROUP BY category_id
       UNION ALL SELECT category_id, kind, count(*) FROM posts WHERE hidden_at IS NULL GROUP BY category_id, kind`,
  );
  await q.query('DELETE FROM tag_counts');
  await q.query(
    `INSERT INTO tag_counts (tag_id, kind, n)
       SELECT mt.tag_id, 'movie', count(*) FROM movie_tags mt JOIN movies m ON m.id = mt.movie_id
         WHERE m.status = 'published' GROUP BY mt.tag_id
       UNION ALL SELECT pt.tag_id, p.kind, count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id
         WHERE p.hidden_at IS NULL GROUP BY pt.tag_id, p.kind`,
  );
  await q.query(
    `UPDATE tags t SET item_count = s.n FROM (
       SELECT t2.id, coalesce(sum(c.n), 0)::int AS n FROM tags t2 LEFT JOIN tag_counts c ON c.tag_id = t2.id
       GROUP BY t2.id) s
     WHERE s.id = t.id AND t.item_count <> s.n`,
  );
  // Only the users whose counters differ are written (a recount of a big site touches few rows).
  await q.query(
    `UPDATE users u SET post_count = coalesce(s.posts, 0), likes_received = coalesce(s.likes, 0)
     FROM users u2 LEFT JOIN (
       SELECT author_id, count(*)::int AS posts, sum(likes)::bigint AS likes FROM posts
       WHERE hidden_at IS NULL AND author_id IS NOT NULL GROUP BY author_id) s ON s.author_id = u2.id
     WHERE u2.id = u.id
       AND (u.post_count <> coalesce(s.posts, 0) OR u.likes_received <> coalesce(s.likes, 0))`,
  );
  await q.query('DELETE FROM site_author_counts');
  await q.query(
    `INSERT INTO site_author_counts (site_id, n)
       SELECT site_id, count(*) FROM users WHERE hidden_at IS NULL AND post_count > 0 GROUP BY site_id`,
  );
}

/** The site's authors (users not hidden with a visible post): the user list's total. */
export async function authorTotal(q: Queryable, siteId: number): Promise<number> {
  const row = await q.one<{ n: number }>('SELECT n FROM site_author_counts WHERE site_id = $1', [siteId]);
  return row?.n ?? 0;
}

/** Every kept counter as sorted lines ("category 3 movie 12"), to compare two states in tests. */
export async function counterSnapshot(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ line: string }>(
    `SELECT 'category ' || category_id || ' ' || kind || ' ' || n AS line FROM category_counts WHERE n <> 0
     UNION ALL SELECT 'tag ' || tag_id || ' ' || kind || ' ' || n FROM tag_counts WHERE n <> 0
     UNION ALL SELECT 'tag ' || id || ' items ' || item_count FROM tags
     UNION ALL SELECT 'user ' || id || ' ' || post_count || ' ' || likes_received FROM users
       WHERE post_count <> 0 OR likes_received <> 0
     UNION ALL SELECT 'site ' || site_id || ' authors ' || n FROM site_author_counts WHERE n <> 0`,
  );
  return rows.map((row) => row.line).sort();
}

/**
 * Scheduled titles (published, their time not come) among the movies `m`: visitors do not see them
 * yet, the kept counters already count them. Few, read over the newest-first index.
 */
const SCHEDULED = `SELECT count(*)::int FROM movies m WHERE m.status = 'published' AND m.published_at > now()`;

/**
 * Joined to tags `t`: Tag.count (`t.item_count - coalesce(scheduled.n, 0)`), the kept count less the
 * tag's scheduled titles, counted once for every tag.
 */
export const TAG_COUNT_JOIN = `LEFT JOIN (SELECT mt.tag_id, count(*)::int AS n FROM movies m
  JOIN movie_tags mt ON mt.movie_id = m.id WHERE m.status = 'published' AND m.published_at > now()
  GROUP BY mt.tag_id) scheduled ON scheduled.tag_id = t.id`;
export const TAG_COUNT = 't.item_count - coalesce(scheduled.n, 0)';

/** Visible items of the kind in the given categories (a subtree, or all), from the kept counters. */
export async function categoryTotal(q: Queryable, kind: CountedKind, categoryIds?: readonly number[]) {
  const cats = categoryIds ?? null;
  const scheduled =
    kind === 'movie' ? `(${SCHEDULED} AND ($2::int[] IS NULL OR m.category_id = ANY ($2::int[])))` : '0';
  const row = await q.one<{ n: number }>(
    `SELECT (SELECT coalesce(sum(n), 0)::int FROM category_counts
       WHERE kind = $1 AND ($2::int[] IS NULL OR category_id = ANY ($2::int[]))) - ${scheduled} AS n`,
    [kind, cats],
  );
  return row?.n ?? 0;
}

/** Visible items of the kind carrying the tag, from the kept counters. */
export async function tagTotal(q: Queryable, kind: CountedKind, tagId: number): Promise<number> {
  const scheduled =
    kind === 'movie'
      ? `(${SCHEDULED} AND EXISTS (SELECT 1 FROM movie_tags mt WHERE mt.movie_id = m.id AND mt.tag_id = $1))`
      : '0';
  const row = await q.one<{ n: number }>(
    `SELECT coalesce((SELECT n FROM tag_counts WHERE tag_id = $1 AND kind = $2), 0) - ${scheduled} AS n`,
    [tagId, kind],
  );
  return row?.n ?? 0;
}

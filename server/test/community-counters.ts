/**
 * The community's kept counters held to their rows (docs/architecture.md "Community"): a post's
 * reply_count and floor_count, a movie's comment_count and rating sums, a reply's likes. Each entry
 * of the answer names a counter that disagrees; none should.
 *
 * Seeded replies carry likes without like rows, so a reply's likes are held to its rows plus the
 * offset it had before the test (`likeOffsets`, from `replyLikeOffsets`; 0 for a reply made since).
 */
import type { Db } from '../db/db.ts';

const CHECKS: Record<string, string> = {
  'posts.reply_count / floor_count': `SELECT count(*) AS n FROM posts p WHERE reply_count <> (SELECT count(*) FROM replies r
      WHERE r.target_type = 'post' AND r.target_id = p.id AND r.deleted_at IS NULL)
    OR floor_count <> (SELECT coalesce(max(floor), 0) FROM replies r WHERE r.target_type = 'post' AND r.target_id = p.id)`,
  'movies.comment_count / rating_sum / rating_count': `SELECT count(*) AS n FROM movies m,
      LATERAL (SELECT count(*) AS n, coalesce(sum(rating), 0) AS s, count(rating) AS k FROM replies r
        WHERE r.target_type = 'movie' AND r.target_id = m.id AND r.deleted_at IS NULL) x
    WHERE m.comment_count <> x.n OR m.rating_sum <> x.s OR m.rating_count <> x.k`,
};

/** Each reply whose likes differ from its like rows, by how much. */
export async function replyLikeOffsets(db: Db): Promise<Map<number, number>> {
  const rows = await db.query<{ id: unknown; offset: unknown }>(
    `SELECT r.id, r.likes - coalesce(l.n, 0) AS "offset" FROM replies r
     LEFT JOIN (SELECT reply_id, count(*) AS n FROM reply_likes GROUP BY 1) l ON l.reply_id = r.id
     WHERE r.likes <> coalesce(l.n, 0)`,
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.offset)]));
}

/** The counters that disagree with their rows, with how many rows disagree. */
export async function communityCounterMismatches(db: Db, likeOffsets = new Map<number, number>()): Promise<string[]> {
  const wrong: string[] = [];
  for (const [name, sql] of Object.entries(CHECKS)) {
    const n = Number((await db.one<{ n: unknown }>(sql))?.n ?? 0);
    if (n > 0) wrong.push(`${name}: ${n}`);
  }
  for (const [id, offset] of await replyLikeOffsets(db)) {
    if (offset !== (likeOffsets.get(id) ?? 0)) wrong.push(`replies.likes of reply ${id}: ${offset} off its rows`);
  }
  return wrong;
}

/**
 * Bursts of reports against one member, for the moderation queue (GET /admin-api/moderation/bursts):
 * the open reports of the last REPORT_BURST.windowMinutes against a member's items (their replies,
 * comments, posts, danmaku and profile: reports.target_owner_id), by member, where at least
 * REPORT_BURST.reporters distinct members sent them: a crowd of throwaway devices or a brigade,
 * whether or not its reports count toward hiding. Most reporters first; an operator limited to some
 * sites sees the members of those sites.
 */
import type { ReportBurst } from '../../../contract/admin/moderation.ts';
import type { Queryable } from '../../db/db.ts';

export const REPORT_BURST = { windowMinutes: 60, reporters: 5, shown: 20 } as const;

interface BurstRow {
  authorId: string | number;
  nickname: string;
  avatar: string;
  siteId: number;
  reports: number;
  reporters: number;
  uncountedReporters: number;
  items: number;
  firstAt: Date;
  lastAt: Date;
}

/** siteIds null: every site. */
export async function reportBursts(q: Queryable, siteIds: readonly number[] | null): Promise<ReportBurst[]> {
  const rows = await q.query<BurstRow>(
    `SELECT r.target_owner_id AS "authorId", u.nickname, u.avatar, u.site_id AS "siteId",
       count(*)::int AS reports, count(DISTINCT r.reporter_id)::int AS reporters,
       count(DISTINCT r.reporter_id) FILTER (WHERE NOT r.counted)::int AS "uncountedReporters",
       count(DISTINCT r.target_type || ':' || r.target_id)::int AS items,
       min(r.created_at) AS "firstAt", max(r.created_at) AS "lastAt"
     FROM reports r JOIN users u ON u.id = r.target_owner_id
     WHERE r.state = 'open' AND r.created_at > now() - make_interval(mins => $1::int)
       AND ($2::int[] IS NULL OR u.site_id = ANY ($2::int[]))
     GROUP BY r.target_owner_id, u.nickname, u.avatar, u.site_id
     HAVING count(DISTINCT r.reporter_id) >= $3
     ORDER BY reporters DESC, "lastAt" DESC, r.target_owner_id DESC
     LIMIT $4`,
    [REPORT_BURST.windowMinutes, siteIds, REPORT_BURST.reporters, REPORT_BURST.shown],
  );
  return rows.map((row) => ({
    author: { id: Number(row.authorId), nickname: row.nickname, avatar: row.avatar },
    siteId: row.siteId,
    reports: row.reports,
    reporters: row.reporters,
    uncountedReporters: row.uncountedReporters,
    items: row.items,
    firstAt: row.firstAt.getTime(),
    lastAt: row.lastAt.getTime(),
    windowMinutes: REPORT_BURST.windowMinutes,
  }));
}

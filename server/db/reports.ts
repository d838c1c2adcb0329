/**
 * Reports of members' items (a reply or comment, a post, a danmaku) and of members: one per
 * reporter and item. When the item's open reports reach the threshold of distinct reporters it is
 * hidden pending review (its hidden_at set), in the report's transaction; the operator console's
 * review queue reads the open reports. The target row is locked while a report is written, so
 * reports arriving together count each other.
 */
import type { ReportResult } from '../../contract/calls/community.ts';
import type { ReportReason, ReportTarget } from '../../contract/enums.ts';
import { indexModerated } from '../search/index-writes.ts';
import type { Queryable } from './db.ts';

/** The table of each kind of target, the column naming its owner, and what makes a row reportable. */
const TARGETS: Record<ReportTarget, { table: string; owner: string; live: string }> = {
  reply: { table: 'replies', owner: 'author_id', live: 'deleted_at IS NULL' },
  post: { table: 'posts', owner: 'author_id', live: 'true' },
  danmaku: { table: 'danmaku', owner: 'user_id', live: 'true' },
  // $2: the reporter's site; members of other sites are not there to report.
  user: { table: 'users', owner: 'id', live: 'site_id = $2' },
};

export interface NewReport {
  siteId: number;
  reporterId: number;
  targetType: ReportTarget;
  targetId: number;
  reason: ReportReason;
  detail: string;
}

/**
 * The owner of the target (null for an item without one), locking its row; undefined when it does
 * not exist (or is deleted, or is a user of another site). Run it inside Db.tx.
 */
export async function lockReportTarget(
  q: Queryable,
  siteId: number,
  type: ReportTarget,
  id: number,
): Promise<{ ownerId: number | null } | undefined> {
  const { table, owner, live } = TARGETS[type];
  return q.one<{ ownerId: number | null }>(
    `SELECT ${owner} AS "ownerId" FROM ${table} WHERE id = $1::bigint AND ${live} FOR UPDATE`,
    type === 'user' ? [id, siteId] : [id],
  );
}

/**
 * Writes the report (a repeat by the same reporter writes nothing and answers as the first did) and
 * hides the target once `threshold` distinct members have open reports on it. Lock the target first
 * (lockReportTarget), inside the same transaction.
 */
export async function fileReport(q: Queryable, report: NewReport, threshold: number): Promise<ReportResult> {
  const { targetType, targetId } = report;
  await q.query(
    `INSERT INTO reports (site_id, reporter_id, target_type, target_id, reason, detail)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (reporter_id, target_type, target_id) DO NOTHING`,
    [report.siteId, report.reporterId, targetType, targetId, report.reason, report.detail],
  );
  // This report's place among the target's open reports: the one at the threshold hid the item.
  const place = await q.one<{ rank: number; total: number }>(
    `SELECT count(*) FILTER (WHERE id <= (SELECT id FROM reports WHERE reporter_id = $3 AND target_type = $1
         AND target_id = $2))::int AS rank,
       count(*)::int AS total
     FROM reports WHERE target_type = $1 AND target_id = $2 AND state = 'open'`,
    [targetType, targetId, report.reporterId],
  );
  if (!place || place.total < threshold) return { hidden: false };
  await q.query(`UPDATE ${TARGETS[targetType].table} SET hidden_at = now() WHERE id = $1 AND hidden_at IS NULL`, [
    targetId,
  ]);
  await indexModerated(q, targetType, targetId);
  return { hidden: place.rank === threshold };
}

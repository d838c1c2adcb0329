/**
 * Reports of members' items (a reply or comment, a post, a danmaku) and of members: one per
 * reporter and item, with whose item it is and whether it counts toward hiding (its reporter had
 * earned trust: server/moderation/report-trust.ts). When the item's open counted reports reach the
 * threshold it is hidden pending review (its hidden_at set), in the report's transaction; the
 * operator console's review queue reads the open reports, counted or not. The target row is locked
 * while a report is written, so reports arriving together count each other.
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
  /** The target's owner, as lockReportTarget answered. */
  ownerId: number | null;
  reason: ReportReason;
  detail: string;
  /** Whether it counts toward hiding the target. */
  counted: boolean;
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
 * hides the target once `threshold` open counted reports are on it. Lock the target first
 * (lockReportTarget), inside the same transaction.
 */
export async function fileReport(q: Queryable, report: NewReport, threshold: number): Promise<ReportResult> {
  const { siteId, reporterId, targetType, targetId, ownerId, reason, detail, counted } = report;
  await q.query(
    `INSERT INTO reports (site_id, reporter_id, target_type, target_id, target_owner_id, reason, detail, counted)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (reporter_id, target_type, target_id) DO NOTHING`,
    [siteId, reporterId, targetType, targetId, ownerId, reason, detail, counted],
  );
  // This report's place among the target's open counted reports: the one at the threshold hid the
  // item. An uncounted one has none (a repeat is judged by the report stored first).
  const place = await q.one<{ rank: number | null; total: number }>(
    `WITH mine AS (SELECT id, counted FROM reports WHERE reporter_id = $3 AND target_type = $1 AND target_id = $2)
     SELECT CASE WHEN (SELECT counted FROM mine) THEN count(*) FILTER (WHERE id <= (SELECT id FROM mine))::int END AS rank,
       count(*)::int AS total
     FROM reports WHERE target_type = $1 AND target_id = $2 AND state = 'open' AND counted`,
    [targetType, targetId, report.reporterId],
  );
  if (!place || place.total < threshold) return { hidden: false };
  await q.query(`UPDATE ${TARGETS[targetType].table} SET hidden_at = now() WHERE id = $1 AND hidden_at IS NULL`, [
    targetId,
  ]);
  await indexModerated(q, targetType, targetId);
  return { hidden: place.rank === threshold };
}

/**
 * Whose reports count toward hiding an item (docs/architecture.md "Community"), on the model of
 * Discourse's trust levels. A device is free to make, so a report counts toward
 * REPORT_HIDE_THRESHOLD only from a member who has earned it: an account name (not a bare device),
 * an account at least REPORT_TRUST_AGE_HOURS old, at least REPORT_TRUST_WRITINGS replies, comments
 * or posts of their own still shown (not hidden, held or deleted), and no mute or ban in force.
 * Everyone else's reports are kept and shown to the moderators, marked as not counted.
 */
import type { Config } from '../config.ts';
import type { Queryable } from '../db/db.ts';

export interface TrustRule {
  /** An account name is required (a guest's device is not enough). */
  account: boolean;
  ageHours: number;
  writings: number;
}

export const trustRuleOf = (
  config: Pick<Config, 'REPORT_TRUST_ACCOUNT' | 'REPORT_TRUST_AGE_HOURS' | 'REPORT_TRUST_WRITINGS'>,
): TrustRule => ({
  account: config.REPORT_TRUST_ACCOUNT === 'on',
  ageHours: config.REPORT_TRUST_AGE_HOURS,
  writings: config.REPORT_TRUST_WRITINGS,
});

/** Whether the member's reports count toward hiding, as of `now` (ms). */
export async function reportsCount(q: Queryable, userId: number, rule: TrustRule, now: number): Promise<boolean> {
  // Each kind of writing is read up to the number needed, from the author's index.
  const row = await q.one<{ counts: boolean }>(
    `SELECT (NOT $2::boolean OR u.account IS NOT NULL)
       AND u.created_at <= $3::timestamptz - make_interval(hours => $4::int)
       AND NOT EXISTS (SELECT 1 FROM user_sanctions s WHERE s.user_id = u.id AND (s.until IS NULL OR s.until > $3::timestamptz))
       AND (SELECT count(*) FROM (
             (SELECT 1 FROM posts p WHERE p.author_id = u.id AND p.hidden_at IS NULL AND p.held_at IS NULL
                AND p.deleted_at IS NULL LIMIT $5)
             UNION ALL
             (SELECT 1 FROM replies r WHERE r.author_id = u.id AND r.hidden_at IS NULL AND r.deleted_at IS NULL
                LIMIT $5)) w) >= $5 AS counts
     FROM users u WHERE u.id = $1`,
    [userId, rule.account, new Date(now).toISOString(), rule.ageHours, rule.writings],
  );
  return row?.counts ?? false;
}

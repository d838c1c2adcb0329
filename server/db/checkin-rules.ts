/**
 * The check-in rules, one set for every site as the point tasks are: the base points and on/off of
 * the 'checkin' point task (its row in point_tasks, so the task list and the check-in agree), the
 * milestones and the 补签 cards per member and month (the one checkin_rules row).
 */
import type { CheckinMilestone } from '../../contract/calls/member.ts';
import type { Queryable } from './db.ts';

export interface CheckinRules {
  /** The 'checkin' point task's id; null when the catalogue has none (check-in is then off). */
  taskId: number | null;
  enabled: boolean;
  basePoints: number;
  /** Ascending by days. */
  milestones: CheckinMilestone[];
  makeupCardsPerMonth: number;
}

interface RulesRow {
  taskId: number | null;
  enabled: boolean | null;
  basePoints: number | null;
  milestones: CheckinMilestone[] | string;
  makeupCardsPerMonth: number;
}

export async function checkinRules(q: Queryable): Promise<CheckinRules> {
  const row = await q.one<RulesRow>(
    `SELECT t.id AS "taskId", t.enabled, t.points AS "basePoints", r.milestones,
            r.makeup_cards_per_month AS "makeupCardsPerMonth"
       FROM checkin_rules r LEFT JOIN point_tasks t ON t.key = 'checkin'`,
  );
  if (!row) return { taskId: null, enabled: false, basePoints: 0, milestones: [], makeupCardsPerMonth: 0 };
  const milestones = (
    typeof row.milestones === 'string' ? JSON.parse(row.milestones) : row.milestones
  ) as CheckinMilestone[];
  return {
    taskId: row.taskId,
    enabled: row.taskId !== null && row.enabled === true,
    basePoints: row.basePoints ?? 0,
    milestones: [...milestones].sort((a, b) => a.days - b.days),
    makeupCardsPerMonth: row.makeupCardsPerMonth,
  };
}

export interface CheckinRulesChange {
  basePoints: number;
  milestones: CheckinMilestone[];
  makeupCardsPerMonth: number;
}

/** Writes the rules; answers them as they are after. Run it inside Db.tx. */
export async function updateCheckinRules(q: Queryable, change: CheckinRulesChange): Promise<CheckinRules> {
  const milestones = [...change.milestones].sort((a, b) => a.days - b.days);
  await q.query(`UPDATE checkin_rules SET milestones = $1::jsonb, makeup_cards_per_month = $2, updated_at = now()`, [
    JSON.stringify(milestones),
    change.makeupCardsPerMonth,
  ]);
  await q.query(`UPDATE point_tasks SET points = $1 WHERE key = 'checkin'`, [change.basePoints]);
  return checkinRules(q);
}

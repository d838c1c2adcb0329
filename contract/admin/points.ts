/**
 * The console's 积分与签到 (docs/admin-api.md "Points tasks and the daily check-in"): the daily
 * point tasks and the check-in rules, one set for every site of the station group. Types and the
 * limits both sides check; the server validates with zod of its own.
 */
import type { PointTaskKey } from '../calls/member.ts';

export interface AdminPointTask {
  id: number;
  key: PointTaskKey;
  name: string;
  description: string;
  points: number;
  /** How many (movies watched, posts read, topics published) complete it; 1 for the check-in. */
  target: number;
  enabled: boolean;
  /** Ascending: the order in the points mall. */
  sort: number;
}

export interface AdminCheckinMilestone {
  days: number;
  points: number;
}

export interface AdminCheckinRules {
  /** The 'checkin' task's points: what each day's check-in (and each 补签) credits. */
  basePoints: number;
  milestones: AdminCheckinMilestone[];
  makeupCardsPerMonth: number;
}

/** GET /admin-api/points */
export interface AdminPointsSettings {
  tasks: AdminPointTask[];
  checkin: AdminCheckinRules;
  /** False for an operator limited to some sites: these settings apply to every site. */
  canEdit: boolean;
}

/** PATCH /admin-api/points/tasks/:id: any of these. */
export type AdminPointTaskChange = Partial<
  Pick<AdminPointTask, 'name' | 'description' | 'points' | 'target' | 'enabled' | 'sort'>
>;

export const POINTS_LIMITS = {
  nameMax: 20,
  descriptionMax: 60,
  pointsMax: 10_000,
  targetMax: 100,
  sortMax: 9_999,
  milestonesMax: 10,
  milestoneDaysMin: 2,
  milestoneDaysMax: 365,
  makeupCardsMax: 31,
} as const;

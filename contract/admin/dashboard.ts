/**
 * The console's dashboard (docs/admin-api.md "Dashboard"): GET /admin-api/dashboard?siteId=&days=
 * answers the site's daily series, the period's totals against the period before, and the top
 * movies and posts, all read from the daily aggregates the server keeps. Types only.
 */
import type { SiteChoice } from './session.ts';

/** The periods the dashboard offers, in days ending today (Asia/Shanghai). */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export interface DashboardDay {
  /** 'YYYY-MM-DD' (Asia/Shanghai). */
  day: string;
  activeDevices: number;
  newUsers: number;
  plays: number;
  /** Watch time in hours, one decimal. */
  watchHours: number;
  /** Revenue of paid deposits in 元 (two decimals), on the day they were paid, refunded or not. */
  revenueYuan: number;
  /** Money owed back by refunds of the orders paid that day, in 元 (whenever the refund was made). */
  refundsYuan: number;
  /** revenueYuan − refundsYuan: what 订单 sums for the orders paid that day. */
  netYuan: number;
  depositsCreated: number;
  /** Of the deposits started that day, how many were paid. */
  depositsPaid: number;
  /** depositsPaid / depositsCreated (0..1, four decimals); null without deposits. */
  conversion: number | null;
}

/** A period's figures: activeDevices is the daily average (rounded); the others are sums. */
export type DashboardTotals = Omit<DashboardDay, 'day'>;

export interface DashboardTopItem {
  id: number;
  title: string;
  /** Plays (movies) or views (posts) in the period. */
  count: number;
}

export interface DashboardData {
  siteId: number;
  days: DashboardPeriod;
  /** First and last day of the period (the last is today). */
  from: string;
  to: string;
  /** The sites this operator may pick. */
  sites: SiteChoice[];
  /** One entry per day of the period, oldest first, zeros for days without events. */
  series: DashboardDay[];
  today: DashboardDay;
  totals: DashboardTotals;
  /** The same figures for the period of equal length just before. */
  previousTotals: DashboardTotals;
  topMovies: DashboardTopItem[];
  topPosts: DashboardTopItem[];
}

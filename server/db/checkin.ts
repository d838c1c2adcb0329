/**
 * The daily check-in streak (015-daily-stats.sql; the rules in contract/calls/member.ts): one
 * `checkins` row per member and day (its primary key: once a day), the base points of the
 * 'checkin' point task and milestone bonuses credited through the ledger in the same transaction,
 * and 补签 cards that fill the most recent missed day of the current month.
 *
 * A check-in or 补签 first locks the member's users row, so one member's check-ins run one after
 * another on every process; the primary keys and the ledger's unique refs guard the rest.
 * A streak ("run") is the consecutive checked days around a day. A milestone is rewarded once per
 * run: rewards of any run inside the run's days count, so runs joined by a 补签 do not earn a
 * milestone twice. Streaks are read from at most STREAK_WINDOW days back.
 */
import type { CheckinMilestone, CheckinResult, CheckinStatus } from '../../contract/calls/member.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ApiError } from '../api-error.ts';
import { checkinRules, type CheckinRules } from './checkin-rules.ts';
import type { Queryable } from './db.ts';
import { addDays, monthEnd, monthStart } from './day-math.ts';
import { changePoints } from './ledger.ts';
import { siteDay } from './site-day.ts';

const STREAK_WINDOW = 400;

interface History {
  /** Checked days (within the window) → filled by a 补签. */
  days: Map<string, boolean>;
  /** The member's first day (Asia/Shanghai): nothing before it can be filled. */
  since: string;
}

async function historyOf(q: Queryable, userId: number, today: string): Promise<History> {
  const [rows, user] = await Promise.all([
    q.query<{ day: string; makeup: boolean }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, makeup FROM checkins
        WHERE user_id = $1 AND day <= $2::date AND day > $2::date - $3::int ORDER BY day DESC`,
      [userId, today, STREAK_WINDOW],
    ),
    q.one<{ createdAt: Date }>('SELECT created_at AS "createdAt" FROM users WHERE id = $1', [userId]),
  ]);
  return {
    days: new Map(rows.map((row) => [row.day, row.makeup])),
    since: user ? siteDay(user.createdAt.getTime()) : today,
  };
}

/** The run of consecutive checked days around `day` (length 0 when `day` is not checked). */
function runAround(days: Map<string, boolean>, day: string): { start: string; end: string; length: number } {
  if (!days.has(day)) return { start: day, end: day, length: 0 };
  let start = day;
  let end = day;
  while (days.has(addDays(start, -1))) start = addDays(start, -1);
  while (days.has(addDays(end, 1))) end = addDays(end, 1);
  return { start, end, length: Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1 };
}

/** The current run: through today, or through yesterday while today is not checked. */
const currentRun = (h: History, today: string) => runAround(h.days, h.days.has(today) ? today : addDays(today, -1));

/** The most recent day before today, in today's month and not before the member's first day, not checked. */
function missedDay(h: History, today: string): string | null {
  const first = monthStart(today) > h.since ? monthStart(today) : h.since;
  for (let day = addDays(today, -1); day >= first; day = addDays(day, -1)) if (!h.days.has(day)) return day;
  return null;
}

const makeupsThisMonth = (h: History, today: string): number =>
  [...h.days].filter(([day, makeup]) => makeup && day >= monthStart(today)).length;

const rewardedIn = async (q: Queryable, userId: number, run: { start: string; end: string }): Promise<Set<number>> =>
  new Set(
    (
      await q.query<{ days: number }>(
        'SELECT days FROM checkin_milestones WHERE user_id = $1 AND run_start BETWEEN $2::date AND $3::date',
        [userId, run.start, run.end],
      )
    ).map((row) => row.days),
  );

export async function checkinStatus(
  q: Queryable,
  userId: number,
  today: string,
  given?: CheckinRules,
): Promise<CheckinStatus> {
  const rules = given ?? (await checkinRules(q));
  const h = await historyOf(q, userId, today);
  const run = currentRun(h, today);
  const rewarded = run.length > 0 ? await rewardedIn(q, userId, run) : new Set<number>();
  const next = rules.milestones.find((m) => m.days > run.length && !rewarded.has(m.days));
  const month: CheckinStatus['month'] = [];
  for (let day = monthStart(today); day <= monthEnd(today); day = addDays(day, 1))
    month.push({ day, checked: h.days.has(day), makeup: h.days.get(day) === true });
  const cardsLeft = Math.max(0, rules.makeupCardsPerMonth - makeupsThisMonth(h, today));
  return {
    today,
    checkedToday: h.days.has(today),
    streak: run.length,
    basePoints: rules.basePoints,
    enabled: rules.enabled,
    milestones: rules.milestones.map((m) => ({ ...m, reached: rewarded.has(m.days) })),
    nextMilestone: next ? { ...next, remaining: next.days - run.length } : null,
    month,
    makeupCardsPerMonth: rules.makeupCardsPerMonth,
    makeupCardsLeft: cardsLeft,
    makeupDay: cardsLeft > 0 ? missedDay(h, today) : null,
  };
}

/** Credits the milestones the run around `day` reached and no run inside it was given. */
async function rewardMilestones(
  q: Queryable,
  userId: number,
  rules: CheckinRules,
  day: string,
  today: string,
): Promise<{ bonus: number; reached: CheckinMilestone[] }> {
  const run = runAround((await historyOf(q, userId, today)).days, day);
  const rewarded = await rewardedIn(q, userId, run);
  const reached: CheckinMilestone[] = [];
  for (const milestone of rules.milestones) {
    if (milestone.days > run.length || rewarded.has(milestone.days)) continue;
    const inserted = await q.one(
      `INSERT INTO checkin_milestones (user_id, run_start, days, points, day) VALUES ($1, $2::date, $3, $4, $5::date)
       ON CONFLICT DO NOTHING RETURNING 1 AS inserted`,
      [userId, run.start, milestone.days, milestone.points, day],
    );
    if (!inserted) continue;
    await changePoints(q, {
      userId,
      delta: milestone.points,
      type: 'task',
      title: `连续签到 ${milestone.days} 天奖励`,
      ref: `checkin-streak:${run.start}:${milestone.days}`,
    });
    reached.push(milestone);
  }
  const bonus = reached.reduce((sum, m) => sum + m.points, 0);
  if (bonus > 0)
    await q.query('UPDATE checkins SET bonus = bonus + $3 WHERE user_id = $1 AND day = $2::date', [userId, day, bonus]);
  return { bonus, reached };
}

async function lockedRules(q: Queryable, userId: number): Promise<CheckinRules> {
  const rules = await checkinRules(q);
  if (!rules.enabled) throw new ApiError(Code.NotAllowed, '签到暂未开放');
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return rules;
}

/** Writes the day's row and credits it; false when the day was checked already. */
async function creditDay(q: Queryable, userId: number, rules: CheckinRules, day: string, makeup: boolean) {
  const inserted = await q.one(
    `INSERT INTO checkins (user_id, day, points, makeup) VALUES ($1, $2::date, $3, $4)
     ON CONFLICT DO NOTHING RETURNING 1 AS inserted`,
    [userId, day, rules.basePoints, makeup],
  );
  if (!inserted) return false;
  await changePoints(q, {
    userId,
    delta: rules.basePoints,
    type: 'task',
    title: makeup ? `补签 ${Number(day.slice(5, 7))}月${Number(day.slice(8))}日` : '每日签到',
    ref: `checkin:${day}`,
  });
  return true;
}

async function resultOf(q: Queryable, userId: number, rules: CheckinRules, day: string, today: string) {
  const { bonus } = await rewardMilestones(q, userId, rules, day, today);
  const balance = await q.one<{ points: number }>('SELECT points FROM users WHERE id = $1', [userId]);
  const result: CheckinResult = {
    day,
    gained: rules.basePoints + bonus,
    bonus,
    points: Number(balance?.points ?? 0),
    status: await checkinStatus(q, userId, today, rules),
  };
  return result;
}

/** Today's check-in. Code 4 when check-in is off, 9 when done today. Run it inside Db.tx. */
export async function checkIn(q: Queryable, userId: number, today: string, doneMessage = '今天已经签到过了') {
  const rules = await lockedRules(q, userId);
  if (!(await creditDay(q, userId, rules, today, false))) throw new ApiError(Code.AlreadyDone, doneMessage);
  return resultOf(q, userId, rules, today, today);
}

/**
 * Fills `day` with a 补签 card: it must be the most recent missed day of this month. Code 9 when
 * the day is checked already, 5 without a card left this month, 4 for any other day. Run it inside Db.tx.
 */
export async function makeUp(q: Queryable, userId: number, day: string, today: string): Promise<CheckinResult> {
  const rules = await lockedRules(q, userId);
  const h = await historyOf(q, userId, today);
  if (h.days.has(day)) throw new ApiError(Code.AlreadyDone, '这一天已经签到过了');
  if (makeupsThisMonth(h, today) >= rules.makeupCardsPerMonth)
    throw new ApiError(Code.Insufficient, '本月的补签卡已用完');
  const missed = missedDay(h, today);
  if (missed === null) throw new ApiError(Code.NotAllowed, '本月没有可补签的日期');
  if (day !== missed) throw new ApiError(Code.NotAllowed, `只能补签本月最近一次漏签的日期（${missed}）`);
  await creditDay(q, userId, rules, day, true);
  return resultOf(q, userId, rules, day, today);
}

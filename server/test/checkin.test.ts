/**
 * The daily check-in streak and its console settings: consecutive days, a reset after a miss,
 * each milestone once per streak (joined streaks included), 补签 cards (only the most recent missed
 * day of the month, so many a month), one check-in a day under concurrent calls, ledgers equal to
 * balances; the console's tasks and check-in rules with 400 naming the field, roles and audit
 * (PGlite, and PostgreSQL with DATABASE_URL).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPointsSettings, AdminPointTask } from '../../contract/admin/points.ts';
import type { AdminError } from '../../contract/admin/session.ts';
import type { AuditPage } from '../../contract/admin/audit.ts';
import type { CheckinResult, CheckinStatus, PointTask } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ApiError } from '../api-error.ts';
import { checkIn, checkinStatus, makeUp } from '../db/checkin.ts';
import { updateCheckinRules } from '../db/checkin-rules.ts';
import { siteDay } from '../db/site-day.ts';
import { signInOperator } from './admin-fixture.ts';
import { codeOf, dataOf } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { assertLedgersBalanced, balanceOf, seedMember } from './member-fixture.ts';

const DEFAULT_RULES = {
  basePoints: 10,
  milestones: [
    { days: 3, points: 10 },
    { days: 7, points: 30 },
    { days: 15, points: 60 },
    { days: 30, points: 150 },
  ],
  makeupCardsPerMonth: 2,
};

describe.each(DB_KINDS)('the check-in streak on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember });
  });
  afterEach(async () => {
    await h.db.tx((q) => updateCheckinRules(q, DEFAULT_RULES));
    await assertLedgersBalanced(h.db);
  });
  afterAll(() => h?.close());

  const on = (userId: number, day: string) => h.db.tx((q) => checkIn(q, userId, day));
  const fill = (userId: number, day: string, today: string) => h.db.tx((q) => makeUp(q, userId, day, today));
  const status = (userId: number, today: string) => checkinStatus(h.db, userId, today);
  const codeOfError = async (run: Promise<unknown>) => {
    const error = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return { code: (error as ApiError).code, msg: (error as ApiError).message };
  };
  const may = (d: number) => `2030-05-${String(d).padStart(2, '0')}`;

  it('continues a streak day by day, gives each milestone once, and resets after a missed day', async () => {
    const { info } = await h.client.registerGuest();
    const gains: number[] = [];
    for (let d = 1; d <= 7; d++) gains.push((await on(info.id, may(d))).gained);
    expect(gains).toEqual([10, 10, 20, 10, 10, 10, 40]);
    expect(await codeOfError(on(info.id, may(7)))).toEqual({ code: Code.AlreadyDone, msg: '今天已经签到过了' });
    const week = await status(info.id, may(7));
    expect(week).toMatchObject({
      checkedToday: true,
      streak: 7,
      nextMilestone: { days: 15, points: 60, remaining: 8 },
    });
    expect(week.milestones.map((m) => m.reached)).toEqual([true, true, false, false]);
    expect(week.month.filter((d) => d.checked).map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7].map(may));
    // The next day, not yet checked: the streak still stands; a day later it is gone.
    expect(await status(info.id, may(8))).toMatchObject({ checkedToday: false, streak: 7 });
    expect(await status(info.id, may(9))).toMatchObject({ checkedToday: false, streak: 0 });

    const after = [9, 10, 11].map(may);
    const restart: CheckinResult[] = [];
    for (const day of after) restart.push(await on(info.id, day));
    expect(restart.map((r) => r.status.streak)).toEqual([1, 2, 3]);
    expect(restart.map((r) => r.bonus)).toEqual([0, 0, 10]); // a new streak reaches 3 again
    expect(await balanceOf(h.db, info.id)).toMatchObject({ points: 110 + 40 });
    const titles = await h.db.query<{ title: string }>(
      `SELECT title FROM ledger_entries WHERE user_id = $1 AND title LIKE '连续签到%' ORDER BY id`,
      [info.id],
    );
    expect(titles.map((t) => t.title)).toEqual(['连续签到 3 天奖励', '连续签到 7 天奖励', '连续签到 3 天奖励']);
  });

  it('fills the most recent missed day with a 补签 card: the streaks join, no milestone twice, cards run out', async () => {
    const { info } = await h.client.registerGuest();
    for (const d of [1, 2, 4, 5, 6]) await on(info.id, may(d)); // missed the 3rd; the 4th-6th reached 3
    const before = await status(info.id, may(6));
    expect(before).toMatchObject({ streak: 3, makeupCardsLeft: 2, makeupDay: may(3) });
    expect(await codeOfError(fill(info.id, may(2), may(6)))).toEqual({
      code: Code.AlreadyDone,
      msg: '这一天已经签到过了',
    });
    const filled = await fill(info.id, may(3), may(6));
    expect(filled).toMatchObject({ day: may(3), gained: 10, bonus: 0 });
    expect(filled.status).toMatchObject({ streak: 6, makeupCardsLeft: 1 });
    expect(filled.status.month[2]).toEqual({ day: may(3), checked: true, makeup: true });
    // The joined streak reaches 7 the next day: the 7-day milestone, not the 3-day one again.
    expect(await on(info.id, may(7))).toMatchObject({ gained: 40, bonus: 30 });

    // Skip the 8th and 9th: only the 9th (the most recent miss) may be filled, and only with a card left.
    await on(info.id, may(10));
    expect(await codeOfError(fill(info.id, may(8), may(10)))).toEqual({
      code: Code.NotAllowed,
      msg: `只能补签本月最近一次漏签的日期（${may(9)}）`,
    });
    await fill(info.id, may(9), may(10));
    expect(await status(info.id, may(10))).toMatchObject({ makeupCardsLeft: 0, makeupDay: null, streak: 2 });
    expect(await codeOfError(fill(info.id, may(8), may(10)))).toEqual({
      code: Code.Insufficient,
      msg: '本月的补签卡已用完',
    });
    // A new month, new cards, but nothing of last month can be filled.
    expect(await status(info.id, '2030-06-01')).toMatchObject({ makeupCardsLeft: 2, makeupDay: null });
    expect((await codeOfError(fill(info.id, may(31), '2030-06-01'))).code).toBe(Code.NotAllowed);
    expect(await balanceOf(h.db, info.id)).toMatchObject({ points: 9 * 10 + 10 + 30 }); // nine days, the 3- and 7-day milestones
  });

  it('checks in once a day through the calls, whatever the number of concurrent calls', async () => {
    const guest = await h.client.registerGuest();
    const tasks = await dataOf<PointTask[]>(h.client, API.pointTasks, {}, guest.token);
    const task = tasks.find((t) => t.key === 'checkin')!;
    const calls = await Promise.all([
      ...Array.from({ length: 5 }, () => codeOf(h.client, API.checkIn, {}, guest.token)),
      ...Array.from({ length: 3 }, () => codeOf(h.client, API.claimTask, { taskId: task.id }, guest.token)),
    ]);
    expect(calls.filter((c) => c.code === Code.Ok)).toHaveLength(1);
    expect(calls.filter((c) => c.code === Code.AlreadyDone)).toHaveLength(7);
    expect(await balanceOf(h.db, guest.info.id)).toMatchObject({ points: 10 });
    const today = siteDay(Date.now());
    const seen = await dataOf<CheckinStatus>(h.client, API.checkinStatus, {}, guest.token);
    expect(seen).toMatchObject({
      today,
      checkedToday: true,
      streak: 1,
      basePoints: 10,
      enabled: true,
      makeupDay: null,
    });
    expect(seen.month.find((d) => d.day === today)).toEqual({ day: today, checked: true, makeup: false });
    const listed = await dataOf<PointTask[]>(h.client, API.pointTasks, {}, guest.token);
    expect(listed.find((t) => t.key === 'checkin')).toMatchObject({ claimed: true, claimable: false });
    expect(await codeOf(h.client, API.checkinMakeup, { day: '2030-02-30' }, guest.token)).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：day 不是有效的日期：2030-02-30',
    });
    expect((await codeOf(h.client, API.checkinMakeup, { day: 'yesterday' }, guest.token)).code).toBe(
      Code.InvalidParams,
    );
    expect((await codeOf(h.client, API.checkIn, {}, '')).code).toBe(Code.SessionExpired);
  });

  it('lets 运营 edit the tasks and the check-in rules, audited, with 400 naming the field', async () => {
    const ops = await signInOperator(h, { role: 'ops' });
    const settings = (await ops.call('GET', '/admin-api/points')).json<AdminPointsSettings>();
    expect(settings.canEdit).toBe(true);
    expect(settings.checkin).toEqual(DEFAULT_RULES);
    const watch = settings.tasks.find((t) => t.key === 'watch')!;
    const checkinTask = settings.tasks.find((t) => t.key === 'checkin')!;

    const bad = async (method: 'PATCH' | 'PUT', url: string, body: unknown, field: string) => {
      const res = await ops.call(method, url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<AdminError>().field).toBe(field);
    };
    await bad('PATCH', `/admin-api/points/tasks/${watch.id}`, { name: '  ' }, 'name');
    await bad('PATCH', `/admin-api/points/tasks/${watch.id}`, { points: 0 }, 'points');
    await bad('PATCH', `/admin-api/points/tasks/${watch.id}`, { target: 1.5 }, 'target');
    await bad('PATCH', `/admin-api/points/tasks/${watch.id}`, { enabled: 'yes' }, 'enabled');
    await bad('PATCH', `/admin-api/points/tasks/${watch.id}`, {}, 'body');
    await bad('PATCH', `/admin-api/points/tasks/${checkinTask.id}`, { target: 2 }, 'target');
    await bad('PATCH', '/admin-api/points/tasks/x', { points: 5 }, 'id');
    await bad('PUT', '/admin-api/points/checkin', { ...DEFAULT_RULES, basePoints: -1 }, 'basePoints');
    await bad('PUT', '/admin-api/points/checkin', { ...DEFAULT_RULES, makeupCardsPerMonth: 40 }, 'makeupCardsPerMonth');
    await bad(
      'PUT',
      '/admin-api/points/checkin',
      {
        ...DEFAULT_RULES,
        milestones: [
          { days: 3, points: 5 },
          { days: 3, points: 9 },
        ],
      },
      'milestones.1.days',
    );
    await bad(
      'PUT',
      '/admin-api/points/checkin',
      { ...DEFAULT_RULES, milestones: [{ days: 1, points: 5 }] },
      'milestones.0.days',
    );
    expect((await ops.call('PATCH', '/admin-api/points/tasks/999', { points: 5 })).statusCode).toBe(404);

    const edited = await ops.call('PATCH', `/admin-api/points/tasks/${watch.id}`, {
      name: '看片达人',
      points: 25,
      sort: 0,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminPointTask>()).toMatchObject({ name: '看片达人', points: 25, target: watch.target });
    const rules = { basePoints: 8, milestones: [{ days: 2, points: 5 }], makeupCardsPerMonth: 1 };
    expect((await ops.call('PUT', '/admin-api/points/checkin', rules)).json()).toEqual(rules);

    const guest = await h.client.registerGuest();
    const seen = await dataOf<CheckinStatus>(h.client, API.checkinStatus, {}, guest.token);
    expect(seen).toMatchObject({ basePoints: 8, makeupCardsPerMonth: 1, nextMilestone: { days: 2, remaining: 2 } });
    const listed = await dataOf<PointTask[]>(h.client, API.pointTasks, {}, guest.token);
    expect(listed.find((t) => t.key === 'watch')).toMatchObject({ name: '看片达人', points: 25 });
    expect((await dataOf<CheckinResult>(h.client, API.checkIn, {}, guest.token)).gained).toBe(8);

    const superOp = await signInOperator(h, { role: 'super' });
    const log = (await superOp.call('GET', '/admin-api/audit')).json<AuditPage>().list;
    const ruleEntry = log.find((e) => e.action === 'checkinRules.update');
    expect(ruleEntry).toMatchObject({ operator: { id: ops.created.operator.id }, before: DEFAULT_RULES, after: rules });
    expect(log.find((e) => e.action === 'pointTask.update')).toMatchObject({
      targetType: 'pointTask',
      targetId: String(watch.id),
      after: { name: '看片达人', points: 25 },
    });
    await ops.call('PATCH', `/admin-api/points/tasks/${watch.id}`, {
      name: watch.name,
      points: watch.points,
      sort: watch.sort,
    });
  });

  it('keeps the points settings from 审核 and 财务, and changes from operators limited to some sites', async () => {
    for (const role of ['moderator', 'finance'] as const) {
      const op = await signInOperator(h, { role });
      expect((await op.call('GET', '/admin-api/points')).statusCode).toBe(403);
    }
    const limited = await signInOperator(h, { role: 'ops', siteIds: [1] });
    const settings = (await limited.call('GET', '/admin-api/points')).json<AdminPointsSettings>();
    expect(settings.canEdit).toBe(false);
    const refused = await limited.call('PUT', '/admin-api/points/checkin', DEFAULT_RULES);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<AdminError>().message).toContain('不限站点');
    expect(
      (await limited.call('PATCH', `/admin-api/points/tasks/${settings.tasks[0]!.id}`, { points: 5 })).statusCode,
    ).toBe(403);
  });
});

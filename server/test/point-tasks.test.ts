import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PointTask, WatchProgress } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { claimTask } from '../db/point-tasks.ts';
import { siteDay } from '../db/site-day.ts';
import { codeOf, dataOf, FX } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { assertLedgersBalanced, balanceOf, seedMember } from './member-fixture.ts';

const TASK = { checkin: 1, watch: 2, read: 3, publish: 4 } as const;

describe.each(DB_KINDS)('daily point tasks on %s', (kind) => {
  let h: Harness;
  /** The server clock runs this far ahead of real time (kept under the 300 s request window). */
  let offsetMs = 0;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember, now: () => Date.now() + offsetMs });
  });
  afterEach(async () => {
    offsetMs = 0;
    await assertLedgersBalanced(h.db);
  });
  afterAll(() => h?.close());

  const tasks = async (token: string) =>
    Object.fromEntries((await dataOf<PointTask[]>(h.client, API.pointTasks, {}, token)).map((t) => [t.key, t]));
  const claim = (taskId: number, token: string) => codeOf(h.client, API.claimTask, { taskId }, token);
  const beat = (token: string, movieId: number, atS: number, playing = true) => {
    offsetMs = atS * 1000;
    return dataOf<WatchProgress>(h.client, API.movieHeartbeat, { movieId, position: atS, playing }, token);
  };

  it('lists the tasks with today’s progress; check-in is claimable once a day, a repeat is code 9', async () => {
    const guest = await h.client.registerGuest();
    const before = await tasks(guest.token);
    expect(Object.keys(before)).toEqual(['checkin', 'watch', 'read', 'publish']);
    expect(before.checkin).toEqual({
      id: 1,
      key: 'checkin',
      name: '每日签到',
      description: '每天签到领积分',
      points: 10,
      target: 1,
      progress: 1,
      claimed: false,
      claimable: true,
    });
    expect(before.watch).toMatchObject({ progress: 0, target: 3, claimable: false });
    expect(await dataOf(h.client, API.claimTask, { taskId: TASK.checkin }, guest.token)).toEqual({
      gained: 10,
      points: 10,
    });
    expect(await claim(TASK.checkin, guest.token)).toEqual({ code: Code.AlreadyDone, msg: '今日已领取该任务的积分' });
    expect((await tasks(guest.token)).checkin).toMatchObject({ claimed: true, claimable: false });
    expect(await balanceOf(h.db, guest.info.id)).toMatchObject({ points: 10 });
  });

  it('refuses a claim before the target is reached (code 4) and unknown tasks (code 6)', async () => {
    const guest = await h.client.registerGuest();
    expect(await claim(TASK.watch, guest.token)).toEqual({
      code: Code.NotAllowed,
      msg: '任务尚未完成（0/3），完成后再领取',
    });
    expect(await claim(99, guest.token)).toEqual({ code: Code.NotFound, msg: '任务不存在：99' });
    expect((await claim(TASK.checkin, '')).code).toBe(Code.SessionExpired);
    expect(await balanceOf(h.db, guest.info.id)).toMatchObject({ points: 0 });
  });

  it('credits real playing time from heartbeats: at most 30 s per beat, nothing across a pause', async () => {
    const guest = await h.client.registerGuest();
    const at = (s: number, playing = true) => beat(guest.token, FX.freeMovie, s, playing);
    expect(await at(0)).toEqual({ movieId: FX.freeMovie, secondsToday: 0, counted: false });
    expect((await at(20)).secondsToday).toBe(20);
    expect((await at(80)).secondsToday).toBe(50); // a 60 s gap counts 30 s
    expect((await at(90, false)).secondsToday).toBe(60); // played until the pause
    expect((await at(150)).secondsToday).toBe(60); // paused in between: nothing
    expect((await at(150)).secondsToday).toBe(60); // the same instant twice: nothing
    expect(await at(165)).toEqual({ movieId: FX.freeMovie, secondsToday: 75, counted: true });
    expect((await at(140)).secondsToday).toBe(75); // out of order: nothing
    expect(
      (await codeOf(h.client, API.movieHeartbeat, { movieId: 999, position: 0, playing: true }, guest.token)).code,
    ).toBe(Code.NotFound);
    expect(
      (await codeOf(h.client, API.movieHeartbeat, { movieId: 1, position: -1, playing: true }, guest.token)).code,
    ).toBe(Code.InvalidParams);
  });

  it('counts concurrent heartbeats of one interval once', async () => {
    const guest = await h.client.registerGuest();
    await beat(guest.token, FX.freeMovie, 0);
    offsetMs = 25_000;
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        dataOf<WatchProgress>(
          h.client,
          API.movieHeartbeat,
          { movieId: FX.freeMovie, position: 25, playing: true },
          guest.token,
        ),
      ),
    );
    expect(Math.max(...burst.map((b) => b.secondsToday))).toBe(25);
  });

  it('completes the watch task with 3 distinct movies of at least 60 s, then claims it', async () => {
    const guest = await h.client.registerGuest();
    for (const [i, movieId] of [1, 2, 3].entries()) {
      for (const s of [0, 30, 60]) await beat(guest.token, movieId, i * 70 + s);
    }
    await beat(guest.token, 4, 210);
    await beat(guest.token, 4, 240); // 30 s: not enough for movie 4
    expect((await tasks(guest.token)).watch).toMatchObject({ progress: 3, claimable: true });
    expect(await dataOf(h.client, API.claimTask, { taskId: TASK.watch }, guest.token)).toEqual({
      gained: 30,
      points: 30,
    });
  });

  it('counts posts opened by the signed-in reader and topics published today', async () => {
    const guest = await h.client.registerGuest();
    for (const id of [101, 102, 103, 103, 104]) await dataOf(h.client, API.topicDetail, { id }, guest.token);
    expect((await tasks(guest.token)).read).toMatchObject({ progress: 4, claimable: false });
    await dataOf(h.client, API.chiguaDetail, { id: 201 }, guest.token);
    await dataOf(h.client, API.topicDetail, { id: 105 }); // anonymous: not counted for anyone
    expect((await tasks(guest.token)).read).toMatchObject({ progress: 5, claimable: true });
    await h.db.query(
      `INSERT INTO posts (id, kind, category_id, author_id, title, body, created_at) VALUES (9901, 'topic', 21, $1, '新话题', '正文', now())`,
      [guest.info.id],
    );
    expect((await tasks(guest.token)).publish).toMatchObject({ progress: 1, claimable: true });
    for (const taskId of [TASK.read, TASK.publish]) expect((await claim(taskId, guest.token)).code).toBe(Code.Ok);
    expect(await balanceOf(h.db, guest.info.id)).toMatchObject({ points: 70 });
  });

  it('allows the next claim on the next Asia/Shanghai day', async () => {
    const guest = await h.client.registerGuest();
    const today = siteDay(Date.now());
    expect((await claim(TASK.checkin, guest.token)).code).toBe(Code.Ok);
    const tomorrow = await h.db.tx((q) => claimTask(q, guest.info.id, TASK.checkin, '2999-01-01'));
    expect(tomorrow).toEqual({ gained: 10, points: 20 });
    const days = await h.db.query<{ day: string }>(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day FROM checkins WHERE user_id = $1 ORDER BY day",
      [guest.info.id],
    );
    expect(days.map((d) => d.day)).toEqual([today, '2999-01-01']);
  });
});

describe('siteDay', () => {
  it('turns at 16:00 UTC, midnight in Asia/Shanghai', () => {
    expect(siteDay(Date.parse('2025-01-01T15:59:59.999Z'))).toBe('2025-01-01');
    expect(siteDay(Date.parse('2025-01-01T16:00:00Z'))).toBe('2025-01-02');
    expect(siteDay(Date.parse('2024-12-31T16:00:00Z'))).toBe('2025-01-01');
  });
});

/**
 * Daily point tasks: today's progress of each task (counted by activity.ts), and claims, once
 * per user, task and Asia/Shanghai day (the claim row's primary key), credited in the claim's
 * transaction through the ledger. The 'checkin' task is the daily check-in of checkin.ts: claiming
 * it checks in (streak and milestones), and it counts as claimed once the day is checked.
 */
import type { PointTask, PointTaskKey } from '../../contract/calls/member.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ApiError } from '../api-error.ts';
import { dayCounts, type DayCounts } from './activity.ts';
import { checkIn } from './checkin.ts';
import type { Queryable } from './db.ts';
import { changePoints } from './ledger.ts';

interface TaskRow {
  id: number;
  key: PointTaskKey;
  name: string;
  description: string;
  points: number;
  target: number;
}

const TASK_COLUMNS = 'id, key, name, description, points, target';
const ALREADY_CLAIMED = '今日已领取该任务的积分';

/** Check-in has no prerequisite: its progress is its target. */
const PROGRESS: Record<PointTaskKey, (counts: DayCounts, target: number) => number> = {
  checkin: (_counts, target) => target,
  watch: (counts) => counts.watched,
  read: (counts) => counts.read,
  publish: (counts) => counts.published,
};

const withProgress = (task: TaskRow, counts: DayCounts, claimed: boolean): PointTask => {
  const progress = Math.min(PROGRESS[task.key](counts, task.target), task.target);
  return { ...task, progress, claimed, claimable: !claimed && progress >= task.target };
};

export async function tasksOfDay(q: Queryable, userId: number, day: string): Promise<PointTask[]> {
  const [tasks, claims, counts] = await Promise.all([
    q.query<TaskRow>(`SELECT ${TASK_COLUMNS} FROM point_tasks WHERE enabled ORDER BY sort, id`),
    // The check-in task is claimed by the day's check-in (checkin.ts), the others by their claims.
    q.query<{ taskId: number }>(
      `SELECT task_id AS "taskId" FROM point_task_claims WHERE user_id = $1 AND day = $2::date
       UNION ALL SELECT t.id FROM checkins c JOIN point_tasks t ON t.key = 'checkin'
        WHERE c.user_id = $1 AND c.day = $2::date`,
      [userId, day],
    ),
    dayCounts(q, userId, day),
  ]);
  const claimed = new Set(claims.map((claim) => claim.taskId));
  return tasks.map((task) => withProgress(task, counts, claimed.has(task.id)));
}

/**
 * Claims the task's points for the day; answers the points credited and the balance after.
 * Code 6 unknown task, 4 not done yet, 9 already claimed today. Run it inside Db.tx.
 */
export async function claimTask(
  q: Queryable,
  userId: number,
  taskId: number,
  day: string,
): Promise<{ gained: number; points: number }> {
  const task = await q.one<TaskRow>(`SELECT ${TASK_COLUMNS} FROM point_tasks WHERE id = $1 AND enabled`, [taskId]);
  if (!task) throw new ApiError(Code.NotFound, `任务不存在：${taskId}`);
  if (task.key === 'checkin') {
    // One check-in: claiming the task is the day's check-in of the streak, milestones included.
    const { gained, points } = await checkIn(q, userId, day, ALREADY_CLAIMED);
    return { gained, points };
  }
  const { progress, target } = withProgress(task, await dayCounts(q, userId, day), false);
  if (progress < target) throw new ApiError(Code.NotAllowed, `任务尚未完成（${progress}/${target}），完成后再领取`);
  const inserted = await q.one(
    `INSERT INTO point_task_claims (user_id, task_id, day, points) VALUES ($1, $2, $3::date, $4)
     ON CONFLICT DO NOTHING RETURNING 1 AS inserted`,
    [userId, taskId, day, task.points],
  );
  if (!inserted) throw new ApiError(Code.AlreadyDone, ALREADY_CLAIMED);
  const points = await changePoints(q, {
    userId,
    delta: task.points,
    type: 'task',
    title: `完成任务：${task.name}`,
    ref: `task:${taskId}:${day}`,
  });
  return { gained: task.points, points };
}

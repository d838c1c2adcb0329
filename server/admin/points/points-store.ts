/** The point tasks as the console reads and edits them (every task, enabled or not). */
import type { AdminPointTask, AdminPointTaskChange } from '../../../contract/admin/points.ts';
import type { Queryable } from '../../db/db.ts';

const COLUMNS = 'id, key, name, description, points, target, enabled, sort';

export const listTasks = (q: Queryable): Promise<AdminPointTask[]> =>
  q.query<AdminPointTask>(`SELECT ${COLUMNS} FROM point_tasks ORDER BY sort, id`);

export const findTask = (q: Queryable, id: number, lock = false): Promise<AdminPointTask | undefined> =>
  q.one<AdminPointTask>(`SELECT ${COLUMNS} FROM point_tasks WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);

/** Column names come from this fixed map, never from input. */
const FIELDS: Record<keyof AdminPointTaskChange, string> = {
  name: 'name',
  description: 'description',
  points: 'points',
  target: 'target',
  enabled: 'enabled',
  sort: 'sort',
};

export async function updateTask(q: Queryable, id: number, change: AdminPointTaskChange): Promise<AdminPointTask> {
  const entries = (Object.keys(FIELDS) as (keyof AdminPointTaskChange)[]).filter((k) => change[k] !== undefined);
  if (entries.length > 0) {
    await q.query(
      `UPDATE point_tasks SET ${entries.map((k, i) => `${FIELDS[k]} = $${i + 2}`).join(', ')} WHERE id = $1`,
      [id, ...entries.map((k) => change[k])],
    );
  }
  const task = await findTask(q, id);
  if (!task) throw new Error(`point task ${id} vanished in its update`);
  return task;
}

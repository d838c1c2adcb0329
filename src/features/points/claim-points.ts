/**
 * Claiming a point task's points (the mall's task list and the check-in dialog): the balance the
 * server answers is stored at once, and /current refreshes. A code 9 answer (claimed already
 * today) counts as done: the caller tells the member instead of showing an error.
 */
import { ApiError } from '../../api/api-error.ts';
import { claimTask } from './point-calls.ts';
import { Code } from '../../../contract/protocol/codes.ts';
import { setUserInfo, userState } from '../../stores/user.ts';
import { refreshUser } from '../account/use-user-refresh.ts';

/** Resolves with the points gained (0 when it was claimed already, code 9). */
export async function claimPoints(taskId: number): Promise<number> {
  try {
    const { points, gained } = await claimTask(taskId);
    if (userState.info) setUserInfo({ ...userState.info, points });
    return gained;
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.AlreadyDone) return 0;
    throw error;
  } finally {
    void refreshUser();
  }
}

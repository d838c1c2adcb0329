/** The 积分与签到 calls: the settings, a task's change, the check-in rules. */
import type {
  AdminCheckinRules,
  AdminPointsSettings,
  AdminPointTask,
  AdminPointTaskChange,
} from '../../../contract/admin/points.ts';
import { adminCall } from '../../api/admin-client.ts';

export const fetchPointsSettings = (): Promise<AdminPointsSettings> => adminCall('GET', '/points');

export const saveTask = (id: number, change: AdminPointTaskChange): Promise<AdminPointTask> =>
  adminCall('PATCH', `/points/tasks/${id}`, { body: change });

export const saveCheckinRules = (rules: AdminCheckinRules): Promise<AdminCheckinRules> =>
  adminCall('PUT', '/points/checkin', { body: rules });

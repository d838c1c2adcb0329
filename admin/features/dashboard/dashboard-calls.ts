/** GET /admin-api/dashboard?siteId=&days=: the site's daily figures, totals and top lists. */
import type { DashboardData, DashboardPeriod } from '../../../contract/admin/dashboard.ts';
import { adminCall } from '../../api/admin-client.ts';

export const fetchDashboard = (siteId: number | null, days: DashboardPeriod): Promise<DashboardData> =>
  adminCall<DashboardData>('GET', '/dashboard', { query: { siteId, days } });

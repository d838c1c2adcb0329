/** GET /admin-api/audit?action=&operatorId=&cursor=: newest first, a page at a time. */
import type { AuditPage } from '../../../contract/admin/session.ts';
import { adminCall } from '../../api/admin-client.ts';

export interface AuditFilters {
  action: string;
  operatorId: number | null;
}

export const fetchAudit = (filters: AuditFilters, cursor: string | null): Promise<AuditPage> =>
  adminCall<AuditPage>('GET', '/audit', {
    query: { action: filters.action.trim(), operatorId: filters.operatorId, cursor },
  });

/**
 * GET /admin-api/audit: newest first, a page at a time, filtered by kind, operator and a range of
 * days in the console's zone (the end day included).
 */
import { AUDIT_LIMITS, type AuditKind, type AuditPage } from '../../../contract/admin/audit.ts';
import { adminCall } from '../../api/admin-client.ts';
import { zoneDayRange } from '../../components/console-time.ts';

export interface AuditFilters {
  kind: AuditKind | null;
  operatorId: number | null;
  /** 'YYYY-MM-DD' in the console's zone, or ''. */
  from: string;
  to: string;
}

const queryOf = (filters: AuditFilters, cursor: string | null, limit?: number) => {
  return {
    kind: filters.kind,
    operatorId: filters.operatorId,
    from: zoneDayRange(filters.from)?.start ?? null,
    to: zoneDayRange(filters.to)?.end ?? null,
    limit,
    cursor,
  };
};

export const fetchAudit = (filters: AuditFilters, cursor: string | null): Promise<AuditPage> =>
  adminCall<AuditPage>('GET', '/audit', { query: queryOf(filters, cursor) });

/** One page of the largest size, for 导出 CSV (components/use-csv-export.ts). */
export const fetchAuditForExport = (filters: AuditFilters, cursor: string | null): Promise<AuditPage> =>
  adminCall<AuditPage>('GET', '/audit', { query: queryOf(filters, cursor, AUDIT_LIMITS.pageMax) });

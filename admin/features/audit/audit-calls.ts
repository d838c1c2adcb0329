/**
 * GET /admin-api/audit, filtered by kind, operator and a range of days in the console's zone (the
 * end day included): a numbered page by time, newest or oldest first, for the list; newest first by
 * the cursor in the largest pages for 导出 CSV.
 */
import { AUDIT_LIMITS, type AuditKind, type AuditPage, type AuditSort } from '../../../contract/admin/audit.ts';
import { adminCall } from '../../api/admin-client.ts';
import { zoneDayRange } from '../../components/console-time.ts';

export interface AuditFilters {
  kind: AuditKind | null;
  operatorId: number | null;
  /** 'YYYY-MM-DD' in the console's zone, or ''. */
  from: string;
  to: string;
}

/** The list's query: its filters, a page (1 first) and the order by time. */
export interface AuditQuery extends AuditFilters {
  page: number;
  sort: AuditSort;
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

export const fetchAudit = (query: AuditQuery): Promise<AuditPage> =>
  adminCall<AuditPage>('GET', '/audit', { query: { ...queryOf(query, null), page: query.page, sort: query.sort } });

/** One page of the largest size, for 导出 CSV (components/use-csv-export.ts). */
export const fetchAuditForExport = (filters: AuditFilters, cursor: string | null): Promise<AuditPage> =>
  adminCall<AuditPage>('GET', '/audit', { query: queryOf(filters, cursor, AUDIT_LIMITS.pageMax) });

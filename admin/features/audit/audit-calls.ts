/**
 * GET /admin-api/audit: newest first, a page at a time, filtered by kind, operator and a range of
 * days in the console's zone (the end day included).
 */
import { AUDIT_LIMITS, type AuditEntry, type AuditKind, type AuditPage } from '../../../contract/admin/audit.ts';
import { adminCall } from '../../api/admin-client.ts';
import { fromZoneInput } from '../../components/console-time.ts';

export interface AuditFilters {
  kind: AuditKind | null;
  operatorId: number | null;
  /** 'YYYY-MM-DD' in the console's zone, or ''. */
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayStart = (day: string): number | null => (day ? fromZoneInput(`${day}T00:00`) : null);

const queryOf = (filters: AuditFilters, cursor: string | null, limit?: number) => {
  const to = dayStart(filters.to);
  return {
    kind: filters.kind,
    operatorId: filters.operatorId,
    from: dayStart(filters.from),
    to: to === null ? null : to + DAY_MS,
    limit,
    cursor,
  };
};

export const fetchAudit = (filters: AuditFilters, cursor: string | null): Promise<AuditPage> =>
  adminCall<AuditPage>('GET', '/audit', { query: queryOf(filters, cursor) });

/**
 * Every entry the filters match, newest first, up to AUDIT_LIMITS.exportMax, read in the largest
 * pages; `capped` when more matched. `progress` hears the count after each page.
 */
export async function fetchAllAudit(
  filters: AuditFilters,
  progress: (rows: number) => void,
): Promise<{ entries: AuditEntry[]; capped: boolean }> {
  const entries: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: AuditPage = await adminCall<AuditPage>('GET', '/audit', {
      query: queryOf(filters, cursor, AUDIT_LIMITS.pageMax),
    });
    entries.push(...page.list);
    cursor = page.nextCursor;
    progress(entries.length);
  } while (cursor !== null && entries.length < AUDIT_LIMITS.exportMax);
  return { entries: entries.slice(0, AUDIT_LIMITS.exportMax), capped: cursor !== null };
}

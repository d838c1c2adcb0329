/**
 * The audit log on the wire: an entry with its target's name, and the filters of
 * GET /admin-api/audit (kind, action, operator, a time range, a page size up to AUDIT_LIMITS.pageMax
 * for the console's CSV export, a page number and an order by time).
 */

/** The kinds of change (an action code's part before the dot), in the order the filter lists them. */
export const AUDIT_KINDS = [
  'session',
  'operator',
  'movie',
  'episode',
  'upload',
  'job',
  'moderation',
  'word',
  'user',
  'order',
  'site',
  'banner',
  'cdnLine',
  'vipPlan',
  'coinPackage',
  'goods',
  'pointTask',
  'checkinRules',
  'category',
  'tag',
  'featured',
  'hotWord',
  'hotWordBlock',
  'dictionary',
  'secret',
  'supplySource',
  'supplyRun',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const isAuditKind = (value: string): value is AuditKind => (AUDIT_KINDS as readonly string[]).includes(value);

export const AUDIT_LIMITS = {
  /** Rows of a page when the call names no size. */
  page: 50,
  /** The largest page a call may ask for (the export reads in these). */
  pageMax: 500,
  /** The most rows one export holds (the newest that match). */
  exportMax: 10_000,
  /** The highest page number a call may ask for. */
  pages: 10_000,
} as const;

/** The audit list's orders: by time, newest (the default) or oldest first, ties by id the same way. */
export const AUDIT_SORTS = ['at:desc', 'at:asc'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

/** One audited change: never edited, never deleted. */
export interface AuditEntry {
  id: number;
  operator: { id: number; username: string } | null;
  /** e.g. 'session.signIn', 'operator.create', 'moderation.hide', 'order.refund'. */
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** The target's name now (a title, a nickname, a word), when it still has one. */
  targetName: string | null;
  before: unknown;
  after: unknown;
  /** The client address the change came from. */
  address: string;
  at: number;
}

/**
 * GET /admin-api/audit answers either numbered pages (`page` or `sort` given: rows in `sort`'s order,
 * `total` of everything the filters match, nextCursor null) or, naming neither, the newest first by
 * id after `cursor` (nextCursor the last row's id; total null): the CSV export's way.
 */
export interface AuditPage {
  list: AuditEntry[];
  nextCursor: string | null;
  total: number | null;
}

/**
 * The audit log on the wire: an entry with its target's name, and the filters of
 * GET /admin-api/audit (kind, action, operator, a time range, a page size up to AUDIT_LIMITS.pageMax
 * for the console's CSV export).
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
} as const;

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

export interface AuditPage {
  list: AuditEntry[];
  nextCursor: string | null;
}

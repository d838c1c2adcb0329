/**
 * The audit log: `audit(q, …)` writes one row with the change, in the caller's transaction, so a
 * change and its row commit or fail together; `listAudit` pages it newest first by a keyset cursor
 * (the last row's id). There is no update or delete here, and the store refuses both (007-operators).
 */
import type { AuditEntry, AuditPage } from '../../contract/admin/session.ts';
import type { Queryable } from '../db/db.ts';
import { Filter } from '../db/paging.ts';

export interface AuditInput {
  operatorId: number | null;
  /** e.g. 'session.signIn', 'operator.create', 'reply.hide'. */
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
  address: string;
  /** Default: the database's clock. */
  at?: number;
}

export async function audit(q: Queryable, entry: AuditInput): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (operator_id, action, target_type, target_id, before, after, address, at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, COALESCE($8::timestamptz, now()))`,
    [
      entry.operatorId,
      entry.action,
      entry.targetType ?? null,
      entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
      jsonOrNull(entry.before),
      jsonOrNull(entry.after),
      entry.address,
      entry.at === undefined ? null : new Date(entry.at).toISOString(),
    ],
  );
}

const jsonOrNull = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

export const AUDIT_PAGE_SIZE = 50;

export interface AuditQuery {
  action?: string;
  operatorId?: number;
  /** The id of the last row of the previous page. */
  before?: number;
  limit?: number;
}

interface AuditRow {
  id: number;
  operatorId: number | null;
  username: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  address: string;
  at: Date;
}

export async function listAudit(q: Queryable, query: AuditQuery): Promise<AuditPage> {
  const limit = query.limit ?? AUDIT_PAGE_SIZE;
  const filter = new Filter()
    .addIf('a.action = $?', query.action)
    .addIf('a.operator_id = $?', query.operatorId)
    .addIf('a.id < $?', query.before);
  const rows = await q.query<AuditRow>(
    `SELECT a.id, a.operator_id AS "operatorId", o.username, a.action, a.target_type AS "targetType",
            a.target_id AS "targetId", a.before, a.after, a.address, a.at
       FROM audit_log a LEFT JOIN operators o ON o.id = a.operator_id
       ${filter.where} ORDER BY a.id DESC LIMIT ${limit + 1}`,
    filter.params,
  );
  const list: AuditEntry[] = rows.slice(0, limit).map((row) => ({
    id: row.id,
    operator: row.operatorId === null ? null : { id: row.operatorId, username: row.username ?? '' },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    address: row.address,
    at: row.at.getTime(),
  }));
  return { list, nextCursor: rows.length > limit ? String(list.at(-1)!.id) : null };
}

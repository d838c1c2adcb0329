/**
 * The audit log: `audit(q, …)` writes one row with the change, in the caller's transaction, so a
 * change and its row commit or fail together; `listAudit` reads numbered pages of it by time (newest
 * or oldest first, ties by id, with the total the filters match) or, for the CSV export, newest first
 * by a keyset cursor (the last row's id). There is no update or delete here, and the store refuses both (007-operators).
 */
import {
  AUDIT_LIMITS,
  type AuditEntry,
  type AuditKind,
  type AuditPage,
  type AuditSort,
} from '../../contract/admin/audit.ts';
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

export interface AuditQuery {
  /** An action code's kind (the part before the dot). */
  kind?: AuditKind;
  action?: string;
  operatorId?: number;
  /** Changes at or after this instant (ms). */
  from?: number;
  /** Changes before this instant (ms). */
  to?: number;
  /** The id of the last row of the previous page (keyset paging, newest first by id). */
  before?: number;
  /** A numbered page (1 first) in `sort`'s order, with the total; either this or `before`. */
  page?: number;
  sort?: AuditSort;
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
  const limit = query.limit ?? AUDIT_LIMITS.page;
  const filter = new Filter()
    .addIf(`a.action LIKE $? || '.%'`, query.kind)
    .addIf('a.action = $?', query.action)
    .addIf('a.operator_id = $?', query.operatorId)
    .addIf('a.at >= $?', query.from === undefined ? undefined : new Date(query.from))
    .addIf('a.at < $?', query.to === undefined ? undefined : new Date(query.to))
    .addIf('a.id < $?', query.before);
  const numbered = query.page !== undefined || query.sort !== undefined;
  const select = `SELECT a.id, a.operator_id AS "operatorId", o.username, a.action, a.target_type AS "targetType",
            a.target_id AS "targetId", a.before, a.after, a.address, a.at
       FROM audit_log a LEFT JOIN operators o ON o.id = a.operator_id ${filter.where}`;
  if (numbered) {
    const way = query.sort === 'at:asc' ? 'ASC' : 'DESC';
    const offset = ((query.page ?? 1) - 1) * limit;
    const [rows, count] = await Promise.all([
      q.query<AuditRow>(`${select} ORDER BY a.at ${way}, a.id ${way} LIMIT ${limit} OFFSET ${offset}`, filter.params),
      q.one<{ total: number }>(`SELECT count(*) AS total FROM audit_log a ${filter.where}`, filter.params),
    ]);
    return { list: await entriesOf(q, rows), nextCursor: null, total: count?.total ?? 0 };
  }
  const rows = await q.query<AuditRow>(`${select} ORDER BY a.id DESC LIMIT ${limit + 1}`, filter.params);
  const list = await entriesOf(q, rows.slice(0, limit));
  return { list, nextCursor: rows.length > limit ? String(list.at(-1)!.id) : null, total: null };
}

async function entriesOf(q: Queryable, page: AuditRow[]): Promise<AuditEntry[]> {
  const names = await targetNames(q, page);
  return page.map((row) => ({
    id: row.id,
    operator: row.operatorId === null ? null : { id: row.operatorId, username: row.username ?? '' },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: (row.targetType && row.targetId && names.get(`${row.targetType}:${row.targetId}`)) || null,
    before: row.before ?? null,
    after: row.after ?? null,
    address: row.address,
    at: row.at.getTime(),
  }));
}

/**
 * How each kind of numbered target is named now: its title, nickname, word or name (an episode by
 * its title's name and number). Targets of other kinds (a word, a dictionary entry, an upload, a
 * key) are named by their id itself.
 */
const NAME_QUERIES: Readonly<Record<string, string>> = {
  movie: 'SELECT id, title AS name FROM movies WHERE id = ANY($1::bigint[])',
  episode: `SELECT e.id, m.title || ' 第' || e.number || '集' AS name
              FROM episodes e JOIN movies m ON m.id = e.movie_id WHERE e.id = ANY($1::bigint[])`,
  post: `SELECT id, COALESCE(NULLIF(title, ''), left(body, 30)) AS name FROM posts WHERE id = ANY($1::bigint[])`,
  reply: 'SELECT id, left(body, 30) AS name FROM replies WHERE id = ANY($1::bigint[])',
  danmaku: 'SELECT id, left(text, 30) AS name FROM danmaku WHERE id = ANY($1::bigint[])',
  user: 'SELECT id, nickname AS name FROM users WHERE id = ANY($1::bigint[])',
  operator: 'SELECT id, username AS name FROM operators WHERE id = ANY($1::bigint[])',
  site: 'SELECT id, title AS name FROM sites WHERE id = ANY($1::bigint[])',
  category: 'SELECT id, name FROM categories WHERE id = ANY($1::bigint[])',
  tag: 'SELECT id, name FROM tags WHERE id = ANY($1::bigint[])',
  featured: 'SELECT id, title AS name FROM featured WHERE id = ANY($1::bigint[])',
  banner: 'SELECT id, title AS name FROM banners WHERE id = ANY($1::bigint[])',
  cdnLine: 'SELECT id, name FROM cdn_lines WHERE id = ANY($1::bigint[])',
  vipPlan: 'SELECT id, name FROM vip_plans WHERE id = ANY($1::bigint[])',
  coinPackage: `SELECT id, coins || ' 金币' AS name FROM coin_packages WHERE id = ANY($1::bigint[])`,
  goods: 'SELECT id, name FROM points_goods WHERE id = ANY($1::bigint[])',
  pointTask: 'SELECT id, name FROM point_tasks WHERE id = ANY($1::bigint[])',
  hotWord: 'SELECT id, word AS name FROM hot_words WHERE id = ANY($1::bigint[])',
  hotWordBlock: 'SELECT id, word AS name FROM hot_word_blocks WHERE id = ANY($1::bigint[])',
  supplySource: 'SELECT id, name FROM supply_sources WHERE id = ANY($1::bigint[])',
  supplyRun: `SELECT r.id, s.name || ' #' || r.id AS name
                FROM supply_runs r JOIN supply_sources s ON s.id = r.source_id WHERE r.id = ANY($1::bigint[])`,
};

/** 'type:id' → name, for the page's targets: one query per kind named. */
async function targetNames(q: Queryable, rows: AuditRow[]): Promise<Map<string, string>> {
  const idsByType = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!row.targetType || !row.targetId) continue;
    const ids = idsByType.get(row.targetType) ?? new Set<string>();
    ids.add(row.targetId);
    idsByType.set(row.targetType, ids);
  }
  const names = new Map<string, string>();
  for (const [type, ids] of idsByType) {
    const sql = NAME_QUERIES[type];
    if (!sql) continue;
    const numbered = [...ids].filter((id) => /^[1-9]\d{0,15}$/.test(id));
    if (numbered.length === 0) continue;
    const found = await q.query<{ id: string | number; name: string | null }>(sql, [numbered]);
    for (const { id, name } of found) if (name) names.set(`${type}:${id}`, name);
  }
  return names;
}

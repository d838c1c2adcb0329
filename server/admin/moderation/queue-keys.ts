/**
 * Which items the moderation queue lists, a page at a time: `pending` is every item with open
 * reports (its target still there and not deleted) and every post held for first-post review;
 * `handled` is every item with a decision (moderation_decisions). Each key carries the item's site
 * (its author's, else its first reporter's), so an operator limited to some sites only sees theirs.
 * Newest first by the time it entered the queue or was decided, with a keyset cursor.
 */
import type { ModerationKind, ModerationTarget, QueueState } from '../../../contract/admin/moderation.ts';
import type { Queryable } from '../../db/db.ts';
import { badField } from '../admin-errors.ts';

export interface QueueKey {
  type: ModerationTarget;
  id: number;
  at: Date;
  /** The cursor's form of `at`: microseconds kept. */
  atText: string;
  siteId: number | null;
}

export interface QueueQuery {
  state: QueueState;
  kind?: ModerationKind | undefined;
  /** null: every site. */
  siteIds: number[] | null;
  cursor?: string | undefined;
  limit: number;
}

interface Cursor {
  at: string;
  type: string;
  id: number;
}

export const encodeCursor = (key: QueueKey): string =>
  Buffer.from(`${key.atText}|${key.type}|${key.id}`).toString('base64url');

export function decodeCursor(text: string): Cursor {
  const [at, type, id] = Buffer.from(text, 'base64url').toString().split('|');
  if (!at || !/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(at) || !type || !/^[a-z]+$/.test(type) || !/^\d{1,16}$/.test(id ?? ''))
    throw badField('cursor');
  return { at, type, id: Number(id) };
}

/** Items with open reports or held, their targets still there. */
const PENDING = `
  SELECT type, id, max(at) AS at, min(report_site) AS report_site, NULL::int AS decided_site FROM (
    SELECT target_type AS type, target_id AS id, created_at AS at, site_id AS report_site FROM reports WHERE state = 'open'
    UNION ALL
    SELECT 'post', id, held_at, NULL FROM posts WHERE held_at IS NOT NULL AND deleted_at IS NULL) x
  GROUP BY type, id`;

const HANDLED = `
  SELECT target_type AS type, target_id AS id, decided_at AS at, NULL::int AS report_site, site_id AS decided_site
  FROM moderation_decisions`;

const LIVE = `((k.type = 'reply' AND r.id IS NOT NULL AND r.deleted_at IS NULL)
  OR (k.type = 'post' AND p.id IS NOT NULL AND p.deleted_at IS NULL)
  OR (k.type = 'danmaku' AND d.id IS NOT NULL AND d.deleted_at IS NULL)
  OR (k.type = 'user' AND uu.id IS NOT NULL))`;

/** One page of keys (limit + 1 rows tell whether there is more). */
export async function queueKeys(q: Queryable, query: QueueQuery): Promise<QueueKey[]> {
  const params: unknown[] = [];
  const param = (value: unknown): string => `$${params.push(value)}`;
  const where: string[] = [];
  if (query.siteIds !== null) where.push(`site_id = ANY(${param(query.siteIds)}::int[])`);
  if (query.kind === 'upload') where.push('media');
  else if (query.kind !== undefined) where.push(`kind = ${param(query.kind)}`);
  if (query.cursor !== undefined) {
    const c = decodeCursor(query.cursor);
    where.push(`(at, type, id) < (${param(c.at)}::timestamptz, ${param(c.type)}::text, ${param(c.id)}::bigint)`);
  }
  const rows = await q.query<{
    type: ModerationTarget;
    id: string | number;
    at: Date;
    atText: string;
    siteId: number | null;
  }>(
    `SELECT type, id, at, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "atText", site_id AS "siteId"
     FROM (
       SELECT k.type, k.id, k.at,
         CASE WHEN k.type = 'reply' AND r.target_type = 'movie' THEN 'comment' ELSE k.type END AS kind,
         CASE k.type WHEN 'reply' THEN coalesce(r.images <> '[]'::jsonb, false)
           WHEN 'post' THEN coalesce(p.images <> '[]'::jsonb OR p.video_upload_id IS NOT NULL, false)
           ELSE false END AS media,
         coalesce(k.decided_site, ou.site_id, k.report_site) AS site_id
       FROM (${query.state === 'pending' ? PENDING : HANDLED}) k
         LEFT JOIN replies r ON k.type = 'reply' AND r.id = k.id
         LEFT JOIN posts p ON k.type = 'post' AND p.id = k.id
         LEFT JOIN danmaku d ON k.type = 'danmaku' AND d.id = k.id
         LEFT JOIN users uu ON k.type = 'user' AND uu.id = k.id
         LEFT JOIN users ou ON ou.id = coalesce(r.author_id, p.author_id, d.user_id, uu.id)
       ${query.state === 'pending' ? `WHERE ${LIVE}` : ''}
     ) k
     ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY at DESC, type DESC, id DESC LIMIT ${query.limit + 1}`,
    params,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

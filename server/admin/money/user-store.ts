/**
 * The console's reads of members: a search by id, nickname or account limited to the operator's
 * sites, a numbered page in a whitelisted order (registered, coins or points, ties by id in the
 * same direction) with the total, or keyset newest first (created_at, then id: the cursor is the
 * last row's id); one member with site, balances, VIP, devices and the
 * moderation area's current sanctions (user_sanctions, when that table exists); a ledger page.
 */
import {
  USER_LIMITS,
  VIP_HISTORY_MAX,
  type AdminLedgerPage,
  type LedgerAsset,
  type SortDir,
  type UserDetail,
  type UserSort,
  type UserPage,
  type VipEvent,
} from '../../../contract/admin/money.ts';
import type { LedgerType } from '../../../contract/enums.ts';
import type { Queryable } from '../../db/db.ts';
import { Filter, likePattern } from '../../db/paging.ts';

export const USER_PAGE_SIZE = USER_LIMITS.page;
export const LEDGER_PAGE_SIZE = 50;

interface UserRow {
  id: number;
  siteId: number;
  nickname: string;
  account: string | null;
  avatar: string;
  createdAt: Date;
  coins: number;
  points: number;
  vipExpireAt: Date | null;
}

const COLUMNS = `u.id, u.site_id AS "siteId", u.nickname, u.account, u.avatar, u.created_at AS "createdAt",
  u.coins, u.points, u.vip_expire_at AS "vipExpireAt"`;

const SORT_COLUMNS: Record<UserSort, string> = { createdAt: 'u.created_at', coins: 'u.coins', points: 'u.points' };

export interface UserListQuery {
  q?: string;
  siteId?: number;
  cursor?: number;
  limit?: number;
  page?: number;
  sort?: { column: UserSort; dir: SortDir };
  siteIds: number[] | null;
  balances: boolean;
}

export async function listUsers(q: Queryable, f: UserListQuery): Promise<UserPage> {
  const filter = new Filter()
    .addIf('u.site_id = $?', f.siteId)
    .addIf('u.site_id = ANY($?::int[])', f.siteIds ?? undefined);
  if (f.q) {
    // Each $? of one condition is the same param; an all-digits search also matches the id (digits only, safe inline).
    const byId = /^\d{1,15}$/.test(f.q) ? `u.id = ${Number(f.q)} OR ` : '';
    filter.add(`(${byId}u.nickname ILIKE $? ESCAPE '\\' OR u.account ILIKE $? ESCAPE '\\')`, likePattern(f.q));
  }
  const total = Number(
    (await q.one<{ total: string }>(`SELECT count(*) AS total FROM users u ${filter.where}`, filter.params))!.total,
  );
  const sort = (f.cursor ? undefined : f.sort) ?? { column: 'createdAt', dir: 'desc' };
  const newestFirst = sort.column === 'createdAt' && sort.dir === 'desc';
  const dir = sort.dir === 'asc' ? 'ASC' : 'DESC';
  filter.addIf('(u.created_at, u.id) < (SELECT c.created_at, c.id FROM users c WHERE c.id = $?)', f.cursor);
  const size = f.limit ?? USER_PAGE_SIZE;
  const offset = f.cursor ? 0 : ((f.page ?? 1) - 1) * size;
  const rows = await q.query<UserRow>(
    `SELECT ${COLUMNS} FROM users u ${filter.where} ORDER BY ${SORT_COLUMNS[sort.column]} ${dir}, u.id ${dir} LIMIT ${size + 1} OFFSET ${offset}`,
    filter.params,
  );
  const list = rows.slice(0, size).map((row) => ({
    id: row.id,
    siteId: row.siteId,
    nickname: row.nickname,
    account: row.account,
    avatar: row.avatar,
    createdAt: row.createdAt.getTime(),
    coins: f.balances ? row.coins : null,
    points: f.balances ? row.points : null,
    vipExpireAt: row.vipExpireAt?.getTime() ?? null,
  }));
  return { list, nextCursor: rows.length > size && newestFirst ? String(list.at(-1)!.id) : null, total };
}

/** The user's site, for the site check before anything else is read. */
export const siteOfUser = async (q: Queryable, id: number): Promise<number | undefined> =>
  (await q.one<{ siteId: number }>('SELECT site_id AS "siteId" FROM users WHERE id = $1', [id]))?.siteId;

async function sanctionsOf(q: Queryable, userId: number, now: number): Promise<UserDetail['sanctions']> {
  const table = await q.one<{ name: string | null }>(`SELECT to_regclass('user_sanctions')::text AS name`);
  if (!table?.name) return null;
  const rows = await q.query<{ kind: 'mute' | 'ban'; until: Date | null; reason: string }>(
    `SELECT kind, until, reason FROM user_sanctions WHERE user_id = $1 AND (until IS NULL OR until > $2::timestamptz)
     ORDER BY kind`,
    [userId, new Date(now).toISOString()],
  );
  return rows.map((row) => ({ kind: row.kind, until: row.until?.getTime() ?? null, reason: row.reason }));
}

export async function userDetail(
  q: Queryable,
  id: number,
  balances: boolean,
  now: number,
): Promise<UserDetail | undefined> {
  const row = await q.one<UserRow & { siteTitle: string; devices: number }>(
    `SELECT ${COLUMNS}, s.title AS "siteTitle",
            (SELECT count(*) FROM user_devices d WHERE d.user_id = u.id)::int AS devices
       FROM users u JOIN sites s ON s.id = u.site_id WHERE u.id = $1`,
    [id],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    siteId: row.siteId,
    siteTitle: row.siteTitle,
    nickname: row.nickname,
    account: row.account,
    avatar: row.avatar,
    createdAt: row.createdAt.getTime(),
    coins: balances ? row.coins : null,
    points: balances ? row.points : null,
    vipExpireAt: row.vipExpireAt?.getTime() ?? null,
    devices: row.devices,
    sanctions: await sanctionsOf(q, id, now),
  };
}

export async function adminLedgerPage(
  q: Queryable,
  userId: number,
  asset: LedgerAsset,
  cursor: number | undefined,
): Promise<AdminLedgerPage> {
  const filter = new Filter().add('user_id = $?', userId).add('asset = $?', asset).addIf('id < $?', cursor);
  const rows = await q.query<{
    id: number;
    type: LedgerType;
    title: string;
    delta: number;
    balanceAfter: number;
    ref: string | null;
    createdAt: Date;
  }>(
    `SELECT id, type, title, delta, balance_after AS "balanceAfter", ref, created_at AS "createdAt"
       FROM ledger_entries ${filter.where} ORDER BY id DESC LIMIT ${LEDGER_PAGE_SIZE + 1}`,
    filter.params,
  );
  const list = rows.slice(0, LEDGER_PAGE_SIZE).map((row) => ({ ...row, createdAt: row.createdAt.getTime() }));
  return { list, nextCursor: rows.length > LEDGER_PAGE_SIZE ? String(list.at(-1)!.id) : null };
}

/**
 * The member's VIP time as it came and went, newest first: VIP orders paid (refunded since or not),
 * points exchanged for VIP days, and the time refunds took back. Three index reads by user.
 */
export async function vipHistory(q: Queryable, userId: number): Promise<VipEvent[]> {
  const rows = await q.query<Omit<VipEvent, 'at' | 'seconds'> & { seconds: string; at: Date }>(
    `SELECT * FROM (
       SELECT 'order' AS source, o.title, o.vip_days::bigint * 86400 AS seconds, o.order_no AS ref, o.paid_at AS at
         FROM orders o WHERE o.user_id = $1 AND o.kind = 'vip' AND o.paid_at IS NOT NULL
       UNION ALL
       SELECT 'refund', o.title, -r.reversed::bigint, r.order_no, r.created_at
         FROM refunds r JOIN orders o ON o.order_no = r.order_no
        WHERE r.user_id = $1 AND r.unit = 'vip_seconds' AND r.reversed > 0
       UNION ALL
       SELECT 'exchange', '兑换 ' || g.name || ' ×' || e.quantity, g.value::bigint * e.quantity * 86400,
              e.id::text, e.created_at
         FROM goods_exchanges e JOIN points_goods g ON g.id = e.goods_id
        WHERE e.user_id = $1 AND g.kind = 'vip_days'
     ) events ORDER BY at DESC, ref DESC LIMIT ${VIP_HISTORY_MAX}`,
    [userId],
  );
  return rows.map((row) => ({ ...row, seconds: Number(row.seconds), at: row.at.getTime() }));
}

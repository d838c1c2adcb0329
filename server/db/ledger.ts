/**
 * The ledger: THE only way users.coins and users.points change. Each change is one conditional
 * UPDATE of the balance (refused when it would go below 0) and its ledger row, in the caller's
 * transaction, so per user and asset the sum of the ledger always equals the balance. Concurrent
 * changes of one user queue on the row lock of the UPDATE and each re-checks the condition.
 */
import type { LedgerEntry } from '../../contract/calls/member.ts';
import type { LedgerType } from '../../contract/enums.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ApiError } from '../api-error.ts';
import type { Queryable } from './db.ts';
import { fetchPage, Filter, type PageRequest } from './paging.ts';

export type Asset = 'coins' | 'points';

export interface BalanceChange {
  userId: number;
  /** Signed, non-zero. */
  delta: number;
  type: LedgerType;
  /** Shown in the wallet or points history, e.g. "购买影片《…》". */
  title: string;
  /** What it is for ('order:<no>', 'movie:<id>', ...): unique per user and asset when set. */
  ref?: string | null;
}

const SHORT_OF: Record<Asset, string> = { coins: '金币不足', points: '积分不足' };

/** Applies the change and answers the balance after it; code 5 when the balance would go below 0. */
async function change(q: Queryable, asset: Asset, c: BalanceChange): Promise<number> {
  if (!Number.isSafeInteger(c.delta) || c.delta === 0)
    throw new Error(`ledger delta must be a non-zero integer: ${c.delta}`);
  // asset is one of two fixed column names, never input.
  const row = await q.one<{ balance: number }>(
    `UPDATE users SET ${asset} = ${asset} + $2 WHERE id = $1 AND ${asset} + $2 >= 0 RETURNING ${asset} AS balance`,
    [c.userId, c.delta],
  );
  if (!row) throw new ApiError(Code.Insufficient, SHORT_OF[asset]);
  await q.query(
    `INSERT INTO ledger_entries (user_id, asset, delta, balance_after, type, title, ref)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [c.userId, asset, c.delta, row.balance, c.type, c.title, c.ref ?? null],
  );
  return row.balance;
}

export const changeCoins = (q: Queryable, c: BalanceChange): Promise<number> => change(q, 'coins', c);
export const changePoints = (q: Queryable, c: BalanceChange): Promise<number> => change(q, 'points', c);

interface EntryRow {
  id: number;
  type: LedgerType;
  title: string;
  delta: number;
  balanceAfter: number;
  createdAt: Date;
}

/** A user's entries of one asset, newest first. */
export function ledgerPage(q: Queryable, userId: number, asset: Asset, request: PageRequest) {
  return fetchPage<EntryRow, LedgerEntry>(
    q,
    {
      table: 'ledger_entries l',
      filter: new Filter().add('l.user_id = $?', userId).add('l.asset = $?', asset),
      columns: `l.id, l.type, l.title, l.delta, l.balance_after AS "balanceAfter", l.created_at AS "createdAt"`,
      orderBy: 'l.id DESC',
    },
    request,
    (row) => ({ ...row, createdAt: row.createdAt.getTime() }),
  );
}

/** Users whose balance differs from the sum of their ledger (an empty list when all is well). */
export const ledgerMismatches = (q: Queryable) =>
  q.query<{ userId: number; coins: number; coinsLedger: number; points: number; pointsLedger: number }>(
    `SELECT u.id AS "userId", u.coins, u.points,
            coalesce(sum(l.delta) FILTER (WHERE l.asset = 'coins'), 0)::bigint AS "coinsLedger",
            coalesce(sum(l.delta) FILTER (WHERE l.asset = 'points'), 0)::bigint AS "pointsLedger"
     FROM users u LEFT JOIN ledger_entries l ON l.user_id = u.id
     GROUP BY u.id
     HAVING u.coins <> coalesce(sum(l.delta) FILTER (WHERE l.asset = 'coins'), 0)
         OR u.points <> coalesce(sum(l.delta) FILTER (WHERE l.asset = 'points'), 0)
     ORDER BY u.id`,
  );

/**
 * The operators table as the console's 操作员 page and the password change use it: the list with
 * each operator's last request, changes of role, sites and the disabled mark, renewed credentials,
 * and an operator's own new password. Rows are locked (FOR UPDATE) where a rule reads before it
 * writes, so two supers acting at once cannot leave the group without an active super.
 */
import type { OperatorListItem } from '../../../contract/admin/operators.ts';
import type { OperatorRole } from '../../../contract/admin/session.ts';
import type { Queryable } from '../../db/db.ts';
import { OPERATOR_INFO_COLUMNS } from '../operators.ts';
import { hashPassword, oneTimePassword } from '../passwords.ts';
import { newTotpSecret } from '../totp.ts';

interface ListRow {
  id: number;
  username: string;
  role: OperatorRole;
  siteIds: number[] | null;
  disabledAt: Date | null;
  mustChangePassword: boolean;
  createdAt: Date;
  lastSeenAt: Date | null;
}

const LIST_COLUMNS = `${OPERATOR_INFO_COLUMNS}, o.disabled_at AS "disabledAt",
  o.must_change_password AS "mustChangePassword", o.created_at AS "createdAt",
  (SELECT max(s.last_seen_at) FROM operator_sessions s WHERE s.operator_id = o.id) AS "lastSeenAt"`;

const itemOf = (row: ListRow): OperatorListItem => ({
  id: row.id,
  username: row.username,
  role: row.role,
  siteIds: row.siteIds,
  disabled: row.disabledAt !== null,
  mustChangePassword: row.mustChangePassword,
  createdAt: row.createdAt.getTime(),
  lastSeenAt: row.lastSeenAt?.getTime() ?? null,
});

export async function listOperators(q: Queryable): Promise<OperatorListItem[]> {
  const rows = await q.query<ListRow>(`SELECT ${LIST_COLUMNS} FROM operators o ORDER BY o.id`);
  return rows.map(itemOf);
}

export async function findOperator(q: Queryable, id: number, lock = false): Promise<OperatorListItem | undefined> {
  const row = await q.one<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM operators o WHERE o.id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row && itemOf(row);
}

/** Active supers other than `except`, the rows locked against a concurrent change. */
export async function otherActiveSupers(q: Queryable, except: number): Promise<number> {
  const rows = await q.query(
    `SELECT id FROM operators WHERE role = 'super' AND disabled_at IS NULL AND id <> $1 FOR UPDATE`,
    [except],
  );
  return rows.length;
}

export interface OperatorUpdate {
  role?: OperatorRole;
  siteIds?: number[] | null;
  disabled?: boolean;
}

export async function updateOperator(q: Queryable, id: number, change: OperatorUpdate): Promise<void> {
  await q.query(
    `UPDATE operators SET
       role = COALESCE($2, role),
       site_ids = CASE WHEN $3::boolean THEN $4::int[] ELSE site_ids END,
       disabled_at = CASE WHEN $5::boolean IS NULL THEN disabled_at
                          WHEN $5 THEN COALESCE(disabled_at, now()) ELSE NULL END
     WHERE id = $1`,
    [id, change.role ?? null, change.siteIds !== undefined, change.siteIds ?? null, change.disabled ?? null],
  );
}

/** New one-time password and/or TOTP secret; a new password must be changed at the next sign-in. */
export async function renewCredentials(
  q: Queryable,
  id: number,
  renew: { password: boolean; totp: boolean },
): Promise<{ password: string | null; totpSecret: string | null }> {
  const password = renew.password ? oneTimePassword() : null;
  const totpSecret = renew.totp ? newTotpSecret() : null;
  await q.query(
    `UPDATE operators SET
       password_hash = COALESCE($2, password_hash),
       must_change_password = must_change_password OR $2 IS NOT NULL,
       totp_secret = COALESCE($3, totp_secret),
       totp_last_step = CASE WHEN $3 IS NULL THEN totp_last_step ELSE NULL END
     WHERE id = $1`,
    [id, password === null ? null : await hashPassword(password), totpSecret],
  );
  return { password, totpSecret };
}

export async function passwordHashOf(q: Queryable, id: number): Promise<string | undefined> {
  const row = await q.one<{ hash: string }>('SELECT password_hash AS hash FROM operators WHERE id = $1 FOR UPDATE', [
    id,
  ]);
  return row?.hash;
}

export async function setOwnPassword(q: Queryable, id: number, hash: string): Promise<void> {
  await q.query(
    `UPDATE operators SET password_hash = $2, must_change_password = false, password_changed_at = now() WHERE id = $1`,
    [id, hash],
  );
}

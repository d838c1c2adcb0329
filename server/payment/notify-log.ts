/**
 * The payment endpoint's record: every notify received and every answer of the gateway's order
 * query (重新查询), kept whatever came of it (payment_notifies, 013-money), and listed with its order
 * in the console. Written outside the crediting transaction, so a failed credit is recorded too.
 */
import type { NotifyRecord } from '../../contract/admin/money.ts';
import type { Queryable } from '../db/db.ts';
import type { PayParams } from './epay-sign.ts';

export interface NotifyEntry {
  source: NotifyRecord['source'];
  orderNo: string;
  params: PayParams;
  signValid: boolean;
  result: string;
  note: string;
  at: number;
}

const text = (value: string, max: number) => value.slice(0, max);

export async function recordNotify(q: Queryable, entry: NotifyEntry): Promise<void> {
  // Only string values, each cut to a sane length: the record of a hostile request stays small.
  const params: PayParams = {};
  for (const [key, value] of Object.entries(entry.params).slice(0, 40))
    params[text(key, 64)] = text(String(value), 512);
  await q.query(
    `INSERT INTO payment_notifies (source, order_no, params, sign_valid, result, note, received_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7::timestamptz)`,
    [
      entry.source,
      text(entry.orderNo, 64),
      JSON.stringify(params),
      entry.signValid,
      entry.result,
      text(entry.note, 200),
      new Date(entry.at).toISOString(),
    ],
  );
}

interface NotifyRow {
  id: number;
  source: NotifyRecord['source'];
  params: Record<string, string>;
  signValid: boolean;
  result: string;
  note: string;
  receivedAt: Date;
}

/** An order's notifies and query answers, oldest first. */
export async function notifiesOf(q: Queryable, orderNo: string): Promise<NotifyRecord[]> {
  const rows = await q.query<NotifyRow>(
    `SELECT id, source, params, sign_valid AS "signValid", result, note, received_at AS "receivedAt"
       FROM payment_notifies WHERE order_no = $1 ORDER BY id LIMIT 200`,
    [orderNo],
  );
  return rows.map(({ receivedAt, ...row }) => ({ ...row, at: receivedAt.getTime() }));
}

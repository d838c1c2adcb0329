/**
 * Idempotency keys of member calls (migration 005): `onceByKey` runs a call's action once per
 * (user, key) and answers a repeat with the first answer, so a like sent twice (offline queue
 * retried after a lost answer, two tabs flushing together) counts once. Run it inside Db.tx: the
 * key is claimed by the same transaction that acts, so a failed action frees it again, and a
 * concurrent repeat waits on the claim (PostgreSQL's unique check) and then reads the answer.
 *
 * `answeredBefore` tells the protocol that a request is such a repeat before its rate rules run
 * (server/protocol/run-call.ts): a retry gets its first answer, never a refusal for being frequent.
 */
import { API } from '../../contract/calls/paths.ts';
import { invalidParams } from '../api-error.ts';
import type { Queryable } from './db.ts';

/** Keys are remembered this long; an offline queue older than that would act again. */
const KEEP_DAYS = 30;

export async function onceByKey<T>(
  q: Queryable,
  userId: number,
  path: string,
  key: string | undefined,
  action: () => Promise<T>,
): Promise<T> {
  if (key === undefined) return action();
  await q.query(`DELETE FROM call_keys WHERE user_id = $1 AND created_at < now() - make_interval(days => $2)`, [
    userId,
    KEEP_DAYS,
  ]);
  const claimed = await q.one(
    'INSERT INTO call_keys (user_id, key, path) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1 AS claimed',
    [userId, key, path],
  );
  if (!claimed) {
    const first = await q.one<{ path: string; answer: T | null }>(
      'SELECT path, answer FROM call_keys WHERE user_id = $1 AND key = $2',
      [userId, key],
    );
    if (first?.path !== path)
      throw invalidParams('idempotencyKey 已用于另一个请求，请为新的请求生成新的 idempotencyKey');
    if (first.answer === null) throw new Error('call key claimed without its answer');
    return first.answer;
  }
  const answer = await action();
  await q.query('UPDATE call_keys SET answer = $3::jsonb WHERE user_id = $1 AND key = $2', [
    userId,
    key,
    JSON.stringify(answer),
  ]);
  return answer;
}

/**
 * Whether this user's `key` already has an answer of this call: then the call is a repeat, which
 * its handler answers with the first answer. The points mall keeps its keys with its exchanges
 * (goods.ts); every other call in call_keys (onceByKey).
 */
export async function answeredBefore(q: Queryable, userId: number, path: string, key: string): Promise<boolean> {
  const sql =
    path === API.exchangeGoods
      ? 'SELECT 1 AS found FROM goods_exchanges WHERE user_id = $1 AND idempotency_key = $2 AND points_after IS NOT NULL'
      : 'SELECT 1 AS found FROM call_keys WHERE user_id = $1 AND key = $2 AND path = $3 AND answer IS NOT NULL';
  return (await q.one(sql, path === API.exchangeGoods ? [userId, key] : [userId, key, path])) !== undefined;
}

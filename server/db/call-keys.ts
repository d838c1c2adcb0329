/**
 * Idempotency keys of member calls (migration 005): `onceByKey` runs a call's action once per
 * (user, key) and answers a repeat with the first answer, so a like sent twice (offline queue
 * retried after a lost answer, two tabs flushing together) counts once. Run it inside Db.tx: the
 * key is claimed by the same transaction that acts, so a failed action frees it again, and a
 * concurrent repeat waits on the claim (PostgreSQL's unique check) and then reads the answer.
 */
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

/**
 * Keys the server makes for itself when the environment gives none (table server_keys, migration
 * 006): the VAPID pair, MEDIA_SECRET, PAY_KEY. Each is stored once under its name and shared by
 * every process and restart: a process stores its fresh value only if the name is absent, then reads
 * whichever value won, so processes starting at once all end up with the first one stored.
 */
import type { Queryable } from './db.ts';

/** The value stored under `name`, `fresh` stored first when there is none; `created`: this call stored it. */
export async function storedServerKey<T>(
  q: Queryable,
  name: string,
  fresh: () => T,
): Promise<{ value: T; created: boolean }> {
  const inserted = await q.query(
    `INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING name`,
    [name, JSON.stringify(fresh())],
  );
  const row = await q.one<{ value: T }>('SELECT value FROM server_keys WHERE name = $1', [name]);
  if (!row) throw new Error(`server_keys: ${name} was not stored`);
  return { value: row.value, created: inserted.length > 0 };
}

/** The names the store keeps a key under. */
export async function storedKeyNames(q: Queryable): Promise<Set<string>> {
  const rows = await q.query<{ name: string }>('SELECT name FROM server_keys');
  return new Set(rows.map((row) => row.name));
}

/** Replaces (or stores) the value under `name`: a rotation; processes read it when they start. */
export async function replaceServerKey(q: Queryable, name: string, value: unknown): Promise<void> {
  await q.query(
    `INSERT INTO server_keys (name, value, created_at) VALUES ($1, $2, now())
     ON CONFLICT (name) DO UPDATE SET value = excluded.value, created_at = excluded.created_at`,
    [name, JSON.stringify(value)],
  );
}

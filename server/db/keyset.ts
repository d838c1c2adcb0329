/**
 * Keyset paging of the public infinite lists: one place for their cursors, their SQL and their
 * totals. A list is ordered by its sort keys then its id, all descending, and an index serves that
 * order (migration 021), so a page after a cursor costs the same at any depth. A cursor is the
 * sort's name, the last row's sort keys and its id ("mn.1732500000000000.42"): opaque to the
 * client, refused with code 2 when malformed or of another sort. Without a cursor a page is read
 * by number, only up to LIST_MAX_PAGE.
 *
 * The total comes from the list's kept counters (server/db/counters.ts) when it has them, else from
 * a count that stops at LIST_TOTAL_CAP (answered with `capped`).
 */
import { LIST_MAX_PAGE, LIST_TOTAL_CAP, type Page } from '../../contract/calls/content.ts';
import { invalidParams } from '../api-error.ts';
import type { Queryable } from './db.ts';
import type { Filter } from './paging.ts';

/** int: integers; time: timestamptz (carried as microseconds since the epoch, exactly); bool. */
export type KeyKind = 'int' | 'time' | 'bool';

export interface SortKey {
  column: string;
  kind: KeyKind;
}

/** A sort order: its cursor name, its keys (most significant first) and the id that ends ties. */
export interface Keyset {
  name: string;
  keys: readonly SortKey[];
  id: string;
}

export interface KeysetQuery {
  /** The filtered table with its alias, e.g. `movies m`. */
  table: string;
  alias: string;
  filter: Filter;
  /** Columns of the page rows, over `table` and `joins`. */
  columns: string;
  joins?: string;
  keyset: Keyset;
  /** Rows whose column is one of these values (a category subtree): each value's rows are read in
   * order from the index and merged, never sorted. */
  oneOf?: { column: string; values: readonly number[] };
  /** The list's total from kept counters; absent: counted up to the cap. */
  total?: (q: Queryable) => Promise<number>;
}

export interface KeysetRequest {
  page: number;
  pageSize: number;
  cursor?: string | undefined;
}

const READ: Record<KeyKind, (column: string) => string> = {
  int: (column) => `${column}::text`,
  time: (column) => `(extract(epoch FROM ${column}) * 1000000)::bigint::text`,
  bool: (column) => `${column}::int::text`,
};
const WRITE: Record<KeyKind, (param: string) => string> = {
  int: (param) => `${param}::bigint`,
  time: (param) => `(timestamptz 'epoch' + ${param}::bigint * interval '1 microsecond')`,
  bool: (param) => `(${param}::int = 1)`,
};
/** Code 2 for a page number deeper than LIST_MAX_PAGE (a deeper page follows a cursor). */
export function assertPageDepth(page: number): void {
  if (page > LIST_MAX_PAGE) throw invalidParams(`页码超出范围：最多 ${LIST_MAX_PAGE} 页，更深请用 cursor`);
}

const NUMBER = /^-?(0|[1-9][0-9]{0,15})$/;

/** ORDER BY of the keyset. */
export const keysetOrder = (keyset: Keyset): string =>
  [...keyset.keys.map((key) => key.column), keyset.id].map((column) => `${column} DESC`).join(', ');

function decodeCursor(keyset: Keyset, text: string): number[] {
  const [name, ...parts] = text.split('.');
  const values = parts.map(Number);
  const valid =
    name === keyset.name &&
    parts.length === keyset.keys.length + 1 &&
    parts.every((part) => NUMBER.test(part) && Number.isSafeInteger(Number(part))) &&
    keyset.keys.every((key, i) => key.kind !== 'bool' || values[i] === 0 || values[i] === 1);
  if (!valid) throw invalidParams(`cursor 无效或不属于这个排序：${text.slice(0, 64)}`);
  return values;
}

interface KeyColumns {
  _keys: string[];
  _id: string;
}

/**
 * The FROM item and WHERE of the list: the table and the conditions, or one branch per `oneOf`
 * value, each its first `limit` rows in the list's order, merged by UNION ALL (the conditions
 * inside each branch).
 */
function source(query: KeysetQuery, conditions: string[], params: unknown[], limit: number) {
  const where = (extra: string[]) => {
    const all = [...conditions, ...extra];
    return all.length === 0 ? '' : `WHERE ${all.join(' AND ')}`;
  };
  if (!query.oneOf) return { from: query.table, where: where([]) };
  const { column, values } = query.oneOf;
  const branches = values.map((value) => {
    params.push(value);
    return `(SELECT * FROM ${query.table} ${where([`${column} = $${params.length}`])}
      ORDER BY ${keysetOrder(query.keyset)} LIMIT ${limit})`;
  });
  const union = branches.length === 0 ? `SELECT * FROM ${query.table} WHERE false` : branches.join(' UNION ALL ');
  return { from: `(${union}) ${query.alias}`, where: '' };
}

async function cappedTotal(q: Queryable, query: KeysetQuery): Promise<number> {
  const params = [...query.filter.params];
  const { from, where } = source(query, [...query.filter.conditions], params, LIST_TOTAL_CAP + 1);
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${where} LIMIT ${LIST_TOTAL_CAP + 1}) capped`,
    params,
  );
  return row?.n ?? 0;
}

/** Up to `limit` rows of the list from `offset`, after the cursor when there is one, with their keys. */
async function keysetRows<R extends object>(
  q: Queryable,
  query: KeysetQuery,
  limit: number,
  offset: number,
  cursor?: string,
): Promise<(R & KeyColumns)[]> {
  const { keyset } = query;
  const params = [...query.filter.params];
  const conditions = [...query.filter.conditions];
  if (cursor !== undefined) {
    const values = decodeCursor(keyset, cursor);
    const kinds: KeyKind[] = [...keyset.keys.map((key) => key.kind), 'int'];
    const placeholders = values.map((value, i) => {
      params.push(String(value));
      return WRITE[kinds[i]!](`$${params.length}`);
    });
    const columns = [...keyset.keys.map((key) => key.column), keyset.id];
    conditions.push(`(${columns.join(', ')}) < (${placeholders.join(', ')})`);
  }
  const { from, where } = source(query, conditions, params, limit + offset);
  const keyColumns = keyset.keys.map((key) => READ[key.kind](key.column)).join(', ');
  const select = `SELECT ${query.columns}, ARRAY[${keyColumns}]::text[] AS "_keys", ${keyset.id}::text AS "_id"`;
  if (offset === 0) {
    return q.query<R & KeyColumns>(
      `${select} FROM ${from} ${query.joins ?? ''} ${where} ORDER BY ${keysetOrder(keyset)} LIMIT ${limit}`,
      params,
    );
  }
  // A numbered page past the first skips its rows along the index alone (their ids, no joins, no
  // row reads), then reads and joins only the page's rows.
  return q.query<R & KeyColumns>(
    `${select} FROM ${query.table} ${query.joins ?? ''}
     WHERE ${keyset.id} = ANY (ARRAY(SELECT ${keyset.id} FROM ${from} ${where}
       ORDER BY ${keysetOrder(keyset)} LIMIT ${limit} OFFSET ${offset}))
     ORDER BY ${keysetOrder(keyset)}`,
    params,
  );
}

const withoutKeys = <R extends object>({ _keys: _k, _id: _i, ...row }: R & KeyColumns): R => row as unknown as R;

/** The first `limit` rows of the list, without a total (home rows, a profile). */
export async function topRows<R extends object>(q: Queryable, query: KeysetQuery, limit: number): Promise<R[]> {
  return (await keysetRows<R>(q, query, limit, 0)).map(withoutKeys);
}

/**
 * One page of the list after `request.cursor` (or page `request.page` of it), mapped to the wire
 * type, with the next page's cursor and the total.
 */
export async function fetchKeysetPage<R extends object, T>(
  q: Queryable,
  query: KeysetQuery,
  request: KeysetRequest,
  map: (row: R) => T,
): Promise<Page<T>> {
  const { cursor, pageSize } = request;
  if (cursor === undefined) assertPageDepth(request.page);
  const offset = cursor === undefined ? (request.page - 1) * pageSize : 0;
  const [rows, total] = await Promise.all([
    keysetRows<R>(q, query, pageSize + 1, offset, cursor),
    query.total ? query.total(q) : cappedTotal(q, query),
  ]);
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  const next = rows.length > pageSize && last ? [query.keyset.name, ...last._keys, last._id].join('.') : undefined;
  const capped = query.total === undefined && total > LIST_TOTAL_CAP;
  return {
    list: shown.map((row) => map(withoutKeys(row))),
    total: capped ? LIST_TOTAL_CAP : total,
    page: request.page,
    pageSize,
    ...(next === undefined ? {} : { cursor: next }),
    ...(capped ? { capped } : {}),
  };
}

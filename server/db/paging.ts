/**
 * What every list query shares: the WHERE builder with numbered params and the LIKE pattern of a
 * search keyword; and the numbered pages of the member's own lists (a count and one page of rows,
 * in a stable order). The public lists page by keyset (keyset.ts).
 */
import type { Page } from '../../contract/calls/content.ts';
import type { Queryable } from './db.ts';

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** Conditions joined by AND; `$?` in a condition stands for the param added with it. */
export class Filter {
  readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  add(condition: string, value: unknown): this {
    this.params.push(value);
    this.conditions.push(condition.replaceAll('$?', () => `$${this.params.length}`));
    return this;
  }

  /** Adds a condition without a param. */
  require(condition: string): this {
    this.conditions.push(condition);
    return this;
  }

  /** Adds the condition only when value is defined. */
  addIf(condition: string, value: unknown): this {
    return value === undefined ? this : this.add(condition, value);
  }

  get where(): string {
    return this.conditions.length === 0 ? '' : `WHERE ${this.conditions.join(' AND ')}`;
  }
}

/** `%keyword%` for ILIKE ... ESCAPE '\': the keyword's own \, % and _ match literally. */
export const likePattern = (keyword: string): string => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListQuery {
  /** The filtered table with its alias, e.g. `movies m`: counted without the joins. */
  table: string;
  filter: Filter;
  /** Columns of the page rows, over `table` and `joins`. */
  columns: string;
  joins?: string;
  /** Ends with a unique key (id) so pages never overlap. */
  orderBy: string;
}

/** Up to `limit` rows from `offset` in the query's order. */
function selectRows<R extends object>(q: Queryable, query: ListQuery, limit: number, offset = 0): Promise<R[]> {
  const { params } = query.filter;
  return q.query<R>(
    `SELECT ${query.columns} FROM ${query.table} ${query.joins ?? ''} ${query.filter.where}
     ORDER BY ${query.orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
}

async function countRows(q: Queryable, query: ListQuery): Promise<number> {
  const row = await q.one<{ total: number }>(
    `SELECT count(*) AS total FROM ${query.table} ${query.filter.where}`,
    query.filter.params,
  );
  return row?.total ?? 0;
}

/**
 * One page of the query, mapped to the wire type, with the total of all matching rows. `map` gets
 * each row's position in the whole list (0 = the first row of page 1).
 */
export async function fetchPage<R extends object, T>(
  q: Queryable,
  query: ListQuery,
  request: PageRequest,
  map: (row: R, position: number) => T,
): Promise<Page<T>> {
  const offset = (request.page - 1) * request.pageSize;
  const [total, rows] = await Promise.all([countRows(q, query), selectRows<R>(q, query, request.pageSize, offset)]);
  return {
    list: rows.map((row, index) => map(row, offset + index)),
    total,
    page: request.page,
    pageSize: request.pageSize,
  };
}

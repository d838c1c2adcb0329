/**
 * A list's sort: a column and a direction, kept in the address as `sort=column:dir` beside the
 * filters and the page (use-url-query.ts), so Back and a reload find the list in the order it was.
 * The first click on a column sorts it descending (newest, largest, 末 first), a second click on the
 * same column turns it ascending, and so on (components/sort-header.tsx).
 */
export type SortDir = 'asc' | 'desc';

export interface ListSort<C extends string = string> {
  column: C;
  dir: SortDir;
}

/** The sort after a click on `column`: the same column turned, another one descending. */
export function nextSort<C extends string>(sort: ListSort | null, column: C): ListSort<C> {
  return { column, dir: sort?.column === column && sort.dir === 'desc' ? 'asc' : 'desc' };
}

/** The `sort` parameter as a sort of one of `columns`, or undefined when absent or malformed. */
export function paramSort<C extends string>(
  params: URLSearchParams,
  columns: readonly C[],
  name = 'sort',
): ListSort<C> | undefined {
  const match = /^([a-zA-Z]+):(asc|desc)$/.exec(params.get(name) ?? '');
  if (!match || !(columns as readonly string[]).includes(match[1]!)) return undefined;
  return { column: match[1] as C, dir: match[2] as SortDir };
}

/** `column:dir` of a sort for the address, or undefined (left out) for none or the list's default. */
export function sortParam(sort: ListSort | null | undefined, fallback?: ListSort): string | undefined {
  if (!sort || (fallback && sort.column === fallback.column && sort.dir === fallback.dir)) return undefined;
  return `${sort.column}:${sort.dir}`;
}

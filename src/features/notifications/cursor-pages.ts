/**
 * Lists paged by cursor ({list, nextCursor}, contract/calls/community.ts) shown through the page-
 * numbered infinite list (components/hooks/use-infinite-list.ts): page N asks with the cursor that
 * page N-1 answered, remembered per list key; the list is done when no cursor comes back.
 */
import type { FetchPage } from '../../components/hooks/use-infinite-list.ts';

export interface CursorPage<T> {
  list: T[];
  nextCursor: string | null;
}

const cursorsByKey = new Map<string, Map<number, string>>();

export function cursorPages<T>(
  key: string,
  fetchCursor: (cursor: string | undefined, pageSize: number) => Promise<CursorPage<T>>,
): FetchPage<T> {
  return async (page, pageSize) => {
    let cursors = cursorsByKey.get(key);
    if (!cursors) cursorsByKey.set(key, (cursors = new Map()));
    const cursor = page <= 1 ? undefined : cursors.get(page);
    if (page > 1 && cursor === undefined) return { list: [], total: 0, page, pageSize };
    const answer = await fetchCursor(cursor, pageSize);
    if (answer.nextCursor !== null) cursors.set(page + 1, answer.nextCursor);
    else cursors.delete(page + 1);
    if (answer.nextCursor === null) return { list: answer.list, total: 0, page, pageSize };
    // mergePage ends a list at its total or at a short page: neither while a cursor came back.
    return { list: answer.list, total: Number.MAX_SAFE_INTEGER, page, pageSize: answer.list.length };
  };
}

/**
 * The bookkeeping of the keep-alive (docs/spec.md section 9: at most 10 pages), pure so it can be tested:
 * a list of page keys in a stable order (rendering never moves DOM nodes) with a recency stamp;
 * past the limit the least recently shown page is dropped.
 */

export const KEEP_ALIVE_MAX = 10;

export interface KeptPage {
  key: string;
  /** Larger = shown more recently. */
  shownAt: number;
}

/**
 * The pages to keep after showing `activeKey` (null: none is shown). Pages that `retain` rejects are
 * dropped unless shown now. Returns the same array when nothing changes, so it can be compared by
 * reference (React state).
 */
export function nextKeptPages(
  pages: readonly KeptPage[],
  activeKey: string | null,
  retain: (key: string) => boolean,
  max: number = KEEP_ALIVE_MAX,
): readonly KeptPage[] {
  const newest = pages.reduce((top, page) => Math.max(top, page.shownAt), 0);
  const active = activeKey === null ? undefined : pages.find((page) => page.key === activeKey);
  const activeIsNewest = activeKey === null || (active !== undefined && active.shownAt === newest);
  const allRetained = pages.every((page) => page.key === activeKey || retain(page.key));
  if (activeIsNewest && allRetained && pages.length <= max) return pages;

  let next = pages.filter((page) => page.key === activeKey || retain(page.key));
  if (activeKey !== null && !activeIsNewest) {
    const shown = { key: activeKey, shownAt: newest + 1 };
    next = active ? next.map((page) => (page.key === activeKey ? shown : page)) : [...next, shown];
  }
  while (next.length > max) {
    const oldest = next.reduce((low, page) => (page.shownAt < low.shownAt ? page : low));
    next = next.filter((page) => page !== oldest);
  }
  return next;
}

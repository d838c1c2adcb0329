/**
 * Which page numbers a numbered pager shows: the first and the last, the current page with two on
 * each side, and an ellipsis for each gap of two or more pages (a gap of one shows that page, as an
 * ellipsis would hide no more than itself). `1 … 4 5 [6] 7 8 … 20`.
 */
export type PagerItem = number | 'gap';

export function pagerItems(page: number, pages: number, around = 2): PagerItem[] {
  if (pages < 1) return [];
  const current = Math.min(Math.max(1, page), pages);
  const shown = new Set<number>([1, pages]);
  for (let n = current - around; n <= current + around; n += 1) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push('gap');
    items.push(n);
    previous = n;
  }
  return items;
}

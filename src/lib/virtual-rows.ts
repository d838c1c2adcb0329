/**
 * Window-scroll virtualisation arithmetic, pure: which rows of a list lie near the viewport, and
 * the heights of the spacers that stand in for the rows above and below them. Rows not measured
 * yet count with an estimate (the average of the measured ones).
 */

export interface RowRange {
  start: number;
  /** Exclusive. */
  end: number;
}

export interface RowHeights {
  /** Measured heights by row index. */
  measured: ReadonlyMap<number, number>;
  estimate: number;
}

export const heightOf = (heights: RowHeights, row: number): number => heights.measured.get(row) ?? heights.estimate;

/** The sum of the heights of rows [from, to). */
export function heightBetween(heights: RowHeights, from: number, to: number): number {
  let total = 0;
  for (let row = from; row < to; row++) total += heightOf(heights, row);
  return total;
}

/** The average measured height, or `fallback` when nothing is measured. */
export function averageHeight(measured: ReadonlyMap<number, number>, fallback: number): number {
  if (measured.size === 0) return fallback;
  let sum = 0;
  for (const height of measured.values()) sum += height;
  return sum / measured.size;
}

/**
 * The rows that intersect [top, bottom] (pixels from the list's top), widened by `overscan` pixels
 * on each side. At least one row when there are rows.
 */
export function visibleRows(rowCount: number, heights: RowHeights, top: number, bottom: number, overscan: number): RowRange {
  if (rowCount === 0) return { start: 0, end: 0 };
  const from = top - overscan;
  const to = bottom + overscan;
  let start = 0;
  let y = 0;
  while (start < rowCount - 1 && y + heightOf(heights, start) <= from) {
    y += heightOf(heights, start);
    start++;
  }
  let end = start;
  while (end < rowCount && y < to) {
    y += heightOf(heights, end);
    end++;
  }
  return { start, end: Math.max(end, start + 1) };
}

/** How many columns a grid of `width` px holds with cards of at least `minCard` px and `gap` px gaps. */
export const gridColumns = (width: number, minCard: number, gap: number, min = 2, max = 6): number =>
  Math.min(max, Math.max(min, Math.floor((width + gap) / (minCard + gap))));

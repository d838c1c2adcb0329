/**
 * The figures of `npm run bench`: each measurement module returns Figures, the runner prints them
 * as one table (value, budget, whether it holds) and writes them to .artifacts/bench.json.
 */

export interface Budget {
  /** The figure must be at most this (sizes, times). */
  max?: number;
  /** The figure must be at least this (scores, rates). */
  min?: number;
}

export interface Figure {
  group: string;
  name: string;
  value: number | null;
  unit: 'KiB' | 'MiB' | 'ms' | 's' | 'score' | 'req/s' | 'items/s' | 'count' | 'x' | 'fps' | '%';
  budget?: Budget;
  /** What the figure is measured beside (e.g. the bare route's rate), or why it is missing. */
  note?: string;
}

/** true / false against the budget; null when the figure has no budget or no value. */
export function holds(figure: Figure): boolean | null {
  const { value, budget } = figure;
  if (!budget) return null;
  if (value === null) return false;
  if (budget.max !== undefined && value > budget.max) return false;
  if (budget.min !== undefined && value < budget.min) return false;
  return true;
}

const DECIMALS: Record<Figure['unit'], number> = {
  KiB: 1,
  MiB: 0,
  ms: 1,
  s: 2,
  score: 0,
  'req/s': 0,
  'items/s': 1,
  count: 0,
  x: 2,
  fps: 1,
  '%': 1,
};

const show = (value: number | null, unit: Figure['unit']): string =>
  value === null ? '—' : `${value.toFixed(DECIMALS[unit])} ${unit}`;

function showBudget(figure: Figure): string {
  const { budget, unit } = figure;
  if (!budget) return '';
  if (budget.max !== undefined) return `≤ ${show(budget.max, unit)}`;
  return budget.min !== undefined ? `≥ ${show(budget.min, unit)}` : '';
}

/** The table as text: group, figure, value, budget, ✓/✗, note. */
export function formatTable(figures: readonly Figure[]): string {
  const rows = figures.map((figure) => {
    const verdict = holds(figure);
    return [
      figure.group,
      figure.name,
      show(figure.value, figure.unit),
      showBudget(figure),
      verdict === null ? '' : verdict ? '✓' : '✗',
      figure.note ?? '',
    ];
  });
  const header = ['group', 'figure', 'value', 'budget', 'ok', 'note'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join(' │ ')
      .trimEnd();
  return [line(header), widths.map((width) => '─'.repeat(width)).join('─┼─'), ...rows.map(line)].join('\n');
}

/** Median of the numbers (the middle run of several, to tame noise). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

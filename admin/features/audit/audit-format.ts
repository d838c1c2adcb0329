/** How an audit row's change reads: compact JSON (before → after); its time: components/console-time.ts. */
const compact = (value: unknown): string => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function formatChange(before: unknown, after: unknown): string {
  if ((before === null || before === undefined) && (after === null || after === undefined)) return '—';
  return `${compact(before)} → ${compact(after)}`;
}

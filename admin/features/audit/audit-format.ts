/** How an audit row reads: local time to the second, the change as compact JSON (before → after). */
const two = (value: number) => String(value).padStart(2, '0');

export function formatTime(ms: number): string {
  const at = new Date(ms);
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

const compact = (value: unknown): string => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function formatChange(before: unknown, after: unknown): string {
  if ((before === null || before === undefined) && (after === null || after === undefined)) return '—';
  return `${compact(before)} → ${compact(after)}`;
}

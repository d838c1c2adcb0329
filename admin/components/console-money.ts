/** How money reads in the console: ¥ with two decimals from fen (times: console-time.ts). */
const two = (value: number) => String(value).padStart(2, '0');

export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}¥${Math.floor(abs / 100)}.${two(abs % 100)}`;
}

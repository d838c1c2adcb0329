/** How money and times read in the console: ¥ with two decimals from fen, local time to the minute or second. */
const two = (value: number) => String(value).padStart(2, '0');

export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}¥${Math.floor(abs / 100)}.${two(abs % 100)}`;
}

export function formatAt(ms: number, seconds = false): string {
  const at = new Date(ms);
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  const time = `${two(at.getHours())}:${two(at.getMinutes())}${seconds ? `:${two(at.getSeconds())}` : ''}`;
  return `${day} ${time}`;
}

export const formatDelta = (delta: number): string => (delta > 0 ? `+${delta}` : String(delta));

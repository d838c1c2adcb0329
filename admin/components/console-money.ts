/** How money reads in the console: ¥ with two decimals from fen (times: console-time.ts). */
const two = (value: number) => String(value).padStart(2, '0');

/** 元 with two decimals, no sign of currency (a spreadsheet's number): 6800 → 68.00. */
export function yuanText(fen: number): string {
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${two(abs % 100)}`;
}

export function formatFen(fen: number): string {
  const text = yuanText(fen);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

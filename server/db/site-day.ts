/**
 * The calendar day of the member area's daily rules (task claims, watch seconds, reads): the
 * Asia/Shanghai date, computed here in JS from the server clock and passed to SQL as a date, so
 * every query agrees on it. Shanghai is UTC+8 all year (no daylight saving time).
 */
const OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the instant in Asia/Shanghai. */
export const shanghaiDay = (ms: number): string => new Date(ms + OFFSET_MS).toISOString().slice(0, 10);

/** 'YYYY-MM-DD HH:mm' (with `:ss` when `seconds`) of the instant in Asia/Shanghai. */
export const shanghaiMinute = (ms: number, seconds = false): string =>
  new Date(ms + OFFSET_MS)
    .toISOString()
    .slice(0, seconds ? 19 : 16)
    .replace('T', ' ');

/** The instants the day starts and ends (exclusive), as ms since epoch. */
export function dayBounds(day: string): { start: number; end: number } {
  const start = Date.parse(`${day}T00:00:00Z`) - OFFSET_MS;
  return { start, end: start + DAY_MS };
}

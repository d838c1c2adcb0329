/** Calendar arithmetic on 'YYYY-MM-DD' days (the site's days as site-day.ts gives them). */
const DAY_MS = 86_400_000;

/** The day `n` days after `day` (before, for a negative n). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The first day of the day's month. */
export const monthStart = (day: string): string => `${day.slice(0, 8)}01`;

/** The last day of the day's month. */
export function monthEnd(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

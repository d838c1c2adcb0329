/**
 * The console's one clock: every time an operator reads or types is in Beijing time (Asia/Shanghai,
 * UTC+8, no daylight saving since 1991), whatever the browser's own zone, and says so (北京时间 in
 * the table headings, the fields and the tooltips), so one event reads the same on every page and an
 * operator abroad schedules at the hour meant. Publication, sanctions, banners and the dashboard's
 * days are all counted in it on the server too.
 */
export const CONSOLE_ZONE = '北京时间';
const OFFSET_MS = 8 * 3600_000;

const two = (n: number): string => String(n).padStart(2, '0');

/** "2025-06-01T20:00" of `ms` in Beijing time (a datetime-local input's value). */
export function toZoneInput(ms: number): string {
  const d = new Date(ms + OFFSET_MS);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** The ms of a datetime-local value ("2025-06-01T20:00", seconds allowed) read as Beijing time; null when it is not one. */
export function fromZoneInput(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)) - OFFSET_MS;
}

/** "2025-06-01 20:00" (or with `:ss`) in Beijing time. */
export function consoleTime(ms: number, seconds = false): string {
  const minute = toZoneInput(ms).replace('T', ' ');
  return seconds ? `${minute}:${two(new Date(ms).getUTCSeconds())}` : minute;
}

/** A table heading or label with the zone its times are in: "时间（北京时间）". */
export const zoned = (label: string): string => `${label}（${CONSOLE_ZONE}）`;

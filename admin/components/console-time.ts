/**
 * The console's one clock: every time an operator reads or types is in the site's zone
 * (SITE_TIME_ZONE, Beijing time unless the server sets another; the session says which), whatever
 * the browser's own zone, and says so (北京时间 in the table headings, the fields and the tooltips),
 * so one event reads the same on every page and an operator abroad schedules at the hour meant.
 * Publication, sanctions, banners and the dashboard's days are counted in it on the server too.
 * The zone is set from the session (admin/session/session-store.ts) before any page's code loads,
 * so the labels the pages' messages make once hold the site's zone.
 */
import { DEFAULT_TIME_ZONE, zoneDayBounds, zoneIso, zoneLabel, zoneWallToMs } from '../../contract/zone-time.ts';

let zone = DEFAULT_TIME_ZONE;
let label = zoneLabel(DEFAULT_TIME_ZONE);

/** The site's zone, from the session. */
export function setConsoleZone(timeZone: string): void {
  zone = timeZone;
  label = zoneLabel(timeZone);
}

/** The zone's name as the console writes it: 北京时间, 日本标准时间. */
export const consoleZone = (): string => label;

/** The zone's IANA id: Asia/Shanghai. */
export const consoleZoneId = (): string => zone;

/** "2025-06-01T20:00" of `ms` in the site's zone (a datetime-local input's value). */
export const toZoneInput = (ms: number): string => zoneIso(ms, zone).slice(0, 16);

/** The ms of a datetime-local value ("2025-06-01T20:00", seconds allowed) read in the site's zone; null when it is not one. */
export function fromZoneInput(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  return zoneWallToMs(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)), zone);
}

/** "2025-06-01 20:00" (or with `:ss`) in the site's zone. */
export const consoleTime = (ms: number, seconds = false): string =>
  zoneIso(ms, zone)
    .slice(0, seconds ? 19 : 16)
    .replace('T', ' ');

/** The instants a 'YYYY-MM-DD' day of the site's zone starts and ends (exclusive); null for ''. */
export const zoneDayRange = (day: string): { start: number; end: number } | null =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? zoneDayBounds(day, zone) : null;

/** A table heading or label with the zone its times are in: "时间（北京时间）". */
export const zoned = (text: string): string => `${text}（${label}）`;

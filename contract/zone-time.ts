/**
 * Wall-clock time in a named zone (an IANA id such as Asia/Shanghai), daylight saving included:
 * the one arithmetic behind the site's calendar days on the server (server/db/site-day.ts) and
 * every time the console shows or reads (admin/components/console-time.ts). The site's zone is
 * SITE_TIME_ZONE (docs/operations.md), Asia/Shanghai unless set.
 */

/** The zone of a site that sets none: Beijing time, UTC+8 all year. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** True when `zone` names a time zone this runtime knows (Intl refuses the others). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The instant's wall clock in `zone`, read as if it were UTC (ms): Y-M-D h:m:s by getUTC*. */
function wallMs(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at the instant (ms; +8 h for Beijing). */
export const zoneOffsetMs = (ms: number, zone: string): number => wallMs(ms - (ms % 1000), zone) - (ms - (ms % 1000));

/**
 * The instant a wall-clock time in `zone` names, given as a UTC-read ms (Date.UTC of its fields).
 * A time repeated by a fall-back reads as its first instant; one skipped by a spring-forward is
 * read with the offset before the change (02:30 that never came reads as 03:30).
 */
export function zoneWallToMs(wall: number, zone: string): number {
  // The zone's offsets a day either side: no zone changes twice within two days.
  const before = wall - zoneOffsetMs(wall - 86_400_000, zone);
  const after = wall - zoneOffsetMs(wall + 86_400_000, zone);
  const names = (ms: number) => ms + zoneOffsetMs(ms, zone) === wall;
  if (names(before) && names(after)) return Math.min(before, after);
  if (names(after)) return after;
  return before;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DDTHH:mm:ss' of the instant's wall clock in `zone`. */
export function zoneIso(ms: number, zone: string): string {
  const d = new Date(wallMs(ms, zone));
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** 'YYYY-MM-DD' of the instant in `zone`. */
export const zoneDay = (ms: number, zone: string): string => zoneIso(ms, zone).slice(0, 10);

/** The instants a calendar day of `zone` starts and ends (exclusive): 23 or 25 hours apart across DST. */
export function zoneDayBounds(day: string, zone: string): { start: number; end: number } {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  return { start: zoneWallToMs(midnight, zone), end: zoneWallToMs(midnight + 86_400_000, zone) };
}

/**
 * The zone's name as an operator reads it: 北京时间 for Asia/Shanghai, else the runtime's Chinese
 * generic name (日本标准时间, 北美东部时间) or, failing that, the id itself.
 */
export function zoneLabel(zone: string): string {
  if (zone === DEFAULT_TIME_ZONE) return '北京时间';
  try {
    const name = new Intl.DateTimeFormat('zh-CN', { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(0)
      .find((part) => part.type === 'timeZoneName')?.value;
    return name && !/^GMT/.test(name) ? name : zone;
  } catch {
    return zone;
  }
}

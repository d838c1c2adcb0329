/**
 * The site's calendar: the day of the member area's daily rules (task claims, check-ins, watch
 * seconds, reads, publish limits), of the dashboard's counters and of the console's day filters,
 * and the minute shown in messages, all in the site's zone (SITE_TIME_ZONE, Asia/Shanghai unless
 * set; contract/zone-time.ts does the arithmetic). Computed here in JS from the server clock and
 * passed to SQL as a date, so every query agrees on it. The zone is the process's, set once at
 * start-up (setSiteZone from buildApp); a change applies to days from then on, stored counters of
 * earlier days stay on the days they were counted in.
 */
import { DEFAULT_TIME_ZONE, zoneDay, zoneDayBounds, zoneIso } from '../../contract/zone-time.ts';

let siteZone = DEFAULT_TIME_ZONE;

/** The site's zone from the configuration (server/config.ts validated it). */
export function setSiteZone(zone: string): void {
  siteZone = zone;
}

/** The site's zone: an IANA id. */
export const getSiteZone = (): string => siteZone;

/** 'YYYY-MM-DD' of the instant in the site's zone. */
export const siteDay = (ms: number): string => zoneDay(ms, siteZone);

/** 'YYYY-MM-DD HH:mm' (with `:ss` when `seconds`) of the instant in the site's zone. */
export const siteMinute = (ms: number, seconds = false): string =>
  zoneIso(ms, siteZone)
    .slice(0, seconds ? 19 : 16)
    .replace('T', ' ');

/** The instants the site's day starts and ends (exclusive), as ms since epoch. */
export const dayBounds = (day: string): { start: number; end: number } => zoneDayBounds(day, siteZone);

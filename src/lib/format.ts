/**
 * Display formatters of docs/spec.md section 9, and the relative time of posts and replies.
 *
 * formatCount rounds by truncation, never up: a count is never shown larger than it is, so
 * 99999 → "9.9w" (not "10.0w") and 1999999 → "199w". Integer arithmetic keeps it exact.
 */

/**
 * The words of these formats, zh-CN. They are part of the formats (as "w" is), so they live here:
 * src/lib imports nothing of the app, and the operator console, which uses these formatters, does
 * not load the app's strings (src/messages.ts) with them.
 */
const WORDS = {
  atLeastTenThousands: (tenThousands: number) => `${tenThousands}万+`,
  atLeast: (n: number) => `${n}+`,
  justNow: '刚刚',
  minutesAgo: (n: number) => `${n} 分钟前`,
  hoursAgo: (n: number) => `${n} 小时前`,
  yesterday: '昨天',
  daysAgo: (n: number) => `${n} 天前`,
  monthDay: (month: number, day: number) => `${month}月${day}日`,
  fullDate: (year: number, month: number, day: number) => `${year}年${month}月${day}日`,
} as const;

const TEN_THOUSAND = 10_000;
const MILLION = 1_000_000;

/**
 * Counts (views, likes): below 10000 as is; 5 and 6 digits in units of 10,000 with one decimal
 * ("1.2w", "12.3w", "99.9w"); 7 digits or more without decimals ("123w"). A negative number keeps
 * its sign and follows the same rule by magnitude; NaN and infinities show as "0".
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.trunc(Math.abs(value));
  if (magnitude < TEN_THOUSAND) return String(value);
  if (magnitude >= MILLION) return `${sign}${Math.trunc(magnitude / TEN_THOUSAND)}w`;
  const tenths = Math.trunc(magnitude / 1_000); // units of 1,000 = tenths of 10,000
  return `${sign}${Math.trunc(tenths / 10)}.${tenths % 10}w`;
}

/**
 * A list's total (a tab's label): a total the server capped shows with a plus (at least that many),
 * from 10,000 as its ten-thousands ("1万+"), below as is ("1000+"); any other total as formatCount
 * shows it.
 */
export function formatTotal(total: number, capped = false): string {
  if (!capped) return formatCount(total);
  if (total < TEN_THOUSAND) return WORDS.atLeast(Math.max(0, Math.trunc(total)));
  return WORDS.atLeastTenThousands(Math.trunc(total / TEN_THOUSAND));
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Seconds → "HH:MM:SS", always with hours (65 → "00:01:05"); fractions are dropped; negative or NaN → "00:00:00". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '00:00:00';
  const total = Math.floor(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${pad2(hours)}:${pad2(minutes)}:${pad2(total % 60)}`;
}

/** A playback position as the player shows it: "m:ss", or "h:mm:ss" from an hour on. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = pad2(total % 60);
  return hours > 0 ? `${hours}:${pad2(minutes)}:${secs}` : `${minutes}:${secs}`;
}

/** A timestamp (ms) as a zh-CN calendar date, e.g. "2025/1/31". */
export function formatDate(ms: number): string {
  return new Date(ms).toLocaleDateString('zh-CN');
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole calendar days (local time) from `then` to `now`: 0 the same day, 1 the day before, … */
function calendarDaysBetween(then: Date, now: Date): number {
  const startOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  return Math.round((startOf(now) - startOf(then)) / DAY); // round: a DST day is 23 or 25 hours
}

/**
 * How long ago a timestamp (ms) was, the way Chinese sites say it: "刚刚" under a minute (and for
 * a time slightly in the future, clock skew), "N 分钟前", "N 小时前" under a day, "昨天" for the
 * calendar day before, "N 天前" within a week, then the date: "M月D日" this year, "YYYY年M月D日"
 * before. Local time; `now` is injectable for tests.
 */
export function formatRelativeTime(ms: number, now: number = Date.now()): string {
  if (!Number.isFinite(ms)) return '';
  const elapsed = now - ms;
  const t = WORDS;
  if (elapsed < MINUTE) return t.justNow;
  if (elapsed < HOUR) return t.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return t.hoursAgo(Math.floor(elapsed / HOUR));
  const then = new Date(ms);
  const today = new Date(now);
  const days = calendarDaysBetween(then, today);
  if (days <= 1) return t.yesterday;
  if (days < 7) return t.daysAgo(days);
  const [year, month, day] = [then.getFullYear(), then.getMonth() + 1, then.getDate()];
  return year === today.getFullYear() ? t.monthDay(month, day) : t.fullDate(year, month, day);
}

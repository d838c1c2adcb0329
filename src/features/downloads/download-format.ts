/** Sizes and days as the downloads screens show them; pure. */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB"; whole bytes under 1 KB; one decimal below 100 of a unit. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

const DAY_MS = 24 * 3600 * 1000;

/** Whole days left until `expiresAt`, rounded up (0 once it has passed). */
export const daysLeft = (expiresAt: number, now: number = Date.now()): number =>
  Math.max(0, Math.ceil((expiresAt - now) / DAY_MS));

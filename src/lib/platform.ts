/** Platform and crawler detection from a user-agent string (docs/spec.md section 9, section 8). */

export type Platform = 'ios' | 'android' | 'pc';

/**
 * iPadOS 13+ sends a desktop Safari UA ("Macintosh"); a Mac with touch points is an iPad, so it
 * counts as ios. Pass navigator.maxTouchPoints as the second argument in the browser.
 */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'pc';
}

/** The current browser's platform. */
export const currentPlatform = (): Platform =>
  typeof navigator === 'undefined' ? 'pc' : detectPlatform(navigator.userAgent, navigator.maxTouchPoints);

const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|baiduspider|bingpreview|facebookexternalhit|mediapartners|bytespider|yandex|duckduckgo|petalbot|semrush|ahrefs/i;

/**
 * Search-engine crawlers and link-preview robots: they get the plain error text, not the error page.
 * Headless browsers (tests, Lighthouse) are not bots here: they must see what users see.
 */
export const isBot = (userAgent: string): boolean => BOT_PATTERN.test(userAgent);

/** Running as an installed app (display-mode standalone, or iOS's navigator.standalone). */
export const isStandalone = (): boolean =>
  typeof matchMedia !== 'undefined' &&
  (matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true);

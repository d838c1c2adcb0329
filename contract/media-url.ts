/**
 * Media keys (contract/calls/content.ts: "posters/m12-s.webp") become URLs by joining them to a CDN
 * line ("/cdn/1" → "/cdn/1/posters/m12-s.webp"): the app for its images (src/stores/media-url.ts),
 * the server for a page's og:image (server/first-paint/page-head.ts). Absolute URLs, data/blob URLs
 * and site-absolute paths ("/avatar.svg") are already addresses and pass through unchanged.
 */

// A key that starts with a scheme or "/" is already an address.
const ALREADY_ADDRESS = /^(?:[a-z][a-z0-9+.-]*:|\/)/i;

/** Joins a key to a line base URL; pure. Empty key → "". */
export function joinMediaUrl(line: string | null, key: string | null | undefined): string {
  if (!key) return '';
  if (ALREADY_ADDRESS.test(key)) return key;
  if (!line) return '';
  return `${line.replace(/\/+$/, '')}/${key.replace(/^\/+/, '')}`;
}

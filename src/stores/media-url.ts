/**
 * Media keys (contract/calls/content.ts: "posters/m12-s.webp") become URLs by joining them to a CDN line
 * ("/cdn/1" → "/cdn/1/posters/m12-s.webp"). Absolute URLs, data/blob URLs and site-absolute paths
 * ("/avatar.svg") are already addresses and pass through unchanged.
 */
import { cdnState } from './cdn.ts';

// A key that starts with a scheme or "/" is already an address.
const ALREADY_ADDRESS = /^(?:[a-z][a-z0-9+.-]*:|\/)/i;

/** Joins a key to a line base URL; pure. Empty key → "". */
export function joinMediaUrl(line: string | null, key: string | null | undefined): string {
  if (!key) return '';
  if (ALREADY_ADDRESS.test(key)) return key;
  if (!line) return '';
  return `${line.replace(/\/+$/, '')}/${key.replace(/^\/+/, '')}`;
}

/** The key's URL on the given line, by default the active one ("" while no line is known). */
export function mediaUrl(
  key: string | null | undefined,
  line: string | null = cdnState.active ?? cdnState.lines[0] ?? null,
): string {
  return joinMediaUrl(line, key);
}

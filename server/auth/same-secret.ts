/**
 * Whether a secret someone sent is the one expected, in time that tells nothing of either: both are
 * hashed first, so neither their first differing byte nor their lengths show in how long it takes.
 * For every secret a request carries (the console's CSRF token, the metrics token, a MacCMS feed key).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

export const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(digest(given), digest(expected));

/** Route parameters as the calls want them (the page frame has already URI-decoded them). */

/** A positive integer id ("12") or null for anything else ("0", "-1", "1e3", "abc", too long). */
export const idParam = (value: string | undefined): number | null =>
  value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;

/** A keyword or tag key: trimmed, "" when missing. */
export const keyParam = (value: string | undefined): string => (value ?? '').trim();

/** Route parameters as the calls want them (the page frame has already URI-decoded them). */

/** A positive integer id ("12") or null for anything else ("0", "-1", "1e3", "abc", too long). */
export const idParam = (value: string | undefined): number | null =>
  value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;

/** A keyword or tag key: trimmed, "" when missing. */
export const keyParam = (value: string | undefined): string => (value ?? '').trim();

export type QueryUpdate = Record<string, string | number | null | undefined>;

/** The query string after applying `update` (null/undefined/"" remove a key); pure. */
export function withQuery(search: string, update: QueryUpdate): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(update)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  params.sort();
  return params.toString();
}

/**
 * Keys that make a points exchange safe to retry (contract/calls/member.ts exchangeSchema: 16-64 of
 * [A-Za-z0-9_-]). crypto.randomUUID exists only in secure contexts (https, localhost), so a site
 * served over plain http on a LAN address falls back to getRandomValues, which exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

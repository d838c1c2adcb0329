/**
 * A post's bands: two words its document carries besides its text, its popularity's band (the whole
 * part of the log-scaled popularity, as the float4 column holds it) and the month it was written
 * (UTC), so that the GIN index itself intersects a common word with the most popular or the newest
 * posts and a page of its hits reads a few hundred rows, not every match (search-query.ts,
 * docs/search.md). No keyword can ask for them: a keyword's words are letters, marks and digits
 * (segment.ts) and these begin with `~`. They carry no position, so no rank counts them, and they
 * are the same lexemes migration 042 writes in SQL (floor(popularity), to_char(created_at, 'YYYYMM')).
 */

/** The band of a popularity: its whole part as the float4 column stores it (13.99999999 is 14 there). */
export const popularityBand = (popularity: number): number => Math.max(0, Math.floor(Math.fround(popularity)));

const popularityWord = (band: number): string => `~p${band}`;

/** A month as yyyymm (UTC): 202612. */
const monthOf = (at: Date): number => at.getUTCFullYear() * 100 + at.getUTCMonth() + 1;

const monthWord = (month: number): string => `~m${month}`;

/** A post's two band words. */
export const postBandWords = (popularity: number, createdAt: Date): string[] => [
  popularityWord(popularityBand(popularity)),
  monthWord(monthOf(createdAt)),
];

/** The popularity bands from the highest a post holds down to 0, in that order. */
export function popularityBandsDown(highest: number): string[] {
  const bands: string[] = [];
  for (let band = popularityBand(highest); band >= 0; band--) bands.push(popularityWord(band));
  return bands;
}

/** The months from the newest post's down to the oldest's, in that order. */
export function monthBandsDown(newest: Date, oldest: Date): string[] {
  const months: string[] = [];
  const first = monthOf(oldest);
  for (let year = newest.getUTCFullYear(), month = newest.getUTCMonth() + 1; year * 100 + month >= first;) {
    months.push(monthWord(year * 100 + month));
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
  return months;
}

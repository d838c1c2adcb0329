/**
 * Money shown to people: amounts travel in fen, integers (contract/calls/member.ts), and are shown in
 * yuan. Integer arithmetic only (no 0.1 + 0.2): whole yuan without decimals ("25"), otherwise two
 * decimals ("8.80", "0.01").
 */

/** Fen → a yuan string without the currency sign: 2500 → "25", 880 → "8.80", -150 → "-1.50". */
export function formatYuan(fen: number): string {
  if (!Number.isFinite(fen)) return '0';
  const whole = Math.round(fen);
  const sign = whole < 0 ? '-' : '';
  const magnitude = Math.abs(whole);
  const yuan = Math.floor(magnitude / 100);
  const cents = magnitude % 100;
  return cents === 0 ? `${sign}${yuan}` : `${sign}${yuan}.${String(cents).padStart(2, '0')}`;
}

/** The saving of a discounted price in whole percent off, e.g. 2500 of 3000 → 17; 0 without one. */
export function discountPercent(priceFen: number, originalFen: number): number {
  if (!(originalFen > priceFen) || priceFen < 0) return 0;
  return Math.round(((originalFen - priceFen) / originalFen) * 100);
}

/** A signed ledger amount: "+60", "−30" (a true minus sign), "0". */
export function formatDelta(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `\u2212${Math.abs(delta)}`;
  return '0';
}

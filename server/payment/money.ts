/** Money on the wire of the payment sandbox: epay's yuan text ("12.50") ⇄ integer fen (1250). */

export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`fen must be a non-negative integer: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Exact parse without floating point; undefined for anything that is not a plain yuan amount. */
export function yuanToFen(text: string | undefined): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
